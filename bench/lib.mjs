// Shared pieces of the benchmarks: start the real server on a scratch data dir, sign in, measure.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_PASSWORD = 'bench-demo-123';

/** The built server (`npm run build -w @vidmatrix/server`), run by plain node when present. */
const builtMain = join(root, 'apps/server/dist/main.js');

/**
 * How the benches run the server: the built JavaScript when apps/server/dist/main.js exists, else the
 * TypeScript through tsx. BENCH_SERVER=tsx or =dist picks one.
 */
export function serverMode() {
  const wanted = process.env.BENCH_SERVER;
  if (wanted === 'tsx' || wanted === 'dist') {
    return wanted;
  }
  return existsSync(builtMain) ? 'dist' : 'tsx';
}

/**
 * The command that runs the API server. With `direct` (or the built server) the child is node itself,
 * with no tsx launcher in between, so `child.pid` is the server.
 */
function serverCommand(direct) {
  if (serverMode() === 'dist') {
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server alone.
    const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    return [process.execPath, [...extra, builtMain]];
  }
  const main = join(root, 'apps/server/src/main.ts');
  return direct ? [process.execPath, ['--import', 'tsx', main]] : [join(root, 'node_modules/.bin/tsx'), [main]];
}

/**
 * A TCP port that is free on 127.0.0.1 right now, chosen by the OS (listen on port 0, read it, close):
 * benches on fixed ports collided with each other, with test runs and with developers' servers.
 */
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

/** Resolves once `url` answers 2xx (polled every `intervalMs`, up to `seconds`); throws if `child` exits first. */
export async function waitForHttp(url, child, seconds = 60, intervalMs = 100) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${url}: the process exited before answering`);
    }
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * Starts the API server as a child process on a scratch data directory (or `dataDir`) and on `port`
 * (else a free one from the OS), and resolves once /healthz answers; `stop()` resolves once it has exited.
 */
export async function startServer({
  port,
  env = {},
  direct = false,
  dataDir = mkdtempSync(join(tmpdir(), 'vm-bench-')),
} = {}) {
  port ??= await freePort();
  const [command, args] = serverCommand(direct);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    // A busy machine (the load bench runs beside CI) can take a minute to start a server: not a figure.
    await waitForHttp(`${base}/healthz`, child, 180);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { base, child, dataDir, stop: () => stopProcess(child) };
}

/**
 * SIGTERM, resolved once the process has exited: a server still draining keeps its port, and the next
 * server started on it would be taken for ready by its first /healthz (the load bench's PostgreSQL round
 * once ran on a schema its server had not migrated yet).
 */
function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts bench/http-baseline.mjs in a process of its own (answering `body` with `headers`, or sinking
 * uploads into `sinkFile`); resolves with its base URL and a stop function.
 */
export async function startHttpBaseline({ body, headers, sinkFile }) {
  const env = { ...process.env };
  // Without PORT the baseline listens on a port the OS picks (a PORT in the shell would be taken over).
  delete env.PORT;
  if (body) {
    const dir = mkdtempSync(join(tmpdir(), 'vm-bench-baseline-'));
    env.BASELINE_BODY_FILE = join(dir, 'body.json');
    writeFileSync(env.BASELINE_BODY_FILE, body);
    if (headers) {
      env.BASELINE_HEADERS_FILE = join(dir, 'headers.json');
      writeFileSync(env.BASELINE_HEADERS_FILE, JSON.stringify(headers));
    }
  }
  if (sinkFile) {
    env.BASELINE_SINK_FILE = sinkFile;
  }
  const child = fork(join(root, 'bench/http-baseline.mjs'), { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child, stop: () => child.kill('SIGTERM') };
}

/**
 * Load from a third process: the autocannon CLI against `url`; resolves with its JSON result. Throws
 * when any answer was not 2xx, so an error page is never counted as throughput; with `allowErrors`
 * the caller reads `non2xx`, `errors` and `timeouts` itself (the cluster check reports them).
 */
export function autocannonProcess({
  url,
  headers = {},
  connections,
  seconds,
  allowErrors = false,
  reconnectEvery = 0,
}) {
  const args = [
    join(root, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
  ];
  // autocannon ignores `Connection: close` and writes its next request anyway: behind a server that
  // closes a connection after N requests (nginx's keepalive_requests), reconnect every fewer than N.
  if (reconnectEvery > 0) {
    args.push('-D', String(reconnectEvery));
  }
  for (const [name, value] of Object.entries(headers)) {
    args.push('-H', `${name}=${value}`);
  }
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon exited with ${code}`));
        return;
      }
      const result = JSON.parse(out);
      if (!allowErrors && (result.non2xx > 0 || result.errors > 0)) {
        reject(new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
        return;
      }
      resolve(result);
    });
  });
}

/** RSS (bytes) of one process, from /proc. */
export function processRss(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

/** CPU time (user + system, ms) one process has used so far, from /proc (clock ticks of 10 ms). */
export function processCpuMs(pid) {
  // The command name may hold spaces; the fields after it are fixed: utime and stime are 14th and 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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

/** A process and all its descendants, by pid (from /proc). */
export function processTree(rootPid) {
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
  return tree;
}

/** RSS (bytes) of each process of a tree (tsx and npm run the server in a child process). */
export function treeRssByPid(rootPid) {
  const rss = new Map();
  for (const pid of processTree(rootPid)) {
    try {
      rss.set(pid, processRss(pid));
    } catch {
      // gone
    }
  }
  return rss;
}

/** RSS (bytes) of a process and all its descendants. */
export function treeRss(rootPid) {
  return [...treeRssByPid(rootPid).values()].reduce((a, b) => a + b, 0);
}

/**
 * Samples the RSS of a process tree every 50 ms from now on; `stop()` returns the growth of its peak
 * over the first reading, bytes.
 */
export function sampleRssGrowth(rootPid) {
  const before = treeRss(rootPid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(rootPid));
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRss(rootPid)) - before;
    },
  };
}

/** The frozen content of a publish job as the server stores it (benches that write jobs straight into the database). */
export const BENCH_JOB_CONTENT = JSON.stringify({
  title: 't',
  description: '',
  topics: [],
  fileName: 'a.mp4',
  objectKey: 'media/a.mp4',
  sizeBytes: 1,
  durationSec: 1,
});

/**
 * A fresh PostgreSQL schema on `url` for one run, named `<prefix>_<random>`: `url` is the server's
 * DATABASE_URL with it as the search path; `drop()` removes it and everything in it.
 */
export async function scratchSchema(url, prefix) {
  const schema = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withPg(url, (client) => client.query(`create schema "${schema}"`));
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: withSchema.toString(),
    drop: () => withPg(url, (client) => client.query(`drop schema if exists "${schema}" cascade`)),
  };
}

async function withPg(url, work) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A tiny SQL runner over the server's database, with `?` placeholders: `{ kind: 'sqlite', file }` (with a
 * busy timeout of `busyMs`: writers queue for SQLite's one write lock) or `{ kind: 'postgres', url }`.
 * `begin` on SQLite is IMMEDIATE: the write lock is taken at begin, so concurrent writers queue instead
 * of deadlocking.
 */
export async function openBenchDb(target, busyMs = 10_000) {
  if (target.kind === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(target.file);
    db.pragma(`busy_timeout = ${busyMs}`);
    return {
      kind: 'sqlite',
      run: (text, params = []) => Promise.resolve(db.prepare(text).run(...params)),
      all: (text, params = []) => Promise.resolve(db.prepare(text).all(...params)),
      exec: (text) => Promise.resolve(db.exec(text)),
      begin: () => Promise.resolve(db.exec('begin immediate')),
      commit: () => Promise.resolve(db.exec('commit')),
      rollback: () => Promise.resolve(db.exec('rollback')),
      close: () => Promise.resolve(db.close()),
    };
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${(n += 1)}`);
  };
  return {
    kind: 'postgres',
    run: (text, params = []) => client.query(numbered(text), params),
    all: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    exec: (text) => client.query(text),
    begin: () => client.query('begin'),
    commit: () => client.query('commit'),
    rollback: () => client.query('rollback'),
    close: () => client.end(),
  };
}
