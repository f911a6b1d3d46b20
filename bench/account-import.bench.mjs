// Issue 4 figure: importing 10,000 account rows finishes in ≤ 10 s and grows the server's RSS by
// ≤ 100 MB. Printed as ratios of those targets and against a baseline of ExcelJS alone streaming
// through the same file in this process.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { xlsxFile } from '@vidmatrix/fixtures';
import ExcelJS from 'exceljs';
import { report, signIn, sampleRssGrowth, startServer } from './lib.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const TARGET_MS = 10_000;
const TARGET_RSS_MB = 100;
const PLATFORMS = ['抖音', '快手', '视频号', '微博', '头条号'];

/** The import file: ROWS distinct accounts across a few platforms and groups. */
function buildFile() {
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `bench账号${i}`,
    `备注${i}`,
    PLATFORMS[i % PLATFORMS.length],
    `分组${i % 20}`,
    `10.0.${(i >> 8) & 255}.${i & 255}:8080`,
  ]);
  return xlsxFile([['昵称', '备注', '平台', '分组', '代理IP'], ...rows], '账号列表');
}

/** The baseline: ExcelJS's streaming reader walking every row of the same file. */
async function baselineRead(file) {
  const { Readable } = await import('node:stream');
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    styles: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rows += row.values.length > 0 ? 1 : 0;
    }
  }
  return { ms: performance.now() - started, rows };
}

const file = await buildFile();
console.log(`import file: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB`);
const server = await startServer();
try {
  // The demo level allows 50 accounts; the benchmark needs room for every row.
  const db = new Database(join(server.dataDir, 'vidmatrix.db'));
  db.prepare('update level set account_num = ? where id in (select level_id from level_user)').run(ROWS * 2);
  db.close();

  const token = await signIn(server.base);
  const form = new FormData();
  form.append('file', new Blob([file]), 'bench.xlsx');
  const rss = sampleRssGrowth(server.child.pid);
  const started = performance.now();
  const res = await fetch(`${server.base}/api/member.EnterpriseAccount/import`, {
    method: 'POST',
    headers: { memberToken: token },
    body: form,
  });
  const body = await res.json();
  const importMs = performance.now() - started;
  const growthMb = rss.stop() / 1024 / 1024;
  if (body.data?.addCount !== ROWS) {
    throw new Error(`import did not add every row: ${JSON.stringify(body)}`);
  }

  const baseline = await baselineRead(file);
  report('import time', importMs, baseline.ms, 'ms', `≤ ${TARGET_MS} ms`);
  console.log(`import time / target: ${(importMs / TARGET_MS).toFixed(2)} (≤ 1.00 passes)`);
  console.log(
    `server RSS growth: ${growthMb.toFixed(1)} MB / target ${TARGET_RSS_MB} MB → ${(growthMb / TARGET_RSS_MB).toFixed(2)} (≤ 1.00 passes)`,
  );
} finally {
  server.stop();
}
