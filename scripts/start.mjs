// `npm start`: builds the web client when it is missing, then runs the API server, which serves
// the built client on the same port. Everything else (migrations, seed) happens in the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = process.env.WEB_DIST
  ? join(process.env.WEB_DIST, 'index.html')
  : join(root, 'apps/web/dist/index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(webIndex)) {
  console.log('[start] web client not built yet: building it once (npm run build)');
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('[start] web build failed; fix it or run the API alone with `npm start -w @vidmatrix/server`');
    process.exit(build.status ?? 1);
  }
}

const tsx = join(root, 'node_modules/.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const server = spawn(tsx, [join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });

// Pass stop signals through so the server can close its database and sockets cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
