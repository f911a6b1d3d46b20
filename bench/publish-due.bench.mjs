// Issue 10 figure: time from a job's run_at to its claim with a runner idle (target p95 ≤ 1 s; peers
// poll every 30 s). The server (`npm start`'s build, jobs on) in its own process; an idle runner in a
// second process long-polls runner.Runner/claim; this process writes scheduled jobs straight into the
// database, each due a little later, one account each (no job waits for another), so the claim is found
// by the long poll's look at the database rather than by a wake-up on the instance that queued it.
// Baseline, in a process of its own: a bare loop polling the same table every 250 ms (the long poll's
// interval) and claiming with one UPDATE … RETURNING — the floor of any poller at that interval.
// SQLite (the embedded default).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { BENCH_JOB_CONTENT, report, signIn, startServer } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 30);
/** How far apart the jobs come due, ms (each is claimed long before the next is due). */
const GAP_MS = 900;
const POLL_MS = 250;
const self = fileURLToPath(import.meta.url);

function p95(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

/** Idle runner: long-polls claim until told to stop; sends [job id, time claimed] pairs. */
async function runnerProcess(base, token) {
  const got = [];
  let stop = false;
  process.on('message', () => (stop = true));
  process.send('ready');
  while (!stop) {
    const res = await fetch(`${base}/api/runner.Runner/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', runnerToken: token },
      body: JSON.stringify({ slots: 4, wait_ms: 5_000 }),
    });
    const body = await res.json();
    const at = Date.now();
    for (const job of body.data?.jobs ?? []) {
      got.push([job.job_id, at]);
    }
  }
  process.send(got);
}

/** Baseline: polls for due jobs every 250 ms and claims each with one statement; sends [id, time] pairs. */
async function baselineProcess(file, memberId) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  const claim = db.prepare(
    `update publish_job set state = 'claimed', lease_owner = 1 where id = (select id from publish_job
     where member_id = ? and state in ('scheduled', 'queued') and run_at <= ? order by run_at, id limit 1) returning id`,
  );
  const got = [];
  let stop = false;
  process.on('message', () => (stop = true));
  process.send('ready');
  while (!stop) {
    for (let row = claim.get(memberId, Date.now()); row; row = claim.get(memberId, Date.now())) {
      got.push([row.id, Date.now()]);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  db.close();
  process.send(got);
}

async function child(args) {
  const proc = fork(self, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await once(proc, 'message');
  return {
    stop: async () => {
      proc.send('stop');
      const [got] = await once(proc, 'message');
      proc.disconnect();
      return got;
    },
  };
}

/** Writes JOBS scheduled jobs due GAP_MS apart from `start` on fresh accounts; their run_at by id. */
function seedDue(db, memberId, start, tag) {
  const now = Date.now();
  db.prepare(
    `insert into publish_batch (member_id, title, material_ids, account_ids, copy, schedule_policy, created_at)
     values (?, ?, '[]', '[]', '{}', '{}', ?)`,
  ).run(memberId, tag, now);
  const batchId = db.prepare('select max(id) as id from publish_batch').get().id;
  const content = BENCH_JOB_CONTENT;
  const runAt = new Map();
  for (let i = 0; i < JOBS; i += 1) {
    const account = db
      .prepare(
        `insert into enterprise_account (member_id, pid, platform_id, nickname, cookie_auth_status, access_status, created_at, updated_at)
         values (?, 0, 5, ?, 1, 1, ?, ?) returning id`,
      )
      .get(memberId, `${tag}-${i}`, now, now).id;
    const at = start + i * GAP_MS;
    const { id } = db
      .prepare(
        `insert into publish_job (batch_id, member_id, material_id, enterprise_account_id, platform, content, run_at, state, idempotency_key, created_at, updated_at)
         values (?, ?, 1, ?, 'bilibili', ?, ?, 'scheduled', ?, ?, ?) returning id`,
      )
      .get(batchId, memberId, account, content, at, `${tag}-${i}`, now, now);
    runAt.set(id, at);
  }
  return runAt;
}

function delays(runAt, got) {
  const out = got.filter(([id]) => runAt.has(id)).map(([id, at]) => at - runAt.get(id));
  if (out.length !== runAt.size) {
    throw new Error(`claimed ${out.length} of ${runAt.size} jobs`);
  }
  return out;
}

async function main() {
  const server = await startServer();
  try {
    const memberToken = await signIn(server.base);
    const res = await fetch(`${server.base}/api/runner.Runner/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', memberToken },
      body: JSON.stringify({ name: 'bench-idle' }),
    });
    const runnerToken = (await res.json()).data.token;
    const file = join(server.dataDir, 'vidmatrix.db');
    const db = new Database(file);
    db.pragma('busy_timeout = 10000');
    const memberId = db.prepare("select id from member where account = 'demo'").get().id;

    const runner = await child(['runner', server.base, runnerToken]);
    const ours = seedDue(db, memberId, Date.now() + 1_000, 'ours');
    await new Promise((resolve) => setTimeout(resolve, 1_000 + JOBS * GAP_MS + 2_000));
    const oursDelays = delays(ours, await runner.stop());

    const baseline = await child(['baseline', file, String(memberId)]);
    const base = seedDue(db, memberId, Date.now() + 1_000, 'base');
    await new Promise((resolve) => setTimeout(resolve, 1_000 + JOBS * GAP_MS + 2_000));
    const baseDelays = delays(base, await baseline.stop());
    db.close();

    console.log(
      `run_at → claim over ${JOBS} jobs: ours max ${Math.max(...oursDelays)} ms, baseline max ${Math.max(...baseDelays)} ms`,
    );
    report('run_at → claim p95', p95(oursDelays), p95(baseDelays), 'ms', 'p95 ≤ 1000 ms; peers poll every 30 s');
    if (p95(oursDelays) > 1_000) {
      process.exitCode = 1;
    }
  } finally {
    server.stop();
  }
}

const [mode, a, b] = process.argv.slice(2);
if (mode === 'runner') {
  await runnerProcess(a, b);
} else if (mode === 'baseline') {
  await baselineProcess(a, Number(b));
} else {
  await main();
}
