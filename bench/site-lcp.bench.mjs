// Issue 12 figures: public pages' LCP ≤ 2.5 s and CLS ≤ 0.1 in Chromium at 4× CPU throttling on a
// slow-4G profile (Lighthouse's "slow 4G": 562.5 ms request latency, 1.44 Mbit/s down, 675 kbit/s up),
// cold cache, 390×844 phone viewport. The pre-rendered build (apps/web/dist) is measured beside the
// same build without its pre-rendered HTML (the SPA shell every other path gets), each served by a
// server process of its own; Chromium, driven from this process, is the load.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { chromium } from 'playwright-core';
import { median, SLOW_4G } from './browser.mjs';
import { root, startServer } from './lib.mjs';

// Every pre-rendered page (apps/web/src/app/routes/public-pages.ts); SITE_LCP_PAGES=/a,/b measures a few.
const PAGES = (
  process.env.SITE_LCP_PAGES ??
  '/home,/download,/agentCenter,/changeLog,/subscribe,/live,/productDetail,/userCourseCenter,/courseCenter?id=getting-started,/protocol'
).split(',');
const RUNS = Number(process.env.SITE_LCP_RUNS ?? 3);

const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const spaDist = join(mkdtempSync(join(tmpdir(), 'vm-bench-spa-')), 'dist');
cpSync(dist, spaDist, { recursive: true });
rmSync(join(spaDist, 'prerendered'), { recursive: true, force: true });

// Records the last LCP candidate and the layout shifts not caused by input, from the first byte on.
const OBSERVE = `
  window.__lcp = 0; window.__cls = 0; window.__lcpOf = '';
  const named = (el) => el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' "' + (el.textContent || '').trim().slice(0, 24) + '"' : '?';
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__lcp = e.startTime; window.__lcpOf = named(e.element); } })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
`;

async function measure(browser, base, path) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: 'networkidle', timeout: 180_000 });
  // Late shifts (fonts, data arriving) count too: settle, then read before anything ends the LCP window.
  await page.waitForTimeout(2_000);
  const result = await page.evaluate(() => ({ lcp: globalThis.__lcp, cls: globalThis.__cls, of: globalThis.__lcpOf }));
  await context.close();
  return result;
}

// SITE_LCP_PORT pins the two servers (port and port + 1); else each takes a free port from the OS.
const port = process.env.SITE_LCP_PORT ? Number(process.env.SITE_LCP_PORT) : undefined;
const prerendered = await startServer({ port, env: { WEB_DIST: dist } });
const spa = await startServer({ port: port === undefined ? undefined : port + 1, env: { WEB_DIST: spaDist } });
const browser = await chromium.launch(chromiumLaunchOptions());
let failed = false;
try {
  for (const path of PAGES) {
    const lcp = { pre: [], spa: [] };
    const elements = new Set();
    const cls = { pre: [], spa: [] };
    // Alternate the two builds so a load spike on this shared machine hits both alike.
    for (let run = 0; run < RUNS; run++) {
      const a = await measure(browser, prerendered.base, path);
      const b = await measure(browser, spa.base, path);
      lcp.pre.push(a.lcp);
      elements.add(a.of);
      cls.pre.push(a.cls);
      lcp.spa.push(b.lcp);
      cls.spa.push(b.cls);
    }
    const preLcp = median(lcp.pre);
    const spaLcp = median(lcp.spa);
    const preCls = Math.max(...cls.pre);
    console.log(
      `${path}: LCP ${preLcp.toFixed(0)} ms pre-rendered vs ${spaLcp.toFixed(0)} ms SPA shell → ratio ${(preLcp / spaLcp).toFixed(2)}; ` +
        `LCP/target ${(preLcp / 2500).toFixed(2)} (≤ 1); CLS ${preCls.toFixed(3)} (worst of ${RUNS}; SPA ${Math.max(...cls.spa).toFixed(3)}; target ≤ 0.1); ` +
        `LCP element ${[...elements].join(' | ')}`,
    );
    failed ||= preLcp > 2500 || preCls > 0.1;
  }
} finally {
  await browser.close();
  prerendered.stop();
  spa.stop();
  rmSync(spaDist, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
