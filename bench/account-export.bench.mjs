// Issue 4 figure: exporting 100,000 materials streams, sends its first byte within 1 s and grows the
// server's RSS by ≤ 100 MB. Printed as ratios of those targets and against a baseline of ExcelJS's
// streaming writer alone writing the same rows to /dev/null in this process.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { report, signIn, sampleRssGrowth, startServer } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TARGET_FIRST_BYTE_MS = 1000;
const TARGET_RSS_MB = 100;
const HEADERS = ['名称', '类型', '时长', '分组', '标签', '使用次数', '过期日期', '上传时间'];
const CREATED_AT = Date.UTC(2026, 0, 2, 2, 0, 0);
const MB = 1024 * 1024;

/** Inserts ROWS materials (across 10 groups, a third tagged) for the demo member, straight into SQLite. */
function seed(dataDir) {
  const db = new Database(join(dataDir, 'vidmatrix.db'));
  const memberId = db.prepare("select id from member where account = 'demo'").get().id;
  const groups = Array.from(
    { length: 10 },
    (_, i) =>
      db
        .prepare('insert into material_group (member_id, group_name, group_desc, created_at) values (?, ?, ?, ?)')
        .run(memberId, `分组${i}`, '', CREATED_AT).lastInsertRowid,
  );
  const tag = db
    .prepare('insert into material_tag (member_id, tag_name, tag_desc, created_at) values (?, ?, ?, ?)')
    .run(memberId, '爆款', '', CREATED_AT).lastInsertRowid;
  const insert = db.prepare(
    `insert into material (member_id, object_key, file_name, file_type, size, duration_ms, thumb_key,
      process_status, process_error, group_id, use_count, expiration_time, remark, source_type, created_at, updated_at)
     values (?, ?, ?, ?, 1000, ?, '', 'done', '', ?, ?, ?, '', 1, ?, ?)`,
  );
  const link = db.prepare('insert into material_tag_link (material_id, tag_id) values (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < ROWS; i += 1) {
      const video = i % 2 === 0;
      const id = insert.run(
        memberId,
        `media/bench-${i}.${video ? 'mp4' : 'png'}`,
        `素材${i}.${video ? 'mp4' : 'png'}`,
        video ? 'video' : 'image',
        video ? 15_000 + i : 0,
        groups[i % groups.length],
        i % 7,
        i % 3 === 0 ? CREATED_AT + 90 * 86_400_000 : null,
        CREATED_AT + i,
        CREATED_AT + i,
      ).lastInsertRowid;
      if (i % 3 === 0) {
        link.run(id, tag);
      }
    }
  })();
  db.close();
}

/** The baseline: ExcelJS's streaming writer alone, same columns and rows, into /dev/null. */
async function baselineWrite() {
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 50);
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: createWriteStream('/dev/null'),
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('素材列表');
  sheet.columns = HEADERS.map((_, i) => ({ key: `c${i}`, width: 14 }));
  sheet.addRow(HEADERS).commit();
  for (let i = ROWS - 1; i >= 0; i -= 1) {
    const video = i % 2 === 0;
    sheet
      .addRow([
        `素材${i}.${video ? 'mp4' : 'png'}`,
        video ? '视频' : '图片',
        video ? '00:15' : '',
        `分组${i % 10}`,
        i % 3 === 0 ? '爆款' : '',
        i % 7,
        i % 3 === 0 ? '2026-04-02' : '',
        '2026-01-02 10:00:00',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  clearInterval(sampler);
  return { ms: performance.now() - started, rssMb: (rssPeak - rssBefore) / MB };
}

const server = await startServer();
try {
  const seeding = performance.now();
  seed(server.dataDir);
  console.log(`seeded ${ROWS} materials in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const token = await signIn(server.base);

  const rss = sampleRssGrowth(server.child.pid);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/file.File/export`, { headers: { memberToken: token } });
  const headersMs = performance.now() - started;
  if (!res.headers.get('content-type')?.includes('spreadsheetml')) {
    throw new Error(`export did not answer a file: ${await res.text()}`);
  }
  let firstByteMs = 0;
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of res.body) {
    firstByteMs ||= performance.now() - started;
    bytes += chunk.length;
    chunks += 1;
  }
  const totalMs = performance.now() - started;
  const growthMb = rss.stop() / MB;
  console.log(
    `export: ${ROWS} rows, ${(bytes / MB).toFixed(1)} MB in ${chunks} chunks; headers after ${headersMs.toFixed(0)} ms`,
  );

  const baseline = await baselineWrite();
  console.log(
    `first byte: ${firstByteMs.toFixed(0)} ms / target ${TARGET_FIRST_BYTE_MS} ms → ${(firstByteMs / TARGET_FIRST_BYTE_MS).toFixed(2)} (≤ 1.00 passes)`,
  );
  console.log(
    `server RSS growth: ${growthMb.toFixed(1)} MB / target ${TARGET_RSS_MB} MB → ${(growthMb / TARGET_RSS_MB).toFixed(2)} (≤ 1.00 passes); baseline writer grew ${baseline.rssMb.toFixed(1)} MB`,
  );
  report('export time', totalMs, baseline.ms, 'ms', 'streams, no time target');
} finally {
  server.stop();
}
