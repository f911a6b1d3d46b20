// Issue 10 claim figure: 10,000 due publish jobs (one per account, so none waits for another) claimed
// by 8 runner processes through runner.Runner/claim, against a bare `UPDATE … RETURNING` loop on the
// same database in its own process. Target: zero double claims; claims/s ≥ 0.5× the bare loop.
// SQLite by default; PostgreSQL with DATABASE_URL (a fresh schema is made and dropped).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BENCH_JOB_CONTENT, report, signIn, startServer } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const RUNNERS = 8;
const SLOTS = 16;
const self = fileURLToPath(import.meta.url);
const pgUrl = process.env.DATABASE_URL;

/** A tiny SQL runner over either database, with `?` placeholders. */
async function openDb(target) {
  if (target.kind === 'sqlite') {
    const db = new Database(target.file);
    db.pragma('busy_timeout = 10000');
    return {
      run: (text, params = []) => Promise.resolve(db.prepare(text).run(...params)),
      all: (text, params = []) => Promise.resolve(db.prepare(text).all(...params)),
      close: () => Promise.resolve(db.close()),
    };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const numbered = (text) => {
    let n = 0;
    return text.replace(/\?/g, () => `$${(n += 1)}`);
  };
  return {
    run: (text, params = []) => client.query(numbered(text), params),
    all: async (text, params = []) => (await client.query(numbered(text), params)).rows,
    close: () => client.end(),
  };
}

/** Waits in a child until the parent says go (after every child has started), so start-up is not timed. */
async function ready() {
  process.send('ready');
  await once(process, 'message');
}

/** Runner process: claims until two empty answers in a row; sends the job ids it got. */
async function runnerProcess(base, token) {
  const ids = [];
  let empty = 0;
  await ready();
  while (empty < 2) {
    const res = await fetch(`${base}/api/runner.Runner/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', runnerToken: token },
      body: JSON.stringify({ slots: SLOTS }),
    });
    const body = await res.json();
    if (body.code !== 200) {
      throw new Error(`claim: ${body.msg}`);
    }
    empty = body.data.jobs.length === 0 ? empty + 1 : 0;
    ids.push(...body.data.jobs.map((j) => j.job_id));
  }
  process.send(ids);
}

/** Baseline process: a bare claim loop, one `UPDATE … RETURNING` per job (the same index as claim), until none is left. */
async function baselineProcess(target) {
  const db = await openDb(target);
  let n = 0;
  await ready();
  const started = performance.now();
  for (;;) {
    const rows = await db.all(
      `update publish_job set state = 'claimed', lease_owner = ?, lease_until = ?
       where id = (select id from publish_job where member_id = ? and state = 'queued' and run_at <= ?
                   order by run_at, id limit 1)
       returning id`,
      [1, Date.now() + 120_000, target.memberId, Date.now()],
    );
    if (rows.length === 0) {
      break;
    }
    n += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  await db.close();
  process.send({ n, seconds });
}

/** Starts this file in `args[0]` mode; resolves once it is ready, with `go()` that starts it and resolves with its answer. */
async function child(args) {
  const proc = fork(self, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((_, reject) =>
    proc.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`${args[0]} exited ${code}`)))),
  );
  await Promise.race([once(proc, 'message'), exited]);
  return {
    go: async () => {
      proc.send('go');
      const [answer] = await Promise.race([once(proc, 'message'), exited]);
      proc.disconnect();
      return answer;
    },
  };
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
  for (let start = 0; start < JOBS; start += 500) {
    const count = Math.min(500, JOBS - start);
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
  for (let start = 0; start < JOBS; start += 500) {
    const slice = accounts.slice(start, start + 500);
    const values = [];
    const params = [];
    for (const [i, a] of slice.entries()) {
      values.push(`(?, ?, 1, ?, 'bilibili', ?, ?, 'queued', ?, ?, ?)`);
      params.push(
        batchId,
        memberId,
        a.id,
        content,
        now - 1000,
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
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    target = { kind: 'postgres', url: url.toString() };
    env.DATABASE_URL = target.url;
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    };
  }
  const server = await startServer({ env: { ...env, JOBS: 'off' } });
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

    const runners = await Promise.all(tokens.map((t) => child(['runner', server.base, t])));
    const started = performance.now();
    const results = await Promise.all(runners.map((r) => r.go()));
    const seconds = (performance.now() - started) / 1000;
    const all = results.flat();
    const distinct = new Set(all).size;
    const [{ n: attempts }] = await db.all('select count(*) as n from publish_attempt');
    const [{ n: doubled }] = await db.all(
      'select count(*) as n from (select job_id from publish_attempt group by job_id having count(*) > 1) d',
    );
    console.log(
      `${target.kind}: ${all.length} claims by ${RUNNERS} runner processes, ${distinct} distinct jobs, ` +
        `${Number(attempts)} attempts, ${Number(doubled)} jobs claimed twice (target 0)`,
    );

    // The same jobs, queued again, claimed by the bare loop in its own process.
    await db.run("update publish_job set state = 'queued', lease_owner = null, lease_until = null");
    await db.close();
    const baseline = await (await child(['baseline', JSON.stringify({ ...target, memberId })])).go();
    report('claims/s', all.length / seconds, baseline.n / baseline.seconds, 'claims/s', '≥ 0.5');
    if (distinct !== JOBS || all.length !== JOBS || Number(doubled) !== 0) {
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
