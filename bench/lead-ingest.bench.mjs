// Issue 23 ingest figure: 10,000 harvested comments and private messages (10 % of them repeats: re-read
// items, inside a page and across pages) handed in by a runner through runner.Runner/harvestIngest, in
// pages of 200 for 5 accounts at once (one page per account in flight), stored once, filed per customer,
// scored by the rules and made into leads. Target: all of it ≤ 10 s, and ≥ 0.5× a bare batched insert of
// the same rows: after the ingest, a process of its own inserts exactly the rows the ingest left in every
// table it wrote (conversation, chat_message, lead, harvest_cursor, harvest_thread: same counts, same
// column values) into a fresh database of the same schema (every index present), one multi-row INSERT
// per table and transaction per page of 200 items, with no validation, look-up or scoring; the per-table
// counts of both sides are printed and the rows compared. The former baseline (the same number of rows
// into chat_message alone, one conversation) is still printed, labelled, for comparison.
// SQLite by default; PostgreSQL with DATABASE_URL (fresh schemas are made and dropped).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { processCpuMs, report, serverMode, signIn, startServer } from './lib.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const PAGE = 200;
const REPEATS_PER_PAGE = 20;
const ACCOUNTS = 5;
const self = fileURLToPath(import.meta.url);
const pgUrl = process.env.DATABASE_URL;

/** A tiny SQL runner over either database, with `?` placeholders, and transactions. */
async function openDb(target) {
  if (target.kind === 'sqlite') {
    const db = new Database(target.file);
    // The server's own pragmas (apps/server/src/db/dialects/sqlite.ts).
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
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

/** Waits in a child until the parent says go (after it has started), so start-up is not timed. */
async function ready() {
  process.send('ready');
  await once(process, 'message');
}

/** Load process: one worker per account posts that account's pages in order; sends the totals. */
async function loadProcess(base, token, pagesFile) {
  const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));
  const byAccount = new Map();
  for (const page of pages) {
    byAccount.set(page.account_id, [...(byAccount.get(page.account_id) ?? []), page]);
  }
  const totals = { stored: 0, duplicates: 0, skipped: 0, leads: 0 };
  await ready();
  const started = performance.now();
  await Promise.all(
    [...byAccount.values()].map(async (list) => {
      for (const page of list) {
        const res = await fetch(`${base}/api/runner.Runner/harvestIngest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', runnerToken: token },
          body: JSON.stringify(page),
        });
        const body = await res.json();
        if (body.code !== 200) {
          throw new Error(`ingest: ${body.msg}`);
        }
        for (const key of Object.keys(totals)) {
          totals[key] += body.data[key];
        }
      }
    }),
  );
  process.send({ ...totals, seconds: (performance.now() - started) / 1000 });
}

/** Tables a harvest ingest writes, parents first (the order a transaction inserts them in), with their key columns. */
const WRITTEN = [
  { table: 'conversation', key: ['id'] },
  { table: 'chat_message', key: ['id'] },
  { table: 'lead', key: ['id'] },
  { table: 'harvest_cursor', key: ['enterprise_account_id', 'source'] },
  { table: 'harvest_thread', key: ['enterprise_account_id', 'root_id'] },
];

/** Bound parameters one statement may carry on both databases (SQLite's limit is 32,766). */
const PARAMS_MAX = 30_000;

/**
 * Baseline process: the rows the ingest left, inserted into a fresh database of the same schema (every
 * index present) with multi-row INSERTs, one transaction per page of 200 items, nothing else.
 */
async function baselineProcess(target, planFile) {
  const plan = JSON.parse(readFileSync(planFile, 'utf8'));
  const db = await openDb(target);
  await ready();
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (const transaction of plan) {
    await db.run('begin');
    for (const { table, rows } of transaction) {
      const columns = Object.keys(rows[0]);
      const perStatement = Math.max(1, Math.floor(PARAMS_MAX / columns.length));
      for (let start = 0; start < rows.length; start += perStatement) {
        const slice = rows.slice(start, start + perStatement);
        const row = `(${columns.map(() => '?').join(', ')})`;
        await db.run(
          `insert into ${table} (${columns.join(', ')}) values ${slice.map(() => row).join(', ')}`,
          slice.flatMap((r) => columns.map((c) => r[c])),
        );
      }
    }
    await db.run('commit');
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await db.close();
  process.send({ seconds, cpuSeconds: (used.user + used.system) / 1e6 });
}

/** The former baseline, still printed: the same number of rows into chat_message alone, one conversation, 200 per transaction. */
async function singleTableProcess(target, rowsFile) {
  const rows = JSON.parse(readFileSync(rowsFile, 'utf8'));
  const db = await openDb(target);
  const now = Date.now();
  await db.run(
    `insert into conversation (member_id, enterprise_account_id, customer_id, customer_name, unread_count,
      last_in_content, last_out_content, last_time, created_at) values (?, ?, 'baseline', '', 0, '', '', ?, ?)`,
    [target.memberId, target.accountId, now, now],
  );
  const [{ id: conversationId }] = await db.all("select id from conversation where customer_id = 'baseline'");
  const columns =
    '(conversation_id, member_id, direction, content, sent_at, is_read, delivery_status, fail_reason, attempts, ' +
    'created_at, enterprise_account_id, platform_id, source, item_id, post_id, post_title, parent_id, link, intent, intent_category)';
  await ready();
  const started = performance.now();
  for (let start = 0; start < rows.length; start += PAGE) {
    const slice = rows.slice(start, start + PAGE);
    const params = [];
    for (const [i, r] of slice.entries()) {
      params.push(
        conversationId,
        target.memberId,
        'in',
        r.text,
        r.created_at * 1000,
        0,
        '',
        '',
        0,
        now,
        target.accountId,
        1,
        r.source,
        // Every row its own key: a bare insert refuses nothing.
        `baseline-${start + i}`,
        r.post_id,
        r.post_title,
        r.parent_id,
        r.link,
        'none',
        '',
      );
    }
    const values = slice.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(',');
    await db.run('begin');
    await db.run(`insert into chat_message ${columns} values ${values}`, params);
    await db.run('commit');
  }
  const seconds = (performance.now() - started) / 1000;
  await db.close();
  process.send({ n: rows.length, seconds });
}

/** Row count of every table of the database. */
async function tableCounts(db, kind) {
  const tables = await db.all(
    kind === 'sqlite'
      ? "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'"
      : 'select table_name as name from information_schema.tables where table_schema = current_schema()',
  );
  const counts = new Map();
  for (const { name } of tables) {
    const [{ n }] = await db.all(`select count(*) as n from "${name}"`);
    counts.set(name, Number(n));
  }
  return counts;
}

/** Every row of each written table, in key order. */
async function writtenRows(db) {
  const out = new Map();
  for (const { table, key } of WRITTEN) {
    out.set(table, await db.all(`select * from ${table} order by ${key.join(', ')}`));
  }
  return out;
}

/**
 * The baseline's transactions: per page handed in (in order), the rows that page's items left — a
 * message with the page that first carried its item, a conversation with its first message's page, a
 * lead with its source message's, a cursor (or thread count) with its stream's (account's) last page.
 */
function planTransactions(pages, rows) {
  const pageOfItem = new Map();
  const lastOfStream = new Map();
  const lastOfAccount = new Map();
  pages.forEach((page, index) => {
    for (const item of page.items) {
      const key = `${page.account_id}:${item.source}:${item.item_id}`;
      if (!pageOfItem.has(key)) {
        pageOfItem.set(key, index);
      }
    }
    lastOfStream.set(`${page.account_id}:${page.source}`, index);
    lastOfAccount.set(page.account_id, index);
  });
  const last = pages.length - 1;
  const pageOfMessage = new Map();
  const firstOfConversation = new Map();
  for (const m of rows.get('chat_message')) {
    const page = pageOfItem.get(`${m.enterprise_account_id}:${m.source}:${m.item_id}`) ?? last;
    pageOfMessage.set(m.id, page);
    firstOfConversation.set(m.conversation_id, Math.min(page, firstOfConversation.get(m.conversation_id) ?? last));
  }
  const pageOf = {
    conversation: (r) => firstOfConversation.get(r.id) ?? last,
    chat_message: (r) => pageOfMessage.get(r.id),
    lead: (r) => pageOfMessage.get(r.source_message_id) ?? last,
    harvest_cursor: (r) => lastOfStream.get(`${r.enterprise_account_id}:${r.source}`) ?? last,
    harvest_thread: (r) => lastOfAccount.get(r.enterprise_account_id) ?? last,
  };
  const plan = pages.map(() => WRITTEN.map(({ table }) => ({ table, rows: [] })));
  WRITTEN.forEach(({ table }, t) => {
    for (const row of rows.get(table)) {
      plan[pageOf[table](row)][t].rows.push(row);
    }
  });
  return plan.map((transaction) => transaction.filter((s) => s.rows.length > 0)).filter((t) => t.length > 0);
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

/** A seeded generator, so every run hands in the same items. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Pages of 180 new items and 20 repeats (of items handed in before in that stream, or in the same page)
 * per account and source; texts are the labelled examples', so the rules find what real pages hold.
 */
async function makePages(accountIds) {
  const { register } = await import('tsx/esm/api');
  register();
  const { LEAD_EXAMPLES } = await import('../packages/contract/src/rules/lead-examples.ts');
  const next = random(42);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const texts = LEAD_EXAMPLES.map((e) => e.text);
  const unique = Math.round((ITEMS * (PAGE - REPEATS_PER_PAGE)) / PAGE);
  const streams = accountIds.flatMap((account) => ['comment', 'message'].map((source) => ({ account, source })));
  const perStream = Math.ceil(unique / streams.length);
  const pages = [];
  const rows = [];
  const now = Math.floor(Date.now() / 1000);
  let serial = 0;
  for (const { account, source } of streams) {
    const seen = [];
    for (let made = 0; made < perStream && rows.length < unique;) {
      const items = [];
      while (items.length < PAGE - REPEATS_PER_PAGE && made < perStream && rows.length < unique) {
        serial += 1;
        made += 1;
        const author = Math.floor(next() * 300);
        const item = {
          source,
          item_id: `bench-${account}-${source}-${serial}`,
          post_id: source === 'comment' ? `73000000000${Math.floor(next() * 20)}` : '',
          post_title: source === 'comment' ? '新品上市，限时优惠' : '',
          parent_id: '',
          author_id: `fan-${account}-${author}`,
          author_name: `粉丝${author}`,
          from_self: false,
          text: pick(texts),
          created_at: now - 86_400 + serial,
          link: source === 'comment' ? 'https://www.douyin.com/video/7300000000000000001' : '',
        };
        items.push(item);
        seen.push(item);
        rows.push(item);
      }
      for (let r = 0; r < REPEATS_PER_PAGE; r += 1) {
        items.push(pick(seen));
      }
      pages.push({ account_id: account, source, items, cursor: `cursor-${serial}` });
    }
  }
  return { pages, rows };
}

/** A fresh PostgreSQL schema for a target; its drop function. */
async function pgSchema() {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    target: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    },
  };
}

/** A migrated, seeded, empty database for the baseline (a server of its own made it and stopped). */
async function freshDatabase() {
  const made = pgUrl ? await pgSchema() : undefined;
  const server = await startServer({
    env: { ...(made ? { DATABASE_URL: made.target.url } : {}), JOBS: 'off', RUNNERS: '0' },
  });
  await server.stop();
  return {
    target: made?.target ?? { kind: 'sqlite', file: join(server.dataDir, 'vidmatrix.db') },
    drop: made?.drop ?? (async () => undefined),
  };
}

async function main() {
  const drops = [];
  try {
    const fresh = await freshDatabase();
    drops.push(fresh.drop);
    let target;
    const env = {};
    if (pgUrl) {
      const made = await pgSchema();
      drops.push(made.drop);
      target = made.target;
      env.DATABASE_URL = target.url;
    }
    const server = await startServer({ env: { ...env, JOBS: 'off', RUNNERS: '0' } });
    try {
      target ??= { kind: 'sqlite', file: join(server.dataDir, 'vidmatrix.db') };
      const token = await signIn(server.base);
      const db = await openDb(target);
      const [{ id: memberId }] = await db.all("select id from member where account = 'demo'");
      const accountIds = [];
      for (let i = 0; i < ACCOUNTS; i += 1) {
        const now = Date.now();
        await db.run(
          `insert into enterprise_account (member_id, pid, platform_id, nickname, cookie_auth_status, access_status,
            created_at, updated_at) values (?, 0, 1, ?, 1, 1, ?, ?)`,
          [memberId, `采集号${i}`, now, now],
        );
        const [{ id }] = await db.all('select max(id) as id from enterprise_account');
        accountIds.push(id);
      }
      const created = await fetch(`${server.base}/api/runner.Runner/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', memberToken: token },
        body: JSON.stringify({ name: 'bench-harvest' }),
      });
      const runnerToken = (await created.json()).data.token;
      const { pages, rows } = await makePages(accountIds);
      const dir = mkdtempSync(join(tmpdir(), 'vm-bench-ingest-'));
      writeFileSync(join(dir, 'pages.json'), JSON.stringify(pages));
      writeFileSync(join(dir, 'rows.json'), JSON.stringify(pages.flatMap((p) => p.items)));
      const handed = pages.reduce((n, p) => n + p.items.length, 0);

      const before = await tableCounts(db, target.kind);
      const loader = await child(['load', server.base, runnerToken, join(dir, 'pages.json')]);
      // CPU the server spent on the ingest: on a busy machine a steadier figure than the wall time (the
      // built server only: under tsx the child is a launcher).
      const serverPid = serverMode() === 'dist' ? server.child.pid : undefined;
      const cpuBefore = serverPid ? processCpuMs(serverPid) : 0;
      const load = await loader.go();
      const serverCpu = serverPid ? (processCpuMs(serverPid) - cpuBefore) / 1000 : undefined;
      const after = await tableCounts(db, target.kind);
      const [{ n: messages }] = await db.all("select count(*) as n from chat_message where item_id like 'bench-%'");
      console.log(
        `${target.kind}: ${handed} items in ${pages.length} pages → ${load.stored} stored, ${load.duplicates} repeats ` +
          `refused, ${load.leads} lead writes, in ${load.seconds.toFixed(2)} s (target ≤ 10 s)`,
      );
      // The baseline writes what the ingest wrote: every table it grew must be one the baseline fills.
      const grown = [...after].filter(([name, n]) => n !== before.get(name)).map(([name]) => name);
      const unplanned = grown.filter((name) => !WRITTEN.some((w) => w.table === name));
      const written = await writtenRows(db);
      for (const { table } of WRITTEN) {
        if (before.get(table) !== 0) {
          throw new Error(`${table} held rows before the ingest: the baseline could not tell them apart`);
        }
      }
      writeFileSync(join(dir, 'plan.json'), JSON.stringify(planTransactions(pages, written)));

      const fresher = await openDb(fresh.target);
      const [{ id: freshMember }] = await fresher.all("select id from member where account = 'demo'");
      if (freshMember !== memberId) {
        throw new Error(`the baseline database's demo member is ${freshMember}, the ingest's ${memberId}`);
      }
      await fresher.close();
      const baseline = await (await child(['baseline', JSON.stringify(fresh.target), join(dir, 'plan.json')])).go();
      const fresher2 = await openDb(fresh.target);
      const copied = await writtenRows(fresher2);
      await fresher2.close();
      let same = unplanned.length === 0;
      console.log('rows written   ingest   baseline');
      for (const { table } of WRITTEN) {
        const ours = written.get(table);
        const theirs = copied.get(table);
        same &&= JSON.stringify(ours) === JSON.stringify(theirs);
        console.log(`${table.padEnd(15)}${String(ours.length).padStart(6)}   ${String(theirs.length).padStart(8)}`);
      }
      for (const name of unplanned) {
        console.log(
          `${name.padEnd(15)}${String(after.get(name) - before.get(name)).padStart(6)}   (not in the baseline)`,
        );
      }
      console.log(`same rows, column for column: ${same ? 'yes' : 'NO'}`);
      console.log(
        `baseline: the same rows into a fresh ${target.kind === 'sqlite' ? 'database' : 'schema'} of the same migrations, ${baseline.seconds.toFixed(2)} s`,
      );
      report('items/s', handed / load.seconds, handed / baseline.seconds, 'items/s', '≥ 0.5');
      if (serverCpu !== undefined) {
        // SQLite: all the database work is in these processes; PostgreSQL's own CPU is in neither figure.
        console.log(
          `CPU: server ${serverCpu.toFixed(2)} s for the ingest, baseline process ${baseline.cpuSeconds.toFixed(2)} s ` +
            `(ratio ${(baseline.cpuSeconds / serverCpu).toFixed(2)})`,
        );
      }

      const single = await (
        await child([
          'single',
          JSON.stringify({ ...target, memberId, accountId: accountIds[0] }),
          join(dir, 'rows.json'),
        ])
      ).go();
      console.log(
        `former baseline (${single.n} chat_message rows into one conversation, nothing else), ${single.seconds.toFixed(2)} s:`,
      );
      report('  items/s', handed / load.seconds, single.n / single.seconds, 'items/s', 'none: for comparison only');
      await db.close();
      if (!same || load.stored !== rows.length || Number(messages) !== rows.length || load.seconds > 10) {
        process.exitCode = 1;
      }
    } finally {
      await server.stop();
    }
  } finally {
    for (const drop of drops) {
      await drop();
    }
  }
}

const [mode, a, b, c] = process.argv.slice(2);
if (mode === 'load') {
  await loadProcess(a, b, c);
} else if (mode === 'baseline') {
  await baselineProcess(JSON.parse(a), b);
} else if (mode === 'single') {
  await singleTableProcess(JSON.parse(a), b);
} else {
  await main();
}
