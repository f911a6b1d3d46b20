import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dismissTour, signedIn, startStage, uploaded, type XhsStage } from './xiaohongshu/test-support.ts';

// One test per item of research/connectors.md's "What a faithful local imitation must reproduce"
// (All, then Xiaohongshu), each looking at the sandbox's pages directly: no connector code.
let stage: XhsStage;

beforeAll(async () => {
  stage = await startStage();
});
afterAll(async () => {
  await stage?.browser.close();
  await stage?.sandbox.close();
});

const pages: Page[] = [];
async function page(user: string): Promise<Page> {
  const p = await signedIn(stage, user);
  pages.push(p);
  return p;
}
afterAll(async () => {
  for (const p of pages) {
    await p.context().close();
  }
});

const publishUrl = () => `${stage.base}/publish/publish?from=homepage&target=video`;

describe('xiaohongshu sandbox: what every creator centre must reproduce', () => {
  it('real paths and redirects: logged out → /login → QR → /new/home → publish page → /publish/success', async () => {
    const context = await stage.browser.newContext();
    const p = await context.newPage();
    await p.goto(publishUrl());
    expect(new URL(p.url()).pathname).toBe('/xiaohongshu/login');
    await context.close();
    const signed = await page('xhs-paths');
    expect(new URL(signed.url()).pathname).toBe('/xiaohongshu/new/home');
    await uploaded(stage, signed);
    await dismissTour(signed);
    await signed.locator('input[placeholder*="填写标题"]').fill('路径测试');
    await signed.locator('xhs-publish-btn').click();
    await signed.waitForURL(/\/publish\/success\?/);
    expect(await signed.locator('body').innerText()).toContain('发布成功');
  });

  it('a missing session cookie sends every page to the login', async () => {
    const p = await page('xhs-cookie');
    await p.goto(publishUrl());
    await expect(p.locator('div[class^="upload-content"]').count()).resolves.toBe(1);
    await p.context().clearCookies();
    await p.goto(`${stage.base}/new/note-manager?source=official`);
    expect(new URL(p.url()).pathname).toBe('/xiaohongshu/login');
    expect(await p.locator('div[class*="login-box"]').first().isVisible()).toBe(true);
  });

  it('the file input is hidden: waiting for it to be visible times out, setting files works', async () => {
    const p = await page('xhs-hidden-input');
    await p.goto(publishUrl());
    const input = p.locator('div[class^="upload-content"] input.upload-input');
    expect(await input.getAttribute('accept')).toContain('.mp4');
    await expect(input.waitFor({ state: 'visible', timeout: 1_000 })).rejects.toThrow(/Timeout/);
    await input.setInputFiles(stage.video);
    await p.locator('div[class*="preview-new"]', { hasText: '上传中' }).waitFor();
    // Finished here, so this upload is not still in flight when the next test switches failures on.
    await p.locator('div[class*="preview-new"]', { hasText: '上传成功' }).waitFor({ timeout: 60_000 });
  });

  it('the upload is slow and shows its percent; uploadFailures makes it fail with 上传失败 until sent again', async () => {
    await stage.control.setSwitches('xiaohongshu', { uploadFailures: 1 });
    try {
      const p = await page('xhs-upload-fail');
      await p.goto(publishUrl());
      const input = p.locator('input.upload-input');
      await input.setInputFiles(stage.video);
      const preview = p.locator('div[class*="preview-new"]');
      await preview.filter({ hasText: /上传中 \d+%/ }).waitFor();
      await preview.filter({ hasText: '上传失败' }).waitFor({ timeout: 60_000 });
      expect(await preview.innerText()).not.toMatch(/上传成功|重新上传|100%/);
      await input.setInputFiles([]);
      await input.setInputFiles(stage.video);
      await preview.filter({ hasText: '上传成功' }).waitFor({ timeout: 60_000 });
    } finally {
      await stage.control.reset();
    }
  });

  it('a tour takes the 发布 click until it is dismissed', async () => {
    const p = await page('xhs-tour');
    await uploaded(stage, p);
    await expect(p.locator('xhs-publish-btn').click({ trial: true, timeout: 1_500 })).rejects.toThrow(
      /intercepts pointer events|Timeout/,
    );
    await dismissTour(p);
    await p.locator('xhs-publish-btn').click({ trial: true, timeout: 10_000 });
  });

  it('a new build renames the hashed class names', async () => {
    const context = await stage.browser.newContext();
    const p = await context.newPage();
    await p.goto(`${stage.base}/login`);
    expect(await p.locator('img.css-wemwzq').count()).toBe(1);
    await stage.control.setSwitches('xiaohongshu', { xiaohongshuNewBuild: true });
    try {
      await p.reload();
      expect(await p.locator('img.css-wemwzq').count()).toBe(0);
      expect(await p.locator('div[class*="login-box"] img[class^="css-"]').count()).toBeGreaterThan(0);
    } finally {
      await stage.control.reset();
      await context.close();
    }
  });
});

describe('xiaohongshu sandbox: the login and upload page of the real site', () => {
  it('/login opens on the phone form; the corner icon shows 「APP扫一扫登录」 with the QR in the following div; an expired QR is swapped', async () => {
    await stage.control.setSwitches('xiaohongshu', { qrExpiries: 1 });
    const context = await stage.browser.newContext();
    try {
      const p = await context.newPage();
      await p.goto(`${stage.base}/login`);
      const qr = p.locator('img.css-1lhmg90');
      expect(await p.getByText('短信登录').isVisible()).toBe(true);
      expect(await qr.isVisible()).toBe(false);
      await p.locator('div[class*="login-box"] img.css-wemwzq').click();
      await p.getByText('APP扫一扫登录').waitFor();
      const sibling = p.locator('xpath=//div[text()="APP扫一扫登录"]/following-sibling::div[1]//img');
      expect(await sibling.getAttribute('src')).toMatch(/^data:image\//);
      const first = await qr.getAttribute('src');
      await p.waitForFunction((old) => document.querySelector('img.css-1lhmg90')?.getAttribute('src') !== old, first);
    } finally {
      await context.close();
      await stage.control.reset();
    }
  });

  it('the mode tabs are .creator-tab, with an off-screen copy of each at left:-9999px', async () => {
    const p = await page('xhs-tabs');
    await p.goto(publishUrl());
    const video = p.locator('.creator-tab', { hasText: '上传视频' });
    expect(await video.count()).toBe(2);
    const xs = await video.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left));
    expect(xs.some((x) => x <= -9000)).toBe(true);
    expect(xs.some((x) => x >= 0)).toBe(true);
  });

  it('the upload status is the preview-new sibling of the hidden input: 上传成功, 100%, 重新上传; the title input appears only then', async () => {
    const p = await page('xhs-preview');
    await p.goto(publishUrl());
    const title = p.locator('input[placeholder*="填写标题"]');
    expect(await title.isVisible()).toBe(false);
    await uploaded(stage, p);
    const preview = p.locator(
      'xpath=//input[contains(@class,"upload-input")]/following-sibling::div[contains(@class,"preview-new")]',
    );
    const text = await preview.innerText();
    for (const word of ['上传成功', '100%', '重新上传', '分辨率', '编辑封面']) {
      expect(text).toContain(word);
    }
    expect(await title.isVisible()).toBe(true);
  });

  it('4 px decoys match input[class*=title] and filling them does nothing; the 填写标题 input counts to 20', async () => {
    const p = await page('xhs-decoy');
    await uploaded(stage, p);
    await dismissTour(p);
    const decoy = p.locator('input[class*="title"]').first();
    const box = await decoy.boundingBox();
    expect(box && Math.round(box.width) <= 4 && Math.round(box.height) <= 4).toBe(true);
    await decoy.fill('假标题');
    expect(await p.locator('.d-text-count').innerText()).toBe('0/20');
    await p.locator('input[placeholder*="填写标题"]').fill('春季新品');
    expect(await p.locator('.d-text-count').innerText()).toBe('4/20');
  });
});
