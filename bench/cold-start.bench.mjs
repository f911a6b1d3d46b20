// Issue 8 figure: cold start of `npm start` on an existing data directory (ready = the first 2xx from
// /healthz, the server's health route) and of `npm run worker` (ready = its pino line `Worker ready`
// on stdout), each with RSS right after ready, printed beside a bare Fastify app with one route
// (bench/fastify-baseline.mjs) started the same way. Every candidate runs in a process (group) of
// its own; this process only starts them, polls and reads /proc. Embedded defaults: SQLite in
// DATA_DIR and in-process jobs (DATABASE_URL and REDIS_URL are not passed on).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_PASSWORD, freePort, root, serverMode, startServer, treeRssByPid, waitForHttp } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// BENCH_PORT pins the ports (it, then one more per run); else each start takes a free port from the OS.
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const READY_SECONDS = 180;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const env = { ...process.env, DEMO_PASSWORD, LOG_LEVEL: 'info', REDIS_PREFIX: `bench-cold-${process.pid}` };
delete env.DATABASE_URL;
delete env.REDIS_URL;

/** npm itself, the way `npm run bench` was started (npm_execpath), else npm on PATH. */
function npmCommand(args) {
  return process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['npm', args];
}

/** Stops a process group started with `detached` and waits for its leader. */
async function stopGroup(child) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

/** Resolves when a stdout line parses as a pino record with `msg`; rejects if the process ends first. */
function logLine(child, msg) {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        if (JSON.parse(line).msg === msg) {
          resolve();
        }
      } catch {
        // npm's own banner lines are not JSON
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before logging "${msg}"`)));
  });
}

/**
 * Starts `command` in a new process group; resolves with ms to ready (`ready(child, port)`), the RSS of
 * the whole tree and of its largest process (the server; the rest are npm and launchers) at ready.
 */
async function coldStart([command, args], extraEnv, ready, port) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  try {
    await ready(child, port);
    const ms = performance.now() - started;
    const rss = [...treeRssByPid(child.pid).values()];
    return { ms, treeMb: rss.reduce((a, b) => a + b, 0) / 2 ** 20, mainMb: Math.max(...rss) / 2 ** 20 };
  } finally {
    await stopGroup(child);
  }
}

const httpReady = (child, port) => {
  child.stdout.resume();
  return waitForHttp(`http://127.0.0.1:${port}/healthz`, child, READY_SECONDS, 10);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs one candidate RUNS times (a fresh port each) and prints its medians. */
async function measure(name, command, extraEnv, ready) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    runs.push(await coldStart(command, extraEnv, ready, PORT === undefined ? await freePort() : PORT + 1 + i));
  }
  const row = {
    ms: median(runs.map((r) => r.ms)),
    treeMb: median(runs.map((r) => r.treeMb)),
    mainMb: median(runs.map((r) => r.mainMb)),
  };
  console.log(
    `${name.padEnd(28)} ready ${row.ms.toFixed(0).padStart(6)} ms   RSS ${row.mainMb.toFixed(0).padStart(4)} MB (tree ${row.treeMb.toFixed(0)} MB)   runs ${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms`,
  );
  return row;
}

// The existing data directory: one start migrates and seeds it, as a first `npm start` would.
const dataDir = mkdtempSync(join(tmpdir(), 'vm-bench-cold-'));
if (!existsSync(join(process.env.WEB_DIST ?? join(root, 'apps/web/dist'), 'index.html'))) {
  throw new Error('build the web client first (npm run build): npm start would build it inside the timing');
}
const first = await startServer({ port: PORT, dataDir, env: { REDIS_URL: '', DATABASE_URL: '' } });
await first.stop();

console.log(`cold start on an existing data directory, median of ${RUNS}; load average ${loadavg()[0].toFixed(1)}`);
const bare = await measure(
  'bare Fastify (baseline)',
  [process.execPath, [join(root, 'bench/fastify-baseline.mjs')]],
  {},
  httpReady,
);
const ratio = (row) =>
  `→ ×${(row.ms / bare.ms).toFixed(1)} time, ×${(row.mainMb / bare.mainMb).toFixed(1)} RSS vs bare`;
const api = await measure('npm start', npmCommand(['start']), { DATA_DIR: dataDir }, httpReady);
console.log(`  ${ratio(api)}`);
const alone = await measure(
  `server alone (${serverMode()})`,
  serverMode() === 'dist'
    ? [process.execPath, [join(root, 'apps/server/dist/main.js')]]
    : [process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')]],
  { DATA_DIR: dataDir },
  httpReady,
);
console.log(`  ${ratio(alone)}`);
if (pkg.scripts?.worker) {
  const worker = await measure('npm run worker', npmCommand(['run', 'worker']), { DATA_DIR: dataDir }, (child) =>
    logLine(child, 'Worker ready'),
  );
  console.log(`  ${ratio(worker)}`);
} else {
  console.log('worker: not available (no "worker" script in package.json)');
}
