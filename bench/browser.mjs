// The browser side of the render benches: the web client served by the real server, one Chromium
// launched with the project's flags, and a page signed in as the demo member.
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { chromium } from 'playwright-core';
import { root, signIn, startServer } from './lib.mjs';

/**
 * Lighthouse's "slow 4G" for CDP's Network.emulateNetworkConditions: 562.5 ms request latency,
 * 1.44 Mbit/s down, 675 kbit/s up.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
};

/** Median of a list of numbers (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Starts the server with the built web client (WEB_DIST or apps/web/dist) on `port` (else a free one),
 * signs in and launches Chromium. `stop()` closes both.
 */
export async function startClientBench(port) {
  const server = await startServer({ port, env: { WEB_DIST: process.env.WEB_DIST ?? join(root, 'apps/web/dist') } });
  try {
    const token = await signIn(server.base);
    const browser = await chromium.launch(chromiumLaunchOptions());
    return {
      server,
      token,
      browser,
      async stop() {
        await browser.close();
        server.stop();
      },
    };
  } catch (err) {
    server.stop();
    throw err;
  }
}

/**
 * A 1440×900 zh-CN page of the web client signed in with `token`, and its CDP session with the CPU
 * throttled `cpuThrottle` times (call `throttle()` once the untimed setup is done).
 */
export async function signedInPage(browser, base, token, cpuThrottle) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/home');
  await page.evaluate((t) => {
    localStorage.setItem('memberToken', t);
    localStorage.setItem('username', 'demo');
  }, token);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, throttle: () => cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle }) };
}
