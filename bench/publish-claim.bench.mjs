// Issue 10/22 claim figure: BENCH_JOBS due publish jobs, BENCH_PER_ACCOUNT (3) per account, claimed by 8
// runner processes at once through runner.Runner/claim and each finished through runner.Runner/finish
// (the one-job-per-account rule makes the claimers contend for the accounts' later jobs). Baseline: 8
// processes of their own running a bare `UPDATE … RETURNING` claim loop on the same database with the
// same per-job writes (claim + attempt + event in one transaction; finish + attempt close + event).
// Target: zero double claims; jobs/s ≥ 0.5× the bare loop. SQLite by default; PostgreSQL with
// DATABASE_URL (a fresh schema is made and dropped).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_JOB_CONTENT, openBenchDb, report, scratchSchema, signIn, startServer } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 3_000);
const PER_ACCOUNT = Number(process.env.BENCH_PER_ACCOUNT ?? 3);
const RUNNERS = 8;
const SLOTS = 16;
const self = fileURLToPath(import.meta.url);
const pgUrl = process.env.DATABASE_URL;

// Long: eight writers queue for SQLite's one write lock on a machine that may be busy.
const SQLITE_BUSY_MS = 60_000;
const openDb = (target) => openBenchDb(target, SQLITE_BUSY_MS);

/** Waits in a child until the parent says go (after every child has started), so start-up is not timed. */
async function ready() {
  process.send('ready');
  await once(process, 'message');
}

/** Runs until the parent says stop; reports each round's finished count; sends the job ids it got. */
async function loopUntilStopped(round) {
  const ids = [];
  let stop = false;
  await ready();
  process.on('message', (m) => (stop ||= m === 'stop'));
  while (!stop) {
    // better-sqlite3 answers synchronously: yield to the event loop so the parent's stop gets read.
    await new Promise((resolve) => setImmediate(resolve));
    const got = await round();
    ids.push(...got);
    if (got.length > 0) {
      process.send({ finished: got.length });
    }
  }
  process.send({ ids });
}

/** Runner process: claims (no wait) and finishes each claimed job as published. */
async function runnerProcess(base, token) {
  const call = async (action, payload) => {
    const res = await fetch(`${base}/api/runner.Runner/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', runnerToken: token },
      body: JSON.stringify(payload),
    });
    const body = await res.json();
    if (body.code !== 200) {
      throw new Error(`${action}: ${body.msg}`);
    }
    return body.data;
  };
  await loopUntilStopped(async () => {
    const { jobs } = await call('claim', { slots: SLOTS, wait_ms: 0 });
    for (const job of jobs) {
      await call('finish', {
        job_id: job.job_id,
        outcome: 'published',
        submit_clicked: true,
        work_id: `w${job.job_id}`,
      });
    }
    return jobs.map((j) => j.job_id);
  });
}

/**
 * Baseline process: the bare claim loop. One `UPDATE … RETURNING` takes the oldest due job whose
 * account runs none (the same unique index refuses a race), with its attempt and event in the same
 * transaction; then the finish: the job's move, the attempt's close and an event, as the server writes.
 */
async function baselineProcess(target) {
  const db = await openDb(target);
  const runnerId = target.runnerId;
  await loopUntilStopped(async () => {
    const now = Date.now();
    let row;
    await db.begin();
    try {
      [row] = await db.all(
        `update publish_job set state = 'claimed', lease_owner = ?, lease_until = ?, seq = seq + 1, updated_at = ?
         where state = 'queued' and id = (
           select j.id from publish_job j where j.member_id = ? and j.state = 'queued' and j.run_at <= ?
             and not exists (select 1 from publish_job k where k.enterprise_account_id = j.enterprise_account_id
                             and k.state = 'claimed')
           order by j.run_at, j.id limit 1)
         returning id, seq`,
        [runnerId, now + 120_000, now, target.memberId, now],
      );
      if (row) {
        await db.run(
          `insert into publish_attempt (job_id, runner_id, verify_only, phase, started_at) values (?, ?, 0, 'claimed', ?)`,
          [row.id, runnerId, now],
        );
        await db.run(`insert into publish_event (job_id, seq, type, data, at) values (?, ?, 'claimed', ?, ?)`, [
          row.id,
          row.seq,
          JSON.stringify({ state: 'claimed', runner_id: runnerId }),
          now,
        ]);
      }
      await db.commit();
    } catch (error) {
      await db.rollback();
      // Another claimer took a job of the same account first (the one-per-account index): try again.
      if (!/unique|duplicate/i.test(String(error))) {
        throw error;
      }
      return [];
    }
    if (!row) {
      return [];
    }
    const [done] = await db.all(
      `update publish_job set state = 'published', lease_owner = null, lease_until = null, seq = seq + 1,
         work_id = ?, updated_at = ? where id = ? and state = 'claimed' and lease_owner = ? returning seq`,
      [`w${row.id}`, now, row.id, runnerId],
    );
    await db.run(
      `update publish_attempt set outcome = 'published', ended_at = ? where job_id = ? and ended_at is null`,
      [now, row.id],
    );
    await db.run(`insert into publish_event (job_id, seq, type, data, at) values (?, ?, 'finished', ?, ?)`, [
      row.id,
      done.seq,
      JSON.stringify({ state: 'published', outcome: 'published' }),
      now,
    ]);
    return [row.id];
  });
  await db.close();
}

/**
 * Starts `count` processes of this file in the mode `argsOf(i)` names, waits until all are ready, then starts them
 * together; resolves when JOBS jobs are finished among them, with the seconds taken and every id.
 */
async function contend(count, argsOf) {
  const args = argsOf(0);
  const procs = Array.from({ length: count }, (_, i) =>
    fork(self, argsOf(i), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const failed = new Promise((_, reject) =>
    procs.forEach((p) =>
      p.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`${args[0]} exited ${code}`)))),
    ),
  );
  await Promise.race([Promise.all(procs.map((p) => once(p, 'message'))), failed]);
  let finished = 0;
  let seconds = 0;
  const ids = [];
  let started = 0;
  const done = new Promise((resolve) => {
    let reported = 0;
    for (const p of procs) {
      p.on('message', (m) => {
        if (m.finished) {
          finished += m.finished;
          if (finished >= JOBS && seconds === 0) {
            seconds = (performance.now() - started) / 1000;
            procs.forEach((q) => q.send('stop'));
          }
        } else if (m.ids) {
          ids.push(...m.ids);
          reported += 1;
          if (reported === procs.length) {
            resolve();
          }
        }
      });
    }
  });
  started = performance.now();
  procs.forEach((p) => p.send('go'));
  await Promise.race([done, failed]);
  procs.forEach((p) => p.disconnect());
  return { seconds, ids };
}

async function seed(db, memberId) {
  const now = Date.now();
  await db.run(
    `insert into publish_batch (member_id, title, material_ids, account_ids, copy, schedule_policy, created_at)
     values (?, 'bench', '[]', '[]', '{}', '{}', ?)`,
    [memberId, now],
  );
  const [{ id: batchId }] = await db.all('select max(id) as id from publish_batch');
  const content = BENCH_JOB_CONTENT;
  const accountCount = Math.ceil(JOBS / PER_ACCOUNT);
  for (let start = 0; start < accountCount; start += 500) {
    const count = Math.min(500, accountCount - start);
    const values = [];
    const params = [];
    for (let i = 0; i < count; i += 1) {
      values.push('(?, 0, 5, ?, ?, ?, ?, ?)');
      params.push(memberId, `bench-${start + i}`, 0, 1, now, now);
    }
    await db.run(
      `insert into enterprise_account (member_id, pid, platform_id, nickname, cookie_auth_status, access_status, created_at, updated_at) values ${values.join(',')}`,
      params,
    );
  }
  const accounts = await db.all('select id from enterprise_account where member_id = ? order by id', [memberId]);
  // Job i goes to account i mod the account count: each account's jobs come due one after another.
  const jobAccounts = Array.from({ length: JOBS }, (_, i) => accounts[i % accounts.length]);
  for (let start = 0; start < JOBS; start += 500) {
    const slice = jobAccounts.slice(start, start + 500);
    const values = [];
    const params = [];
    for (const [i, a] of slice.entries()) {
      values.push(`(?, ?, 1, ?, 'bilibili', ?, ?, 'queued', ?, ?, ?)`);
      params.push(
        batchId,
        memberId,
        a.id,
        content,
        now - 100_000 + start + i,
        `bench-${start + i}-${randomBytes(6).toString('hex')}`,
        now,
        now,
      );
    }
    await db.run(
      `insert into publish_job (batch_id, member_id, material_id, enterprise_account_id, platform, content, run_at, state, idempotency_key, created_at, updated_at) values ${values.join(',')}`,
      params,
    );
  }
}

async function main() {
  let target;
  let dropSchema = async () => undefined;
  const env = {};
  if (pgUrl) {
    const scratch = await scratchSchema(pgUrl, 'bench');
    target = { kind: 'postgres', url: scratch.url };
    env.DATABASE_URL = target.url;
    dropSchema = scratch.drop;
  }
  // No server runner: its own claims would contend with the measured ones.
  const server = await startServer({ env: { ...env, JOBS: 'off', RUNNERS: '0' } });
  try {
    target ??= { kind: 'sqlite', file: join(server.dataDir, 'vidmatrix.db') };
    const token = await signIn(server.base);
    const db = await openDb(target);
    const [{ id: memberId }] = await db.all("select id from member where account = 'demo'");
    await seed(db, memberId);
    const tokens = [];
    for (let i = 0; i < RUNNERS; i += 1) {
      const res = await fetch(`${server.base}/api/runner.Runner/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', memberToken: token },
        body: JSON.stringify({ name: `bench-${i}` }),
      });
      tokens.push((await res.json()).data.token);
    }

    const served = await contend(RUNNERS, (i) => ['runner', server.base, tokens[i]]);
    const distinct = new Set(served.ids).size;
    const [{ n: attempts }] = await db.all('select count(*) as n from publish_attempt');
    const [{ n: doubled }] = await db.all(
      'select count(*) as n from (select job_id from publish_attempt group by job_id having count(*) > 1) d',
    );
    console.log(
      `${target.kind}: ${served.ids.length} jobs claimed and finished by ${RUNNERS} runner processes at once ` +
        `(${PER_ACCOUNT} jobs per account), ${distinct} distinct jobs, ${Number(attempts)} attempts, ` +
        `${Number(doubled)} jobs claimed twice (target 0)`,
    );

    // The same jobs, queued again with their writes gone, claimed by the bare loops in processes of their own.
    await db.run('delete from publish_event');
    await db.run('delete from publish_attempt');
    await db.run("update publish_job set state = 'queued', lease_owner = null, lease_until = null, work_id = ''");
    const [{ id: runnerId }] = await db.all('select min(id) as id from runner');
    await db.close();
    const bare = await contend(RUNNERS, () => ['baseline', JSON.stringify({ ...target, memberId, runnerId })]);
    const bareDistinct = new Set(bare.ids).size;
    console.log(`baseline: ${bare.ids.length} jobs by ${RUNNERS} bare loops, ${bareDistinct} distinct`);
    report(
      'jobs/s (claim + finish)',
      served.ids.length / served.seconds,
      bare.ids.length / bare.seconds,
      'jobs/s',
      '≥ 0.5',
    );
    if (distinct !== JOBS || served.ids.length !== JOBS || Number(doubled) !== 0 || bareDistinct !== bare.ids.length) {
      process.exitCode = 1;
    }
  } finally {
    server.stop();
    await dropSchema();
  }
}

const [mode, a, b] = process.argv.slice(2);
if (mode === 'runner') {
  await runnerProcess(a, b);
} else if (mode === 'baseline') {
  await baselineProcess(JSON.parse(a));
} else {
  await main();
}
