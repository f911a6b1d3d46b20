// Issue 3 list figure: file.File/list (page of 16) with 100k materials for one member among 1M in
// total, on SQLite (default) or PostgreSQL (DATABASE_URL; a fresh schema is made and dropped).
// Targets: p95 ≤ 50 ms (group + 2 tags + name search), page 1000 ≤ 1.5× page 1, and a name search
// at 1M ≤ 2× the same search at 10k. Rows are written straight into the server's database with SQL
// (one set-based insert per batch); every figure is then measured over HTTP with the member's token.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openBenchDb, scratchSchema, signIn, startServer } from './lib.mjs';

const TOTAL = Number(process.env.BENCH_MATERIALS ?? 1_000_000);
const SMALL = 10_000;
const MEMBERS = 10; // the demo member owns every 10th row: 100k of 1M
const GROUPS = 20;
const TAGS = 50;
const BATCH = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WORDS = ['产品介绍', '门店探访', '客户案例', 'summer_sale', 'Promo%Clip', '开箱视频', '直播切片', 'brand_film'];
for (let i = WORDS.length; i < 50; i += 1) {
  WORDS.push(`素材主题${String(i).padStart(2, '0')}`);
}
/** In 20 rows of the first 10k (all the demo member's): a search whose hits do not grow with the table. */
const CAMPAIGN = '双十一爆款';
const BROAD = '产品介绍'; // in about 4% of the names

const pgUrl = process.env.DATABASE_URL;

/** Members, and 20 groups and 50 tags each, with contiguous ids. Returns the member map. */
async function seedOwners(db, demoId) {
  const now = Date.now();
  const members = [demoId];
  for (let k = 1; k < MEMBERS; k += 1) {
    await db.run('insert into member (account, password_hash, created_at, updated_at) values (?, ?, ?, ?)', [
      `bench_${k}`,
      'x',
      now,
      now,
    ]);
    members.push(Number((await db.all('select id from member where account = ?', [`bench_${k}`]))[0].id));
  }
  const map = [];
  for (const [k, memberId] of members.entries()) {
    for (let g = 0; g < GROUPS; g += 1) {
      await db.run('insert into material_group (member_id, group_name, group_desc, created_at) values (?, ?, ?, ?)', [
        memberId,
        `分组${g}`,
        '',
        now,
      ]);
    }
    for (let t = 0; t < TAGS; t += 1) {
      await db.run('insert into material_tag (member_id, tag_name, tag_desc, created_at) values (?, ?, ?, ?)', [
        memberId,
        `标签${t}`,
        '',
        now,
      ]);
    }
    const [g] = await db.all('select min(id) as id from material_group where member_id = ?', [memberId]);
    const [t] = await db.all('select min(id) as id from material_tag where member_id = ?', [memberId]);
    map.push({ k, memberId, groupBase: Number(g.id), tagBase: Number(t.id) });
  }
  await db.exec(
    'create table bench_map (k integer primary key, member_id integer, group_base integer, tag_base integer)',
  );
  await db.exec('create table bench_word (k integer primary key, w text)');
  for (const m of map) {
    await db.run('insert into bench_map values (?, ?, ?, ?)', [m.k, m.memberId, m.groupBase, m.tagBase]);
  }
  for (const [k, w] of WORDS.entries()) {
    await db.run('insert into bench_word values (?, ?)', [k, w]);
  }
  return map;
}

/**
 * Inserts materials with ids from+1..to (and two tag links each) in one transaction per batch. Row i
 * belongs to member i % 10; with j = i / 10 its group is (j / 50) % 20 and its tags (7j) % 50 and
 * (11j + 3) % 50 (never equal), so group, tags and the hashed name words are independent.
 */
async function insertMaterials(db, from, to) {
  const series =
    db.kind === 'sqlite'
      ? 'with recursive s(i) as (select ? union all select i + 1 from s where i < ?)'
      : 'with s(i) as (select generate_series(?::bigint, ?::bigint))';
  const ext = `case when s.i % 3 = 0 then 'mp4' else 'png' end`;
  for (let start = from + 1; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1);
    await db.exec('begin');
    await db.run(
      `${series}
       insert into material (id, member_id, object_key, file_name, file_type, size, duration_ms, thumb_key,
         process_status, process_error, group_id, use_count, expiration_time, remark, source_type, created_at, updated_at)
       select s.i, b.member_id, 'media/bench' || s.i || '.' || ${ext},
         case when s.i <= ${SMALL} and s.i % 500 = 0 then '${CAMPAIGN}' else '' end
           || w1.w || '_' || w2.w || '_' || s.i || '.' || ${ext},
         case when s.i % 3 = 0 then 'video' else 'image' end, 1000000, 0, '', 'done', '',
         b.group_base + (s.i / ${MEMBERS} / ${TAGS}) % ${GROUPS}, 0, null, '', 1, 1700000000000 + s.i, 1700000000000 + s.i
       from s
       join bench_map b on b.k = s.i % ${MEMBERS}
       join bench_word w1 on w1.k = (s.i / ${MEMBERS} * 2654435761 % 1000003) % ${WORDS.length}
       join bench_word w2 on w2.k = (s.i / ${MEMBERS} * 40503 % 1000033) % ${WORDS.length}`,
      [start, end],
    );
    for (const [mul, add] of [
      [7, 0],
      [11, 3],
    ]) {
      await db.run(
        `insert into material_tag_link (material_id, tag_id)
         select m.id, b.tag_base + (m.id / ${MEMBERS} * ${mul} + ${add}) % ${TAGS}
         from material m join bench_map b on b.member_id = m.member_id
         where m.id between ? and ?`,
        [start, end],
      );
    }
    await db.exec('commit');
    process.stdout.write(`\r  inserted ${end.toLocaleString('en')} materials`);
  }
  process.stdout.write('\n');
  if (db.kind === 'sqlite') {
    await db.exec('analyze; pragma wal_checkpoint(truncate)');
  } else {
    await db.exec(`select setval(pg_get_serial_sequence('material', 'id'), (select max(id) from material))`);
    for (const table of ['material', 'material_tag_link']) {
      await db.exec(`vacuum analyze ${table}`);
    }
  }
}

function p95(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}

/** p95 (ms) of the list call with `params`, after a warm-up; also returns count of the last answer. */
async function measure(base, token, params) {
  const url = `${base}/api/file.File/list?${new URLSearchParams({ limit: '16', ...params })}`;
  const once = async () => {
    const start = process.hrtime.bigint();
    const res = await fetch(url, { method: 'POST', headers: { memberToken: token } });
    const body = await res.json();
    if (body.code !== 200) {
      throw new Error(`list ${res.status} ${body.msg}`);
    }
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, count: body.data.count, rows: body.data.list.length };
  };
  for (let i = 0; i < 20; i += 1) {
    await once();
  }
  const samples = [];
  let last;
  for (let i = 0; i < RUNS; i += 1) {
    last = await once();
    samples.push(last.ms);
  }
  return { p95: p95(samples), count: last.count, rows: last.rows };
}

function line(name, result, target) {
  console.log(
    `${name.padEnd(44)} p95 ${result.p95.toFixed(1).padStart(6)} ms  (count ${result.count}, rows ${result.rows})  target ${target}`,
  );
}
function ratio(name, value, baseline, target) {
  console.log(
    `${name.padEnd(44)} ${value.toFixed(1)} ms vs ${baseline.toFixed(1)} ms → ratio ${(value / baseline).toFixed(2)} (target ${target})`,
  );
}

const scratch = pgUrl ? await scratchSchema(pgUrl, 'bench') : null;
const server = await startServer({ env: scratch ? { DATABASE_URL: scratch.url } : {} });
let db;
try {
  db = await openBenchDb(
    scratch ? { kind: 'postgres', url: scratch.url } : { kind: 'sqlite', file: join(server.dataDir, 'vidmatrix.db') },
  );
  console.log(
    `database: ${db.kind}, ${TOTAL.toLocaleString('en')} materials, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const token = await signIn(server.base);
  const [demo] = await db.all(`select id from member where account = ?`, [process.env.DEMO_ACCOUNT ?? 'demo']);
  const map = await seedOwners(db, Number(demo.id));
  const { groupBase, tagBase } = map[0];
  const filters = {
    group_id: String(groupBase + 3),
    tag_ids: `${tagBase},${tagBase + 1}`,
    search_field: 'file_name',
    search_exp: 'like',
  };

  await insertMaterials(db, 0, SMALL);
  const small = {
    campaign: await measure(server.base, token, { search_field: 'file_name', search_value: CAMPAIGN }),
    broad: await measure(server.base, token, { search_field: 'file_name', search_value: BROAD }),
  };
  line('10k: search campaign name', small.campaign, '(baseline)');
  line('10k: search broad name', small.broad, '(baseline)');

  let t0 = Date.now();
  await insertMaterials(db, SMALL, TOTAL);
  console.log(`  bulk insert + analyze ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  t0 = Date.now();
  const figures = {
    filtered: await measure(server.base, token, { ...filters, search_value: BROAD }),
    filtered2: await measure(server.base, token, { ...filters, search_value: '产品' }),
    groupTags: await measure(server.base, token, { group_id: filters.group_id, tag_ids: filters.tag_ids }),
    page1: await measure(server.base, token, { page: '1' }),
    page1000: await measure(server.base, token, { page: '1000' }),
    typePage1000: await measure(server.base, token, { page: '1000', file_type: 'video' }),
    campaign: await measure(server.base, token, { search_field: 'file_name', search_value: CAMPAIGN }),
    broad: await measure(server.base, token, { search_field: 'file_name', search_value: BROAD }),
  };
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  line('1M: group + 2 tags + search (4 chars)', figures.filtered, '≤ 50 ms');
  line('1M: group + 2 tags + search (2 chars)', figures.filtered2, '≤ 50 ms');
  line('1M: group + 2 tags', figures.groupTags, '≤ 50 ms');
  line('1M: no filter, page 1', figures.page1, '≤ 50 ms');
  line('1M: no filter, page 1000', figures.page1000, '≤ 50 ms');
  line('1M: type video, page 1000', figures.typePage1000, '≤ 50 ms');
  line('1M: search campaign name', figures.campaign, '≤ 50 ms');
  line('1M: search broad name', figures.broad, '≤ 50 ms');
  ratio('page 1000 vs page 1', figures.page1000.p95, figures.page1.p95, '≤ 1.5×');
  ratio('search at 1M vs 10k (campaign, 20 hits)', figures.campaign.p95, small.campaign.p95, '≤ 2×');
  ratio('search at 1M vs 10k (broad, 4% hits; info)', figures.broad.p95, small.broad.p95, 'grows with hits');
} finally {
  await db?.close();
  server.stop();
  if (scratch) {
    await new Promise((r) => setTimeout(r, 500));
    await scratch.drop();
  }
}
