import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { makeImage, makeVideo } from '@vidmatrix/fixtures';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sandboxControl, type SandboxControl } from '../../client.ts';
import { startSandbox, type Sandbox } from '../../server.ts';

/** A sandbox, a Chromium and media for tests that look at Xiaohongshu's pages directly. */
export interface XhsStage {
  sandbox: Sandbox;
  control: SandboxControl;
  browser: Browser;
  video: string;
  cover: string;
  /** `<sandbox>/xiaohongshu` */
  base: string;
}

/** Starts the sandbox (slow uploads, so progress shows) and Chromium. */
export async function startStage(): Promise<XhsStage> {
  const sandbox = await startSandbox({ uploadBytesPerSec: 8 * 1024 });
  const dir = mkdtempSync(join(tmpdir(), 'vm-xhs-site-'));
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
  return {
    sandbox,
    control: sandboxControl(sandbox.url),
    browser,
    video: makeVideo(join(dir, 'note.mp4'), { width: 160, height: 120, rate: 10, seconds: 2 }),
    cover: makeImage(join(dir, 'cover.png'), { width: 320, height: 240, color: 'orange' }),
    base: `${sandbox.url}/xiaohongshu`,
  };
}

/** Logs a fresh browser context in through the QR panel, the control API playing the phone. */
export async function signedIn(stage: XhsStage, user: string): Promise<Page> {
  const context = await stage.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${stage.base}/login`);
  await page.locator('img.css-wemwzq').click();
  const qr = page.locator('div[class*="login-box"] img.css-1lhmg90');
  await stage.control.scan((await qr.getAttribute('src')) ?? '', user);
  await page.waitForURL(/\/new\/home$/, { timeout: 60_000 });
  return page;
}

/** Opens the video publish page and uploads the video until the publish control is enabled. */
export async function uploaded(stage: XhsStage, page: Page): Promise<void> {
  await page.goto(`${stage.base}/publish/publish?from=homepage&target=video`);
  await page.locator('div[class^="upload-content"] input.upload-input').setInputFiles(stage.video);
  await page.locator('div[class*="preview-new"]', { hasText: '上传成功' }).waitFor({ timeout: 60_000 });
  await page.locator('xhs-publish-btn:not([disabled])').waitFor({ timeout: 60_000 });
}

/** Dismisses the guide tour (下一步, 我知道了) until no step is left. */
export async function dismissTour(page: Page): Promise<void> {
  const next = page.locator('.guide-popover button');
  while (await next.isVisible()) {
    await next.click();
  }
}

/** Names of the buttons in the accessibility tree, closed shadow roots included (what a screen reader hears). */
export async function buttonNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value?: unknown }; name?: { value?: unknown } }[];
  };
  await cdp.detach();
  return nodes.flatMap((n) => (n.role?.value === 'button' && typeof n.name?.value === 'string' ? [n.name.value] : []));
}

/** Uploads, dismisses the tour, types a title and clicks the publish control (a click on its host). */
export async function publishNow(stage: XhsStage, page: Page, title: string): Promise<void> {
  await uploaded(stage, page);
  await dismissTour(page);
  await page.locator('input[placeholder*="填写标题"]').fill(title);
  await page.locator('xhs-publish-btn').click();
}
