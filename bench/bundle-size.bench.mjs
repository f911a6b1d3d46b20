// Issue 2 and 12 figure: JS for the /dashboard route ≤ 250 KB gzip, for every public page ≤ 120 KB gzip.
// Reads the web build's manifest (built first if missing) and prints each route's size as a ratio
// of its budget; exits 1 when one is over (the build itself fails on a pre-rendered page over budget).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

if (!existsSync(join(root, 'apps/web/dist/.vite/manifest.json'))) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const result = spawnSync(process.execPath, [join(root, 'apps/web/scripts/bundle-size.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
