// Shared pieces of the benchmarks: start the real server on a scratch data dir, sign in, measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_PASSWORD = 'bench-demo-123';

/**
 * Starts the API server as a child process and resolves once /healthz answers. With `direct` the
 * child is `node --import tsx` itself (no tsx launcher in between), so `child.pid` is the server.
 */
export async function startServer({ port, env = {}, direct = false }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vm-bench-'));
  const main = join(root, 'apps/server/src/main.ts');
  const [command, args] = direct
    ? [process.execPath, ['--import', 'tsx', main]]
    : [join(root, 'node_modules/.bin/tsx'), [main]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        return { base, child, dataDir, stop: () => child.kill('SIGTERM') };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Signs in as the demo member and returns the ApiToken. */
export async function signIn(base) {
  const res = await fetch(`${base}/api/member.Login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: process.env.DEMO_ACCOUNT ?? 'demo', password: DEMO_PASSWORD, platform: 'web' }),
  });
  const body = await res.json();
  if (body.code !== 200) {
    throw new Error(`sign-in failed: ${body.msg}`);
  }
  return body.data.ApiToken;
}

/** Prints one figure against its baseline and the target. */
export function report(name, value, baseline, unit, target) {
  const ratio = value / baseline;
  console.log(
    `${name}: ${value.toFixed(1)} ${unit} vs baseline ${baseline.toFixed(1)} ${unit} → ratio ${ratio.toFixed(2)} (target ${target})`,
  );
  return ratio;
}

/** RSS (bytes) of a process and all its descendants (tsx runs the server in a child process). */
export function treeRss(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // the process ended meanwhile
      }
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += match ? Number(match[1]) * 1024 : 0;
    } catch {
      // gone
    }
  }
  return total;
}
