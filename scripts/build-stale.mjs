// `npm run test:e2e`: runs `npm run build` only when the build's inputs changed since the last build it
// made. `npm test` runs once per database (CI runs it on SQLite, then on PostgreSQL): the second pass
// reuses the first one's build instead of making the same files again. The inputs are hashed by content
// (a checkout or a copy changes modification times, not what the build makes), with the VITE_ settings.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'package-lock.json',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/server/package.json',
  'apps/server/build.mjs',
  'apps/server/src',
  'packages/contract/src',
  'packages/publisher/src',
  'packages/chromium',
];
/** What the build makes: when one is gone, it builds whatever the stamp says. */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'apps/server/dist/worker.js'];
const stampFile = join(root, 'node_modules/.cache/vidmatrix/build-inputs.sha256');

/** Every file under `path` (or `path` itself), tests and installed packages left out. */
function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) {
    return [];
  }
  if (!statSync(full).isDirectory()) {
    return [path];
  }
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file) && !/\.test\.tsx?$/.test(file));
}

function inputsHash() {
  const hash = createHash('sha256');
  const listed = INPUTS.flatMap(files).sort();
  for (const file of listed) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('VITE_')) {
      hash.update(`${name}=${value}\0`);
    }
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (stamp === wanted && OUTPUTS.every((file) => existsSync(join(root, file)))) {
  console.log('[build] sources unchanged since the last build: using it');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${wanted}\n`);
}
