// The walkthrough's real processes: the server as `npm start` runs it, the platform sandbox, and
// `npm run runner` runners, each its own process (a runner's pid is node itself, so `kill -9` hits it).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromiumProcesses } from '@vidmatrix/publisher/browser-process';
import { root, until } from './wait.mjs';

/** A port free on 127.0.0.1 now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** SIGTERM, resolved once the process has exited. */
export async function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/**
 * `npm start` (scripts/start.mjs: builds what is stale, runs apps/server/dist/main.js) on its own data
 * directory and port, SQLite. RUNNERS=0: the runners of this walkthrough are `npm run runner` processes
 * it can kill; a server runner lives inside the server process.
 */
export async function startServer(dataDir, logDir) {
  const port = await freePort();
  const log = openSync(join(logDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, RUNNERS: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  // The first start may build the web client and the server: minutes on a busy machine.
  await until(
    'the server answers /healthz',
    async () => {
      if (child.exitCode !== null) {
        throw new Error(`npm start exited (${child.exitCode}); see ${join(logDir, 'server.log')}`);
      }
      return fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    },
    (ok) => ok,
    15 * 60_000,
    500,
  );
  return { base, child, dataDir };
}

/** `npm run admin -- …` on the server's data directory, as the operator types it. */
export function admin(dataDir, args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/cli/admin.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`admin ${args.join(' ')}: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/** The environment `npm run runner` is started with (README, "Publishing runners"). */
function runnerEnv({ serverUrl, token, runnerDir, sandboxUrl, slots = 1 }) {
  return {
    ...process.env,
    RUNNER_SERVER_URL: serverUrl,
    RUNNER_TOKEN: token,
    RUNNER_DIR: runnerDir,
    RUNNER_SLOTS: String(slots),
    RUNNER_CONNECTOR_BASE: sandboxUrl,
    CHROMIUM_PATH: '/usr/bin/chromium',
  };
}

const RUNNER_MAIN = join(root, 'packages/publisher/src/runner/main.ts');

/**
 * `npm run runner`: npm's `tsx …` ends up as `node --import tsx main.ts`; started that way directly,
 * so the child's pid is the runner itself and `kill -9 <pid>` kills the runner, not a launcher.
 */
export function startRunner(options, logDir, name) {
  const log = openSync(join(logDir, `runner-${name}.log`), 'a');
  return spawn(process.execPath, ['--import', 'tsx', RUNNER_MAIN], {
    cwd: root,
    env: runnerEnv(options),
    stdio: ['ignore', log, log],
  });
}

/** `npm run runner -- --check`: its printed lines and exit code. */
export async function runDriftCheck(options) {
  const child = spawn(process.execPath, ['--import', 'tsx', RUNNER_MAIN, '--check'], {
    cwd: root,
    env: runnerEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const [code] = await once(child, 'exit');
  return { code, out };
}

/** The runner's browser profiles, one per account. */
function profilesOf(runnerDir) {
  const dir = join(runnerDir, 'profiles');
  return existsSync(dir) ? readdirSync(dir).map((name) => join(dir, name)) : [];
}

/** `kill -9 <runner>`, then waits until no Chromium of its profiles is left (they die with it). */
export async function killRunner(child, runnerDir) {
  const exited = once(child, 'exit');
  process.kill(child.pid, 'SIGKILL');
  await exited;
  await until(
    'no Chromium of the killed runner left',
    () => Promise.resolve(profilesOf(runnerDir).flatMap((dir) => chromiumProcesses(dir))),
    (pids) => pids.length === 0,
    120_000,
  );
}
