// Builds the server to plain JavaScript (dist/): one ESM bundle per entry, the contract inlined,
// every npm dependency (and the runner's playwright-core) left external (native modules, and sharp/ffmpeg binaries, stay in node_modules).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
// playwright-core comes in with the publisher's runner loop (the server runners of `npm start`).
const external = [
  ...Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
    (name) => !name.startsWith('@vidmatrix/'),
  ),
  'playwright-core',
];

await build({
  absWorkingDir: serverDir,
  entryPoints: { main: 'src/main.ts', worker: 'src/worker.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
