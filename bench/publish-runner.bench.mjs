// Issue 10 figures: runner overhead — a job's wall time (open the account's browser context, upload,
// fill, submit, prove it in the works list, close) minus the platform's own upload and processing time
// (the platform sandbox records both per upload) ≤ 5 s — and RSS per active account context ≤ 400 MB
// (the Chromium processes the job started, peak Pss from /proc/<pid>/smaps_rollup, so shared pages
// count once). The sandbox runs in a process of
// its own (the "platform"); this process is the runner. Its works list shows new posts at once, so
// what is left is the runner's own time. Needs Debian Chromium and ffmpeg.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { register } from 'tsx/esm/api';
import { processTree, report } from './lib.mjs';

register();
const self = fileURLToPath(import.meta.url);
const JOBS = Number(process.env.BENCH_JOBS ?? 3);
const PLATFORM = process.env.BENCH_PLATFORM ?? 'douyin';

if (process.argv[2] === 'sandbox') {
  const { startSandbox } = await import('../tools/platform-sandbox/src/server.ts');
  const sandbox = await startSandbox();
  process.send(sandbox.url);
  process.on('message', () => void sandbox.close().then(() => process.exit(0)));
  process.on('disconnect', () => process.exit(0));
} else {
  const { sandboxControl } = await import('../tools/platform-sandbox/src/client.ts');
  const { openAccount } = await import('../packages/publisher/src/run-job.ts');
  const { sandboxOptions, TEST_TIMEOUTS } = await import('../packages/publisher/src/test-support.ts');

  const platformProcess = fork(self, ['sandbox'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [url] = await once(platformProcess, 'message');
  const control = sandboxControl(url);
  await control.setSwitches(PLATFORM, { hiddenReads: 0, reviewReads: 0 });
  const dir = fixtureDir('vm-runner-bench-');
  // A few MB, so the throttled upload (256 KiB/s) takes seconds, as a real one does.
  const video = makeVideo(join(dir, 'post.mp4'), { width: 640, height: 360, rate: 25, seconds: 8, mbps: 3 });
  const options = sandboxOptions(url, join(dir, 'artefacts'), { ...TEST_TIMEOUTS, worksPoll: 250 });
  const account = { id: 'bench', profileDir: join(dir, 'profile') };
  const login = await openAccount(account, options);
  await login.loginByQr(PLATFORM, (image) => control.scan(image, 'bench-user').then(() => undefined));
  await login.close();

  /**
   * Memory of the processes this job started (the browser and its helpers, not the sandbox), bytes:
   * proportional set size (Pss), so pages the Chromium processes share are counted once, not per process.
   */
  const platformTree = processTree(platformProcess.pid);
  const childRss = () =>
    [...processTree(process.pid)]
      .filter((pid) => pid !== process.pid && !platformTree.has(pid))
      .reduce((sum, pid) => {
        try {
          const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
          return sum + Number(pss?.[1] ?? 0) * 1024;
        } catch {
          return sum;
        }
      }, 0);

  const rows = [];
  for (let i = 0; i < JOBS; i += 1) {
    const before = (await control.timings()).length;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, childRss())), 200);
    const started = performance.now();
    const session = await openAccount(account, options);
    const result = await session.publish({
      id: `bench-${i}`,
      platform: PLATFORM,
      account,
      videoPath: video,
      title: `新品上架 第${i + 1}期`,
      description: '春季新品到店，欢迎来体验',
      topics: ['新品'],
    });
    await session.close();
    const wall = performance.now() - started;
    clearInterval(sampler);
    const timing = (await control.timings()).slice(before).at(-1);
    if (result.outcome !== 'published' || !timing?.processedAt) {
      throw new Error(`job ${i}: ${result.outcome} ${result.error?.message ?? ''}`);
    }
    const platformMs = timing.processedAt - timing.startedAt;
    rows.push({ wall, platformMs, overhead: wall - platformMs, peak });
    console.log(
      `job ${i + 1}: wall ${(wall / 1000).toFixed(1)} s, platform upload+processing ${(platformMs / 1000).toFixed(1)} s, ` +
        `overhead ${((wall - platformMs) / 1000).toFixed(1)} s, browser memory (Pss) peak ${(peak / 2 ** 20).toFixed(0)} MB`,
    );
  }
  platformProcess.send('stop');
  const median = (key) => [...rows].sort((a, b) => a[key] - b[key])[Math.floor(rows.length / 2)][key];
  console.log(
    `${PLATFORM}, ${JOBS} jobs, ${(statSync(video).size / 2 ** 20).toFixed(1)} MB video; medians below (target: overhead ≤ 5 s, RSS ≤ 400 MB per context)`,
  );
  report('job wall time', median('wall') / 1000, median('platformMs') / 1000, 's', 'wall − platform ≤ 5 s');
  console.log(`runner overhead: ${(median('overhead') / 1000).toFixed(1)} s (target ≤ 5 s)`);
  console.log(`memory (Pss) per active account context: ${(median('peak') / 2 ** 20).toFixed(0)} MB (target ≤ 400 MB)`);
  if (median('overhead') > 5_000 || median('peak') > 400 * 2 ** 20) {
    process.exitCode = 1;
  }
}
