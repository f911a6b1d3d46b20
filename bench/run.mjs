// `npm run bench [-- name ...]`: runs the named benchmarks (bench/<name>.bench.mjs), or all of them.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .map((f) => f.replace('.bench.mjs', ''));
// Runs only when named: the cluster check starts a whole deployment (and with --containers builds it).
const NAMED_ONLY = ['cluster'];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : all.filter((n) => !NAMED_ONLY.includes(n));

let failed = false;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark "${name}"; have: ${all.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n## ${name}`);
  const result = spawnSync(process.execPath, [join(here, `${name}.bench.mjs`)], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
