// `npm start`: builds the web client when it is missing and the server when its JavaScript is missing
// or older than its sources, then runs the built API server, which serves the client on the same port.
// `npm run worker` (`start.mjs worker`): the same server build, running the jobs-only worker.
// Everything else (migrations, seed) happens in the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const role = process.argv[2] === 'worker' ? 'worker' : 'main';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time (ms) of the files under `dir`; 0 when it does not exist. */
function newestMtime(dir) {
  if (!existsSync(dir)) {
    return 0;
  }
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    // Unit tests beside the code are not part of the build.
    if (entry.isFile() && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function run(args, what) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] ${what} failed`);
    process.exit(result.status ?? 1);
  }
}

const webIndex = process.env.WEB_DIST
  ? join(process.env.WEB_DIST, 'index.html')
  : join(root, 'apps/web/dist/index.html');
if (role === 'main' && !existsSync(webIndex)) {
  console.log('[start] web client not built yet: building it once (npm run build)');
  run(['run', 'build'], 'web build');
}

const entry = join(root, 'apps/server/dist', `${role}.js`);
const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
const sources = Math.max(
  newestMtime(join(root, 'apps/server/src')),
  newestMtime(join(root, 'packages/contract/src')),
  statSync(join(root, 'apps/server/package.json')).mtimeMs,
);
if (built < sources) {
  console.log('[start] server sources changed: building them (npm run build:server)');
  run(['run', 'build:server'], 'server build');
}

const server = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: root, stdio: 'inherit' });

// Pass stop signals through so the server can close its database and sockets cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
