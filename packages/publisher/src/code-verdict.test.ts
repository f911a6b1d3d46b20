import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { sandboxControl } from '@vidmatrix/platform-sandbox/client';
import { startSandbox, type Sandbox } from '@vidmatrix/platform-sandbox/server';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRefused } from './code-verdict.ts';
import { douyin } from './connectors/douyin.ts';
import { until } from '../test/support.ts';

let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  sandbox = await startSandbox();
  browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

describe("a code's verdict on Douyin's SMS dialog", () => {
  // The sandbox's dialog leaves a wrong code's error on screen and, on the next wrong code, writes the
  // same text into it again: the second verdict was read only once the old error had stayed 15 s.
  it('reads a second wrong code as refused as soon as the page writes its error again', async () => {
    const control = sandboxControl(sandbox.url);
    await control.setSwitches('douyin', { douyinLoginSms: true });
    const page = await browser.newPage();
    try {
      await page.goto(`${sandbox.url}/douyin/`);
      await control.scan((await page.locator(douyin.selectors.qrImage).first().getAttribute('src')) ?? '', 'verdict');
      const sms = douyin.dialogs.sms;
      await page.locator(sms.root).first().waitFor();
      // The test's own count of the verdicts the page wrote (a verdict rewrites the error's text).
      await page.evaluate((selector) => {
        const w = window as unknown as { verdicts: number };
        w.verdicts = 0;
        new MutationObserver(() => (w.verdicts += 1)).observe(document.querySelector(selector) ?? document, {
          childList: true,
        });
      }, sms.error ?? '');
      const verdicts = () => page.evaluate(() => (window as unknown as { verdicts: number }).verdicts);
      const { code } = await control.code('douyin', 'verdict');
      const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const error = page
        .locator(sms.error ?? '')
        .filter({ hasText: /\S/ })
        .first();

      for (const round of [1, 2]) {
        await page
          .locator(sms.input ?? '')
          .first()
          .fill(wrongCode);
        const refused = await codeRefused(error);
        // Before this code's verdict, the previous code's error (round 2) is not this one's.
        expect(await refused()).toBe(false);
        await page
          .locator(sms.confirm ?? '')
          .first()
          .click();
        await until('the page writes its verdict', verdicts, (n) => n === round, 60_000);
        expect(await error.textContent()).toBe('验证码错误，请重新输入');
        expect(await refused()).toBe(true);
      }
    } finally {
      await page.close();
      await control.reset();
    }
  });
});
