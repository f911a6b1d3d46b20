// Issue 10/22 figures: runner overhead — a job's wall time (open the account's browser context, upload,
// fill, submit, prove it in the works list, close) minus the platform's own upload and processing time
// (the platform sandbox records both per upload) ≤ 5 s — and Chromium memory: peak Pss summed over the
// processes the job started (/proc/<pid>/smaps_rollup, so shared pages count once) ≤ 400 MB for a lone
// active context, ≤ 250 MB for one open and idle, and ≤ 250 MB per context with BENCH_ACCOUNTS (3)
// accounts publishing at once, as a runner holds them (the Chromium executable's pages are mapped once
// for all). The sandbox runs in a process of its own (the "platform"); this process is the runner. Its
// works list shows new posts at once, so what is left is the runner's own time. Needs Debian Chromium
// and ffmpeg.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir, makeVideo } from '@vidmatrix/fixtures';
import { register } from 'tsx/esm/api';
import { processTree, report } from './lib.mjs';

register();
const JOBS = Number(process.env.BENCH_JOBS ?? 3);
const PLATFORM = process.env.BENCH_PLATFORM ?? 'douyin';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 3);

const { sandboxControl } = await import('../tools/platform-sandbox/src/client.ts');
const { startSandboxProcess } = await import('../tools/platform-sandbox/src/process.ts');
const { openAccount } = await import('../packages/publisher/src/run-job.ts');
const { RUNNER_CHROMIUM_ARGS } = await import('../packages/publisher/src/browser.ts');
const { sandboxOptions, TEST_TIMEOUTS } = await import('../packages/publisher/test/support.ts');

const sandboxProcess = await startSandboxProcess();
const { url } = sandboxProcess;
const platformProcess = sandboxProcess.child;
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
 * proportional set size (Pss), so pages the Chromium processes share are counted once, not per
 * process; and its anonymous and shared-memory part alone (Pss_Anon + Pss_Shmem, "own"): the file
 * part (the Chromium binary's pages) shrinks whenever another Chromium on the machine maps the same
 * pages, so on a shared machine total Pss moves by ±100 MB between runs, and flags are compared on
 * the own part.
 */
const platformTree = processTree(platformProcess.pid);
const browserMemory = () => {
  const sum = { pss: 0, own: 0, kinds: {} };
  for (const pid of processTree(process.pid)) {
    if (pid === process.pid || platformTree.has(pid)) {
      continue;
    }
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
      sum.pss += kb('Pss');
      sum.own += kb('Pss_Anon') + kb('Pss_Shmem');
      // Chromium rewrites its command line into one string: the process kind is its --type.
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const kind = (argv.find((a) => a.startsWith('--type=')) ?? '--type=browser').slice('--type='.length);
      const sub = argv
        .find((a) => a.startsWith('--utility-sub-type='))
        ?.split('.')
        .at(-1);
      const name = sub ? `${kind}:${sub}` : kind;
      sum.kinds[name] = (sum.kinds[name] ?? 0) + kb('Pss_Anon') + kb('Pss_Shmem');
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
};

// Side by side, one job of each in turn: the shared Chromium flags alone (baseline) and with the
// runner's own (RUNNER_CHROMIUM_ARGS). BENCH_VARIANTS="name=--flag --flag;name2=..." tries others.
const variants = process.env.BENCH_VARIANTS
  ? process.env.BENCH_VARIANTS.split(';').map((spec) => {
      const eq = spec.indexOf('=');
      const flags = eq < 0 ? '' : spec.slice(eq + 1);
      return { name: eq < 0 ? spec : spec.slice(0, eq), args: flags.split(' ').filter(Boolean) };
    })
  : [{ name: 'runner flags', args: [...RUNNER_CHROMIUM_ARGS] }];
const all = [{ name: 'baseline', args: [] }, ...variants];
const rows = new Map(all.map((v) => [v.name, []]));
for (let i = 0; i < JOBS; i += 1) {
  for (const variant of all) {
    const before = (await control.timings()).length;
    let peak = 0;
    let peakOwn = 0;
    let peakKinds = {};
    const sample = () => {
      const now = browserMemory();
      if (now.own > peakOwn) {
        peakKinds = now.kinds;
      }
      peak = Math.max(peak, now.pss);
      peakOwn = Math.max(peakOwn, now.own);
    };
    const sampler = setInterval(sample, 200);
    const started = performance.now();
    const session = await openAccount(account, { ...options, runnerArgs: variant.args });
    const result = await session.publish({
      id: `bench-${variant.name}-${i}`,
      platform: PLATFORM,
      account,
      videoPath: video,
      title: `新品上架 第${rows.get(variant.name).length + 1}期 ${all.indexOf(variant)}`,
      description: '春季新品到店，欢迎来体验',
      topics: ['新品'],
    });
    sample();
    await session.close();
    const wall = performance.now() - started;
    clearInterval(sampler);
    const timing = (await control.timings()).slice(before).at(-1);
    if (result.outcome !== 'published' || !timing?.processedAt) {
      throw new Error(`${variant.name} job ${i}: ${result.outcome} ${result.error?.message ?? ''}`);
    }
    const platformMs = timing.processedAt - timing.startedAt;
    rows.get(variant.name).push({ wall, platformMs, overhead: wall - platformMs, peak, peakOwn });
    console.log(
      `${variant.name} job ${i + 1}: wall ${(wall / 1000).toFixed(1)} s, platform upload+processing ${(platformMs / 1000).toFixed(1)} s, ` +
        `overhead ${((wall - platformMs) / 1000).toFixed(1)} s, browser memory peak Pss ${(peak / 2 ** 20).toFixed(0)} MB, own ${(peakOwn / 2 ** 20).toFixed(0)} MB (own at its peak: ${Object.entries(
          peakKinds,
        )
          .map(([k, v]) => `${k} ${(v / 2 ** 20).toFixed(0)}`)
          .join(', ')})`,
    );
  }
}
// Idle: an account's browser open with nothing to do, as a runner keeps it between jobs.
const idleSession = await openAccount(account, options);
let idlePeak = 0;
for (let k = 0; k < 10; k += 1) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  idlePeak = Math.max(idlePeak, browserMemory().pss);
}
await idleSession.close();
// How a runner really holds accounts: several active at once, each in its own Chromium. The
// executable's pages (about 250 MB of a lone context's Pss) are mapped once and shared, so each
// context's share of the total is what an extra active account costs.
const together = [];
for (let a = 0; a < ACCOUNTS; a += 1) {
  const other = { id: `bench-${a}`, profileDir: join(dir, `profile-${a}`) };
  const first = await openAccount(other, options);
  await first.loginByQr(PLATFORM, (image) => control.scan(image, `bench-user-${a}`).then(() => undefined));
  await first.close();
  together.push(other);
}
let peakTogether = 0;
const sampleTogether = setInterval(() => (peakTogether = Math.max(peakTogether, browserMemory().pss)), 200);
await Promise.all(
  together.map(async (other, a) => {
    const session = await openAccount(other, options);
    const result = await session.publish({
      id: `bench-together-${a}`,
      platform: PLATFORM,
      account: other,
      videoPath: video,
      title: `新品上架 同时发布 ${a + 1}`,
      description: '春季新品到店，欢迎来体验',
      topics: ['新品'],
    });
    await session.close();
    if (result.outcome !== 'published') {
      throw new Error(`account ${a} at once: ${result.outcome} ${result.error?.message ?? ''}`);
    }
  }),
);
clearInterval(sampleTogether);
await sandboxProcess.stop();
const median = (name, key) => {
  const list = [...rows.get(name)].sort((a, b) => a[key] - b[key]);
  return list[Math.floor(list.length / 2)][key];
};
console.log(
  `${PLATFORM}, ${JOBS} jobs per variant, ${(statSync(video).size / 2 ** 20).toFixed(1)} MB video; medians below (target: overhead ≤ 5 s, Pss ≤ 400 MB per context)`,
);
const mb = (name, key = 'peak') => median(name, key) / 2 ** 20;
for (const variant of variants) {
  console.log(`${variant.name}: ${variant.args.join(' ') || '(none)'}`);
  report(
    `  job wall time`,
    median(variant.name, 'wall') / 1000,
    median(variant.name, 'platformMs') / 1000,
    's',
    'wall − platform ≤ 5 s',
  );
  console.log(
    `  runner overhead: ${(median(variant.name, 'overhead') / 1000).toFixed(1)} s (baseline flags ${(median('baseline', 'overhead') / 1000).toFixed(1)} s; target ≤ 5 s)`,
  );
  report(`  memory (Pss) per active account context`, mb(variant.name), mb('baseline'), 'MB', '≤ 400 MB');
  report(
    `  own memory (Pss anon + shmem) per active account context`,
    mb(variant.name, 'peakOwn'),
    mb('baseline', 'peakOwn'),
    'MB',
    '< 1',
  );
}
console.log(
  `${ACCOUNTS} accounts active at once (runner flags): peak Pss ${(peakTogether / 2 ** 20).toFixed(0)} MB in all, ` +
    `${(peakTogether / ACCOUNTS / 2 ** 20).toFixed(0)} MB per active account context (target ≤ 250 MB)`,
);
console.log(`one account's browser open and idle: peak Pss ${(idlePeak / 2 ** 20).toFixed(0)} MB (target ≤ 250 MB)`);
const kept = variants[0].name;
if (
  median(kept, 'overhead') > 5_000 ||
  mb(kept) > 400 ||
  peakTogether / ACCOUNTS > 250 * 2 ** 20 ||
  idlePeak > 250 * 2 ** 20
) {
  process.exitCode = 1;
}
