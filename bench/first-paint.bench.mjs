// Issue 25 figure: a cold load of a console page paints the console layout with a skeleton of the page
// in ≤ 2.5 s in Chromium at 4× CPU throttling on Lighthouse's slow 4G (562.5 ms latency, 1.44 Mbit/s
// down), cache disabled, 1440×900, signed in. The build under test (apps/web/dist, or WEB_DIST) is
// measured beside a baseline build (FIRST_PAINT_BASELINE_DIST, e.g. the previous commit's apps/web/dist),
// each served by a server process of its own; Chromium, driven from this process, is the load.
//
// First paint = the first animation frame in which the console frame is on screen: the layout's sidebar
// (data-testid="sidebar", the real layout) or the skeleton frame (data-console-frame). Ready = the
// sidebar's menu has links (the session, menus and page code are in). Both are read in the page from
// navigation start, so the figures do not include Playwright's round trips.
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { chromium } from 'playwright-core';
import { median, SLOW_4G } from './browser.mjs';
import { root, signIn, startServer } from './lib.mjs';

const PAGES = (
  process.env.FIRST_PAINT_PAGES ??
  '/dashboard,/material/index,/publish/batch,/customer/leads,/account/index,/ai/operate'
).split(',');
const RUNS = Number(process.env.FIRST_PAINT_RUNS ?? 5);
const TARGET_MS = 2_500;
/** A load that has not painted the frame by then counts as this (and fails the target). */
const GIVE_UP_MS = 60_000;

const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const baselineDist = process.env.FIRST_PAINT_BASELINE_DIST;
if (!baselineDist) {
  console.error(
    "FIRST_PAINT_BASELINE_DIST: the baseline build to compare with (e.g. the previous commit's apps/web/dist)",
  );
  process.exit(2);
}

const OBSERVE = `
  window.__paint = 0; window.__ready = 0;
  const frame = () => document.querySelector('[data-console-frame], [data-testid="sidebar"]');
  const ready = () => document.querySelector('[data-testid="sidebar"] a[href]');
  const tick = () => {
    if (!window.__paint && frame()) window.__paint = performance.now();
    if (!window.__ready && ready()) window.__ready = performance.now();
    if (!window.__ready) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

/** Milliseconds from navigation start to the first frame with the console frame, and to a ready menu. */
async function measure(browser, base, token, path) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript((t) => {
    localStorage.setItem('memberToken', t);
    localStorage.setItem('username', 'demo');
  }, token);
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: 'commit', timeout: GIVE_UP_MS });
  let result;
  try {
    await page.waitForFunction(() => globalThis.__ready > 0, undefined, { timeout: GIVE_UP_MS, polling: 200 });
  } catch {
    // Not ready in time: the figures below say how far it got.
  }
  result = await page.evaluate(() => ({ paint: globalThis.__paint, ready: globalThis.__ready }));
  await context.close();
  return { paint: result.paint || GIVE_UP_MS, ready: result.ready || GIVE_UP_MS };
}

const p95 = (values) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

const current = await startServer({ env: { WEB_DIST: dist } });
const baseline = await startServer({ env: { WEB_DIST: baselineDist } });
const browser = await chromium.launch(chromiumLaunchOptions());
let failed = false;
try {
  const tokens = { current: await signIn(current.base), baseline: await signIn(baseline.base) };
  const all = { current: [], baseline: [] };
  for (const path of PAGES) {
    const runs = { current: [], baseline: [] };
    // Alternate the two builds so a load spike on this shared machine hits both alike.
    for (let run = 0; run < RUNS; run++) {
      runs.current.push(await measure(browser, current.base, tokens.current, path));
      runs.baseline.push(await measure(browser, baseline.base, tokens.baseline, path));
    }
    const paint = (side) => runs[side].map((r) => r.paint);
    const ready = (side) => runs[side].map((r) => r.ready);
    all.current.push(...runs.current);
    all.baseline.push(...runs.baseline);
    console.log(
      `${path}: first paint median ${median(paint('current')).toFixed(0)} ms vs baseline ${median(paint('baseline')).toFixed(0)} ms ` +
        `→ ratio ${(median(paint('current')) / median(paint('baseline'))).toFixed(2)}; ` +
        `ready median ${median(ready('current')).toFixed(0)} ms vs ${median(ready('baseline')).toFixed(0)} ms`,
    );
  }
  const figures = (side, key) => all[side].map((r) => r[key]);
  const paintMedian = median(figures('current', 'paint'));
  const paintP95 = p95(figures('current', 'paint'));
  console.log(
    `all pages (${all.current.length} cold loads each): first paint median ${paintMedian.toFixed(0)} ms, p95 ${paintP95.toFixed(0)} ms ` +
      `vs baseline median ${median(figures('baseline', 'paint')).toFixed(0)} ms, p95 ${p95(figures('baseline', 'paint')).toFixed(0)} ms ` +
      `→ ratio (median) ${(paintMedian / median(figures('baseline', 'paint'))).toFixed(2)}; p95/target ${(paintP95 / TARGET_MS).toFixed(2)} (≤ 1)`,
  );
  console.log(
    `ready (menu and page code in): median ${median(figures('current', 'ready')).toFixed(0)} ms, p95 ${p95(figures('current', 'ready')).toFixed(0)} ms ` +
      `vs baseline median ${median(figures('baseline', 'ready')).toFixed(0)} ms, p95 ${p95(figures('baseline', 'ready')).toFixed(0)} ms`,
  );
  failed = paintP95 > TARGET_MS;
} finally {
  await browser.close();
  await current.stop();
  await baseline.stop();
}
process.exit(failed ? 1 : 0);
