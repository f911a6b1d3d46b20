// What the build's compressed copies (apps/web/scripts/compress.mjs, sent by @fastify/static's
// `preCompressed`) save a first visit: bytes on the wire and LCP, cold cache, slow 4G (562.5 ms latency,
// 1.44 Mbit/s down) at 4× CPU, 390×844. The build (apps/web/dist, or WEB_DIST) is measured beside a copy
// of it without the .br/.gz files, each served by a server process of its own; Chromium, driven from this
// process, is the load. Pages: public ones, and the console signed in (its JS is the largest).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { chromium } from 'playwright-core';
import { median, SLOW_4G } from './browser.mjs';
import { root, signIn, startServer } from './lib.mjs';

const PAGES = (process.env.TRANSFER_PAGES ?? '/home,/login,/material/index').split(',');
/** Pages of the console: the visit carries a signed-in member's token. */
const CONSOLE = new Set(['/material/index', '/dashboard']);
const RUNS = Number(process.env.TRANSFER_RUNS ?? 3);

const dist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const plainDist = join(mkdtempSync(join(tmpdir(), 'vm-bench-plain-')), 'dist');
cpSync(dist, plainDist, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });

const OBSERVE = `
  window.__lcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * One cold visit: the bytes received (headers and bodies, as encoded), the LCP, and when the last response
 * ended (a pre-rendered page paints before its JS arrives, but answers clicks only once it has).
 */
async function visit(browser, base, path, token) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  if (token) {
    await page.addInitScript((t) => {
      localStorage.setItem('memberToken', t);
      localStorage.setItem('username', 'demo');
    }, token);
  }
  const cdp = await context.newCDPSession(page);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: 'networkidle', timeout: 300_000 });
  const { lcp, lastByte } = await page.evaluate(() => ({
    lcp: globalThis.__lcp,
    lastByte: Math.max(...performance.getEntries().map((entry) => entry.responseEnd ?? 0)),
  }));
  await context.close();
  return { bytes, lcp, lastByte };
}

// TRANSFER_PORT pins the two servers (port and port + 1); else each takes a free port from the OS.
const port = process.env.TRANSFER_PORT ? Number(process.env.TRANSFER_PORT) : undefined;
const compressed = await startServer({ port, env: { WEB_DIST: dist } });
const plain = await startServer({ port: port === undefined ? undefined : port + 1, env: { WEB_DIST: plainDist } });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const tokens = { compressed: await signIn(compressed.base), plain: await signIn(plain.base) };
  for (const path of PAGES) {
    const runs = { compressed: [], plain: [] };
    // Alternate the two so a load spike on this shared machine hits both alike.
    for (let run = 0; run < RUNS; run++) {
      const signedIn = CONSOLE.has(path);
      runs.compressed.push(await visit(browser, compressed.base, path, signedIn && tokens.compressed));
      runs.plain.push(await visit(browser, plain.base, path, signedIn && tokens.plain));
    }
    const kb = (side) => median(runs[side].map((r) => r.bytes)) / 1024;
    const ms = (side, figure) => median(runs[side].map((r) => r[figure]));
    const compare = (figure) =>
      `${ms('compressed', figure).toFixed(0)} ms vs ${ms('plain', figure).toFixed(0)} ms → ratio ${(ms('compressed', figure) / ms('plain', figure)).toFixed(2)}`;
    console.log(
      `${path}: ${kb('compressed').toFixed(0)} KB on the wire vs ${kb('plain').toFixed(0)} KB uncompressed → ratio ${(kb('compressed') / kb('plain')).toFixed(2)}; ` +
        `LCP ${compare('lcp')}; last byte ${compare('lastByte')} (median of ${RUNS})`,
    );
  }
} finally {
  await browser.close();
  await Promise.all([compressed.stop(), plain.stop()]);
  rmSync(plainDist, { recursive: true, force: true });
}
