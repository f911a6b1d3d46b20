// Issue 22's "done when", shown working against real processes, as a member would do it:
//   npm run walkthrough:publish        (node --import tsx scripts/walkthrough-publish.mjs)
// The built server as `npm start` runs it (own temp data dir and port, SQLite, RUNNERS=0), the platform
// sandbox as its own process, `npm run runner` processes started with a token the member creates in the
// console, and Debian Chromium driving the console: register, add five accounts, authorize each through
// the QR the console shows (the "phone" is the sandbox's scan), upload three videos, publish 3 × 5, and
// read the sandbox's records; then kill -9 the runner in three phases of a job; then the drift check.
// Screenshots: test-results/walkthrough-publish/. Prints a summary table; exits 1 on any failure.
// Not part of `npm test` (about 20 minutes). Needs /usr/bin/chromium and ffmpeg.
import { mkdirSync, mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { makeVideo } from '@vidmatrix/fixtures';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandboxProcess } from '@vidmatrix/platform-sandbox/process';
import * as member from './walkthrough/console.mjs';
import { PHASES, runPhase } from './walkthrough/kill-phases.mjs';
import { admin, runDriftCheck, startRunner, startServer, stop } from './walkthrough/processes.mjs';
import { batchJobs, checkAgainstPlatform, fileFacts, isFinal } from './walkthrough/records.mjs';
import { say, shotDir, shotPath, until } from './walkthrough/wait.mjs';

const ACCOUNTS = [
  { platform: 'douyin', platformName: '抖音', nickname: '抖音门店号' },
  { platform: 'kuaishou', platformName: '快手', nickname: '快手门店号' },
  { platform: 'xiaohongshu', platformName: '小红书', nickname: '小红书门店号' },
  { platform: 'channels', platformName: '视频号', nickname: '视频号门店号' },
  { platform: 'bilibili', platformName: '哔哩哔哩', nickname: 'B站门店号' },
].map((a) => ({ ...a, user: `walk-${a.platform}` }));
/** Three videos of different lengths (a post is told from another by its duration too), and one for the kill phases. */
const VIDEOS = [
  { name: '春季上新.mp4', seconds: 4, pattern: 'testsrc' },
  { name: '夏季上新.mp4', seconds: 6, pattern: 'testsrc2' },
  { name: '秋季上新.mp4', seconds: 8, pattern: 'testsrc' },
];
const KILL_VIDEO = { name: '断电测试.mp4', seconds: 12, pattern: 'testsrc2', mbps: 3 };

const results = [];
function record(step, ok, detail) {
  results.push({ step, ok, detail });
  say(`${ok ? 'PASS' : 'FAIL'} ${step}: ${detail}`);
}

const work = mkdtempSync(join(tmpdir(), 'vm-walkthrough-'));
const logDir = join(work, 'logs');
mkdirSync(logDir, { recursive: true });
say(`work dir ${work} (logs in logs/), screenshots in ${shotDir}`);
let server;
let sandbox;
let browser;
const ctx = { runner: undefined };
try {
  // Three small videos made with ffmpeg, as a member's own footage (a few MB each: an upload takes seconds).
  const files = [...VIDEOS, KILL_VIDEO].map((v) =>
    makeVideo(join(work, v.name), {
      width: 640,
      height: 360,
      rate: 25,
      seconds: v.seconds,
      mbps: v.mbps ?? 2,
      pattern: v.pattern,
    }),
  );
  const factsByName = new Map([...VIDEOS, KILL_VIDEO].map((v, i) => [v.name, fileFacts(files[i])]));
  const factsOf = (job) => factsByName.get(job.file_name);

  server = await startServer(join(work, 'data'), logDir);
  record('npm start', true, `${server.base} (SQLite in ${server.dataDir})`);
  sandbox = await startSandboxProcess();
  const control = sandboxControl(sandbox.url);
  say(`platform sandbox at ${sandbox.url}`);
  // The operator tunes the connectors for this "platform": its works lists show a post within seconds,
  // so a post not there after 3 minutes is not coming (the built-in wait is the real sites' 30 minutes).
  const defsFile = join(work, 'connectors.json');
  admin(server.dataDir, ['connectors', 'export', defsFile]);
  const defs = JSON.parse(readFileSync(defsFile, 'utf8'));
  for (const def of Object.values(defs)) {
    def.timeouts.verify = 180_000;
  }
  writeFileSync(defsFile, JSON.stringify(defs));
  say(admin(server.dataDir, ['connectors', 'import', defsFile]).trim());

  browser = await chromium.launch(chromiumLaunchOptions());
  const page = await (
    await browser.newContext({ baseURL: server.base, viewport: { width: 1440, height: 900 } })
  ).newPage();
  page.setDefaultTimeout(60_000);

  const account = `walk${Date.now().toString(36)}`;
  await member.register(page, server.dataDir, account, 'walk-123456');
  record('register', true, `member ${account} signed up and landed on the dashboard`);
  const token = await member.memberToken(page);

  await member.addAccounts(page, ACCOUNTS);
  record('add five accounts', true, ACCOUNTS.map((a) => a.nickname).join(', '));

  const runnerToken = await member.createRunnerToken(page, '门店发布器');
  const runnerOptions = {
    serverUrl: server.base,
    token: runnerToken,
    runnerDir: join(work, 'runner'),
    sandboxUrl: sandbox.url,
    slots: 5,
  };
  ctx.runner = startRunner(runnerOptions, logDir, 'first');
  await member.seeRunnerOnline(page, 'runner-online');
  record('runner online', true, `npm run runner (pid ${ctx.runner.pid}) with the console's token`);

  for (const a of ACCOUNTS) {
    await member.authorize(page, a, (image) => control.scan(image, a.user));
  }
  record('authorize by QR', true, 'five QR codes shown in the console, scanned, 授权成功, rows 已授权');

  await member.uploadVideos(
    page,
    files,
    [...VIDEOS, KILL_VIDEO].map((v) => v.name),
  );
  record('upload videos', true, `${files.length} videos in the material library`);

  // 3 videos × 5 accounts.
  const batchId = await member.publishBatch(page, {
    videos: VIDEOS.map((v) => v.name),
    nicknames: ACCOUNTS.map((a) => a.nickname),
    title: '春夏秋上新合集',
    topics: ['上新'],
    shotName: 'batch',
  });
  const jobs = await until(
    'all 15 jobs end',
    () => batchJobs(server.base, token, batchId),
    (list) => list.length === 15 && list.every((j) => isFinal(j.state)),
    2_400_000,
    2_000,
  );
  await member.seeBatchDone(page, batchId, 15, 'batch-done');
  const published = jobs.filter((j) => j.state === 'published').length;
  const perPlatform = ACCOUNTS.map(
    (a) => `${a.platform} ${jobs.filter((j) => j.platform === a.platform && j.state === 'published').length}`,
  );
  record(
    '15 jobs end published',
    published === 15,
    `${published}/${jobs.length} published (${perPlatform.join(', ')})${
      published === 15 ? '' : `; ${jobs.map((j) => `${j.platform}:${j.state}`).join(' ')}`
    }`,
  );
  const userOf = (job) => ACCOUNTS.find((a) => a.platform === job.platform).user;
  const batchCheck = await checkAgainstPlatform(control, jobs, { userOf, factsOf });
  let posts = 0;
  for (const a of ACCOUNTS) {
    posts += (await control.works(a.platform, a.user)).length;
  }
  record(
    '15 posts, right file on the right account',
    batchCheck.problems.length === 0 && posts === 15,
    `${posts} posts in the sandbox; ${[...batchCheck.problems, ...batchCheck.notes].join('; ') || 'each job names its own post, made from its own file'}`,
  );

  // kill -9 in each phase.
  for (const phase of PHASES) {
    const a = ACCOUNTS.find((x) => x.platform === phase.platform);
    const outcome = await runPhase(phase, {
      holder: ctx,
      control,
      server,
      token,
      runnerOptions,
      logDir,
      account: a,
      factsOf,
      publish: () =>
        member.publishBatch(page, {
          videos: [KILL_VIDEO.name],
          nicknames: [a.nickname],
          title: `断电测试${PHASES.indexOf(phase) + 1}`,
          topics: [],
          shotName: `kill-${phase.platform}`,
        }),
    });
    await member.seeBatchDone(page, outcome.batchId, 1, `kill-${phase.platform}-end`);
    record(
      `kill -9 ${phase.name}`,
      outcome.problems.length === 0,
      `job ${outcome.job.state}; creates ${outcome.creates.accepted}/${outcome.creates.requests} (accepted/requests)` +
        `${[...outcome.problems, ...outcome.notes].map((p) => `; ${p}`).join('')}`,
    );
  }

  // The drift check, on the runner host, with the runner stopped (it holds the profiles).
  await stop(ctx.runner);
  ctx.runner = undefined;
  const ok = await runDriftCheck(runnerOptions);
  const okLines = ok.out
    .trim()
    .split('\n')
    .filter((l) => l.includes('\t'));
  record(
    'drift check on the sandbox',
    ok.code === 0 && okLines.length === 5 && okLines.every((l) => l.split('\t')[1] === '正常'),
    okLines.map((l) => l.split('\t').slice(0, 2).join(' ')).join(', ') || ok.out.trim(),
  );
  // Kuaishou ships a new build whose upload button's class changed (as SAU #58 saw on the real site).
  await control.setSwitches('kuaishou', { kuaishouNewBuild: true });
  const changed = await runDriftCheck(runnerOptions);
  const kuaishouLine = changed.out.split('\n').find((l) => l.startsWith('快手')) ?? '';
  record(
    'drift check, Kuaishou page changed',
    changed.code === 1 && /页面已变化（缺少：.*上传按钮.*）/.test(kuaishouLine),
    kuaishouLine.replace(/\t/g, ' ') || changed.out.trim(),
  );
  await control.setSwitches('kuaishou', { kuaishouNewBuild: false });
  // The 发布器 tab shows the last check the runner reported.
  await page.goto('/publish/batch?tab=runners');
  await page.getByTestId('own-runners').locator('[data-testid^="runner-drift-"]').first().waitFor();
  await page.screenshot({ path: shotPath('runners-drift'), fullPage: true });
} catch (error) {
  record('walkthrough', false, error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await browser?.close().catch(() => undefined);
  await stop(ctx.runner).catch(() => undefined);
  await sandbox?.stop().catch(() => undefined);
  await stop(server?.child).catch(() => undefined);
}

console.log(`\n${'step'.padEnd(56)}result  detail`);
for (const r of results) {
  console.log(`${r.step.padEnd(56)}${r.ok ? 'PASS' : 'FAIL'}    ${r.detail.split('\n')[0]}`);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
