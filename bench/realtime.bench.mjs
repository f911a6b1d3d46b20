// Issue 5 figures: (1) 10,000 idle authenticated sockets on one instance: server heap growth vs a
// bare `ws` echo server holding the same sockets (target ≤ 1.5×); (2) send_msg latency from the
// webhook POST to the frame at the client, p99 with 10,000 sockets connected (target ≤ 50 ms), and
// through a second instance via Redis (target ≤ +5 ms). Needs Redis at REDIS_URL (default local).
// SQLite by default; with DATABASE_URL both instances share a fresh PostgreSQL schema (SQLite shared by
// two processes serializes their writers). Each webhook message is timed at a socket on instance A
// and at one on instance B, so the two figures come from the same messages.
// HEAP_SNAPSHOT_DIR=<dir> also writes heap snapshots before and after the sockets (see heap-probe.mjs).
import { fork, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import pg from 'pg';
import { DEMO_PASSWORD, freePort, report, root, signIn, waitForHttp } from './lib.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = join(root, 'bench/heap-probe.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'vm-bench-rt-'));
const children = [];
// Its own Redis names, so a dev server or test run on the same Redis neither hears nor disturbs it.
const REDIS_PREFIX = `bench-rt-${process.pid}`;
const pgSchema = process.env.DATABASE_URL ? `bench_rt_${process.pid}` : undefined;
const databaseUrl = pgSchema ? withSearchPath(process.env.DATABASE_URL, pgSchema) : '';

function withSearchPath(url, schema) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

async function pgQuery(sql) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs `node` with the heap probe; the fd limit is raised in the child's shell where allowed. */
function spawnProbed(args, env, name) {
  const heapFile = join(dataDir, `${name}.heap.json`);
  const command = `ulimit -n $(ulimit -Hn) 2>/dev/null; exec "${process.execPath}" --expose-gc --import "${probe}" ${args}`;
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    env: { ...process.env, ...env, HEAP_PROBE_FILE: heapFile },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return { child, heapFile };
}

/** An API server instance on the shared database (SQLite in WAL mode is safe across processes). */
async function startInstance(port, name) {
  const tsxLoader = join(root, 'node_modules/tsx/dist/loader.mjs');
  const { child, heapFile } = spawnProbed(
    `--import "${tsxLoader}" apps/server/src/main.ts`,
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      REDIS_URL,
      REDIS_PREFIX,
    },
    name,
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/healthz`, child);
  return { base, ws: `ws://127.0.0.1:${port}/websocket`, child, heapFile };
}

async function heapOf(target) {
  target.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 1500));
  return JSON.parse(readFileSync(target.heapFile, 'utf8')).heapUsed;
}

/** Resolves once a socket to `url` is greeted (the server is listening); throws if `child` exits first. */
async function waitForGreeting(url, child) {
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${url}: the process exited before listening`);
    }
    try {
      (await connect(url, null)).terminate();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Opens `n` sockets, each bound with the token (or just greeted for the bare server). */
async function openSockets(url, n, bind) {
  const sockets = [];
  const batch = 500;
  for (let i = 0; i < n; i += batch) {
    const opened = await Promise.all(Array.from({ length: Math.min(batch, n - i) }, () => connect(url, bind)));
    sockets.push(...opened);
  }
  return sockets;
}

function connect(url, bind) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('error', reject);
    ws.on('message', function onMessage(raw) {
      const frame = JSON.parse(raw.toString());
      if (frame.type === 'init' && bind) {
        ws.send(JSON.stringify({ type: 'bind', data: { client_id: frame.data.client_id, ...bind } }));
      } else if (frame.type === 'bind' || (frame.type === 'init' && !bind)) {
        ws.off('message', onMessage);
        resolve(ws);
      }
    });
  });
}

async function api(base, token, path, init = {}) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { memberToken: token, ...init.headers } });
  return (await res.json()).data;
}

/** Resolves with the time a frame containing `marker` reaches `socket`. */
function arrival(socket, marker) {
  return new Promise((resolve) => {
    socket.on('message', function onMessage(raw) {
      if (raw.toString().includes(marker)) {
        socket.off('message', onMessage);
        resolve(performance.now());
      }
    });
  });
}

/** Quantile of sorted samples. */
function at(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * POSTs signed webhook messages one by one; for each, the time from sending to the frame at every
 * socket of `sockets` (same message, so both figures see the same database and GC conditions).
 */
async function latency(label, base, secret, memberId, sockets) {
  const samples = sockets.map(() => []);
  for (let i = 0; i < SAMPLES; i += 1) {
    const marker = `bench ${label}-${i}`;
    const body = JSON.stringify({ enterprise_account_id: accountId, customer_id: `bench-${i % 20}`, content: marker });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const arrivals = sockets.map((socket) => arrival(socket, `"${marker}"`));
    const started = performance.now();
    const res = await fetch(`${base}/api/customer.Webhook/message`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Member-Id': String(memberId),
        'X-Signature-Timestamp': timestamp,
        'X-Signature': signature,
      },
      body,
    });
    if (res.status !== 200) {
      throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    }
    (await Promise.all(arrivals)).forEach((arrived, k) => samples[k].push(arrived - started));
  }
  return samples.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: at(list, 0.5), p99: at(list, 0.99) };
  });
}

let accountId = 0;

try {
  // Bare ws baseline: heap before and after holding the sockets.
  // Free ports from the OS, so this bench never collides with another bench, a test run or a dev server.
  const barePort = await freePort();
  const bare = spawnProbed(`"${join(root, 'bench/ws-echo-baseline.mjs')}"`, { PORT: String(barePort) }, 'bare');
  await waitForGreeting(`ws://127.0.0.1:${barePort}`, bare.child);
  const bareBefore = await heapOf(bare);
  const bareSockets = await openSockets(`ws://127.0.0.1:${barePort}`, SOCKETS, null);
  const bareAfter = await heapOf(bare);
  for (const s of bareSockets) {
    s.terminate();
  }
  bare.child.kill('SIGTERM');

  if (pgSchema) {
    await pgQuery(`create schema "${pgSchema}"`);
  }
  const a = await startInstance(await freePort(), 'a');
  // The second instance only holds the remote socket: it reaches B through Redis alone.
  const b = await startInstance(await freePort(), 'b');
  const token = await signIn(a.base);
  const { member_id: memberId } = await api(a.base, token, '/api/customer.Webhook/secret');
  // A second member receives the measured messages, so each send_msg goes to one socket, not 10,000.
  const target = 'bench_target';
  const cli = fork(
    join(root, 'node_modules/tsx/dist/cli.mjs'),
    ['apps/server/src/cli/admin.ts', 'create-member', target, 'bench-target-1'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: 'ignore',
    },
  );
  await new Promise((r) => cli.on('exit', r));
  const targetLogin = await fetch(`${a.base}/api/member.Login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: target, password: 'bench-target-1' }),
  });
  const targetToken = (await targetLogin.json()).data.ApiToken;
  const targetSecret = await api(a.base, targetToken, '/api/customer.Webhook/secret');
  // Messages must name one of the member's own enterprise accounts.
  accountId = (
    await api(a.base, targetToken, '/api/member.EnterpriseAccount/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: 'bench', platform_id: 1 }),
    })
  ).enterprise_account_id;

  const heapBefore = await heapOf(a);
  const sockets = await openSockets(a.ws, SOCKETS, { member_id: memberId, token });
  const heapAfter = await heapOf(a);
  console.log(`sockets held: ${sockets.length}`);
  report(
    'heap growth for 10,000 idle sockets',
    (heapAfter - heapBefore) / 1e6,
    (bareAfter - bareBefore) / 1e6,
    'MB',
    '≤ 1.5',
  );
  console.log(
    `absolute heaps: server ${(heapBefore / 1e6).toFixed(1)} → ${(heapAfter / 1e6).toFixed(1)} MB; bare ws ${(bareBefore / 1e6).toFixed(1)} → ${(bareAfter / 1e6).toFixed(1)} MB`,
  );

  const bind = { member_id: targetSecret.member_id, token: targetToken };
  const [onA] = await openSockets(a.ws, 1, bind);
  const [onB] = await openSockets(b.ws, 1, bind);
  await latency('warm', a.base, targetSecret.secret, targetSecret.member_id, [onA, onB]);
  const [local, remote] = await latency('timed', a.base, targetSecret.secret, targetSecret.member_id, [onA, onB]);
  const ms = (v) => `${v.toFixed(1)} ms`.padStart(9);
  console.log(
    `send_msg webhook→frame, ${SAMPLES} messages, ${SOCKETS} sockets held on A, ${pgSchema ? 'PostgreSQL' : 'SQLite'}:`,
  );
  console.log(`                        p50       p99   vs target`);
  console.log(
    `  same instance (A) ${ms(local.p50)} ${ms(local.p99)}   p99 ${local.p99.toFixed(1)} / 50 ms → ratio ${(local.p99 / 50).toFixed(2)} (target ≤ 1)`,
  );
  const extra = remote.p99 - local.p99;
  console.log(
    `  via Redis (B)     ${ms(remote.p50)} ${ms(remote.p99)}   p99 +${extra.toFixed(1)} / +5 ms → ratio ${(extra / 5).toFixed(2)} (target ≤ 1)`,
  );
  for (const s of [...sockets, onA, onB]) {
    s.terminate();
  }
} finally {
  for (const child of children) {
    child.kill('SIGTERM');
  }
  if (pgSchema) {
    // After the servers let go of their connections.
    await new Promise((r) => setTimeout(r, 1000));
    await pgQuery(`drop schema if exists "${pgSchema}" cascade`);
  }
}
