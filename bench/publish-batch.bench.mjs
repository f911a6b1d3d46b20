// Issue 22 figure: the whole sandbox batch end to end — 3 videos × 5 platforms (one account each, 15
// jobs, pacing off) added through BatchPublish/add and published by one runner loop (the one `npm run
// runner` runs, 5 slots) — with the time per job from its claim to its finish. The platform sandbox runs
// in a process of its own and records each upload's own time (transfer and processing); that is the
// baseline each job's time is set beside. The server is `npm start`'s (SQLite, no server runner).
// Needs Debian Chromium and ffmpeg.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { register } from 'tsx/esm/api';
import { report, signIn, startServer } from './lib.mjs';

register();
/** One account per platform, on the platform id the console gives it. */
const ACCOUNTS = { douyin: 1, kuaishou: 2, xiaohongshu: 3, channels: 4, bilibili: 5 };
const VIDEOS = 3;
const SLOTS = Number(process.env.BENCH_SLOTS ?? 5);
const TERMINAL = ['published', 'failed', 'unconfirmed', 'rejected', 'cancelled', 'platform_scheduled'];

const { sandboxControl } = await import('../tools/platform-sandbox/src/client.ts');
const { startSandboxProcess } = await import('../tools/platform-sandbox/src/process.ts');
const { openAccount } = await import('../packages/publisher/src/run-job.ts');
const { startRunner } = await import('../packages/publisher/src/runner/runner-loop.ts');
const { profileDirOf } = await import('../packages/publisher/src/runner/auth-loop.ts');
const { sandboxOptions, TEST_TIMEOUTS } = await import('../packages/publisher/test/support.ts');

const sandboxProcess = await startSandboxProcess();
const sandboxUrl = sandboxProcess.url;
const control = sandboxControl(sandboxUrl);
const server = await startServer({ env: { RUNNERS: '0' } });
let runner;
try {
  const dir = fixtureDir('vm-batch-bench-');
  const workDir = join(dir, 'runner');
  const options = sandboxOptions(sandboxUrl, join(dir, 'artefacts'), TEST_TIMEOUTS);
  const token = await signIn(server.base);
  const db = new Database(join(server.dataDir, 'vidmatrix.db'));
  db.pragma('busy_timeout = 10000');
  const memberId = db.prepare("select id from member where account = 'demo'").get().id;
  const now = Date.now();

  // Three videos of a few MB each (the throttled upload takes seconds, as a real one does), as materials.
  mkdirSync(join(server.dataDir, 'storage', 'media'), { recursive: true });
  const materialIds = [];
  for (let v = 0; v < VIDEOS; v += 1) {
    const file = makeVideo(join(dir, `v${v}.mp4`), { width: 640, height: 360, rate: 25, seconds: 6 + v, mbps: 2 });
    const key = `media/batch-bench-${v}.mp4`;
    copyFileSync(file, join(server.dataDir, 'storage', key));
    const row = db
      .prepare(
        `insert into material (member_id, object_key, file_name, file_type, size, duration_ms, thumb_key, process_status,
           process_error, group_id, use_count, remark, source_type, created_at, updated_at)
         values (?, ?, ?, 'video', ?, ?, '', 'done', '', 0, 0, '', 0, ?, ?) returning id`,
      )
      .get(memberId, key, `新品${v + 1}.mp4`, statSync(file).size, (6 + v) * 1000, now, now);
    materialIds.push(row.id);
  }
  // One authorized account per platform, its profile logged in once by QR as the person would.
  const accountIds = {};
  for (const [platform, platformId] of Object.entries(ACCOUNTS)) {
    const row = db
      .prepare(
        `insert into enterprise_account (member_id, pid, platform_id, nickname, remarks, avatar_larger, group_id,
           cookie_auth_status, access_status, ip_code, created_at, updated_at)
         values (?, 0, ?, ?, '', '', 0, 1, 1, '', ?, ?) returning id`,
      )
      .get(memberId, platformId, `批量${platform}`, now, now);
    accountIds[platform] = row.id;
    const session = await openAccount(
      { id: String(row.id), profileDir: profileDirOf(workDir, platform, row.id) },
      options,
    );
    await session.loginByQr(platform, (image) => control.scan(image, `batch-${platform}`).then(() => undefined));
    await session.close();
  }

  const call = async (path, body) => {
    const res = await fetch(`${server.base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', memberToken: token },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (answer.code !== 200) {
      throw new Error(`${path}: ${answer.msg}`);
    }
    return answer.data;
  };
  const { token: runnerToken } = await call('runner.Runner/create', { name: 'batch-bench' });
  const before = (await control.timings()).length;
  const started = performance.now();
  const { batch_id: batchId } = await call('seoaivideo.BatchPublish/add', {
    material_ids: materialIds,
    enterprise_account_ids: Object.values(accountIds),
    title: '批量发布基准',
    description: '春季新品到店，欢迎来体验',
    topics: ['新品'],
    copies: materialIds.map((id, v) => ({
      material_id: id,
      title: `春季新品 第${v + 1}期`,
      description: '春季新品到店，欢迎来体验',
      topics: ['新品'],
    })),
    schedule: { spacing_sec: 0 },
  });
  runner = startRunner({
    serverUrl: server.base,
    token: runnerToken,
    workDir,
    slots: SLOTS,
    publisher: options,
    log: () => undefined,
  });
  const jobs = () => db.prepare('select id, state, platform from publish_job where batch_id = ?').all(batchId);
  while (!jobs().every((j) => TERMINAL.includes(j.state))) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const wall = (performance.now() - started) / 1000;
  await runner.stop();
  runner = undefined;

  const rows = db
    .prepare(
      `select j.id, j.platform, j.state, min(case when e.type = 'claimed' then e.at end) as claimed_at,
         max(case when e.type = 'finished' then e.at end) as finished_at
       from publish_job j join publish_event e on e.job_id = j.id
       where j.batch_id = ? group by j.id, j.platform, j.state order by j.id`,
    )
    .all(batchId);
  const timings = (await control.timings()).slice(before);
  const platformMs = timings.filter((t) => t.processedAt > 0).map((t) => t.processedAt - t.startedAt);
  for (const row of rows) {
    console.log(
      `job ${row.id} ${row.platform}: ${row.state}, claim → finish ${((row.finished_at - row.claimed_at) / 1000).toFixed(1)} s`,
    );
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const perJob = rows.map((r) => r.finished_at - r.claimed_at);
  const published = rows.filter((r) => r.state === 'published').length;
  console.log(
    `${rows.length} jobs (${VIDEOS} videos × ${Object.keys(ACCOUNTS).length} platforms, ${SLOTS} slots): ` +
      `${published} published, whole batch ${wall.toFixed(1)} s from add to the last finish`,
  );
  report(
    'median job time (claim → finish)',
    median(perJob) / 1000,
    median(platformMs) / 1000,
    's',
    'platform upload time',
  );
  db.close();
  if (published !== VIDEOS * Object.keys(ACCOUNTS).length) {
    process.exitCode = 1;
  }
} finally {
  await runner?.stop();
  server.stop();
  await sandboxProcess.stop();
}
