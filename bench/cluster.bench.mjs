// bench/cluster (issue 27's cluster test; not in `npm test`: it takes many minutes). Without flags, the
// compose topology as processes with every fault (scripts/cluster-check.mjs). With --containers, the
// compose stack itself: the images built on this machine (deploy/local/build.sh; --no-build to use
// those already built) and brought up with podman, then the checks and faults of
// scripts/cluster-containers.mjs through the nginx container. docs/deploy.md says how to run either.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
const script = args.includes('--containers') ? 'scripts/cluster-containers.mjs' : 'scripts/cluster-check.mjs';
const rest = args.filter((a) => a !== '--containers');
const result = spawnSync(process.execPath, [join(root, script), ...rest], { stdio: 'inherit', cwd: root });
process.exit(result.status ?? 1);
