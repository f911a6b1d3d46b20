import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { makeImage, makeVideo } from '@vidmatrix/fixtures';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { SandboxControl } from '../../client.ts';

/** Polls `read` until `check` holds (never a fixed sleep); fails with what it last saw. */
export async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`${what}: still ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Media for the tests: a short video, a bigger one (so progress shows), a cover. */
export async function makeMedia() {
  const dir = await mkdtemp(join(tmpdir(), 'vm-douyin-site-'));
  return {
    video: makeVideo(join(dir, 'clip.mp4'), { width: 160, height: 120, rate: 10, seconds: 1 }),
    bigVideo: makeVideo(join(dir, 'big.mp4'), { width: 320, height: 240, rate: 10, seconds: 3, mbps: 2 }),
    cover: makeImage(join(dir, 'cover.png'), { width: 300, height: 400, color: 'orange' }),
  };
}

/** Chromium as the project launches it. */
export function launch(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunchOptions(), headless: true });
}

/** A context signed in to Douyin as `user` through the login page's QR (the control's scan plays the phone). */
export async function signedIn(browser: Browser, base: string, control: SandboxControl, user: string) {
  const context: BrowserContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/douyin/`);
  const src = await page.locator('#animate_qrcode_container img').getAttribute('src');
  await control.scan(src ?? '', user);
  await page.waitForURL(/\/douyin\/creator-micro\/home/);
  await page.close();
  return context;
}

/** The element a click at the centre of `selector` would reach: the selector's own element or what covers it. */
export function clickLandsOn(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((target) => {
      target.scrollIntoView({ block: 'center' });
      const r = target.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (hit === target || target.contains(hit));
    });
}

/** Closes the shepherd tour the way a person does: 下一步, then 我知道了. */
export async function closeTour(page: Page) {
  await page.locator('.shepherd-element .shepherd-button', { hasText: '下一步' }).click();
  await page.locator('.shepherd-element .shepherd-button', { hasText: '我知道了' }).click();
}

/** Opens the upload page, sets the file and waits until 重新上传 shows and 发布 is enabled. */
export async function uploaded(page: Page, base: string, file: string) {
  await page.goto(`${base}/douyin/creator-micro/content/upload`);
  await page.locator('input.upload-btn-input').setInputFiles(file);
  await page.locator('[class^="long-card"]', { hasText: '重新上传' }).waitFor();
  await page.locator('button:text-is("发布"):enabled').waitFor();
}
