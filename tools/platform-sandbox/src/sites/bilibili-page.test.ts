import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { sandboxControl } from '../client.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import { bilibiliClient, fakeMp4 } from './bilibili/test-client.ts';

// research §5's browser flow on the sandbox's upload page, driven by hand (no connector code).
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
let sandbox: Sandbox;
let browser: Browser;

beforeAll(async () => {
  sandbox = await startSandbox({ uploadBytesPerSec: 4 * 1024 * 1024 });
  browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

it('the upload page: 上传完成, 80-char title, Quill description, Enter tags, cover dialog, span.submit-add', async () => {
  const control = sandboxControl(sandbox.url);
  await control.setSwitches('bilibili', { bilibiliChunkSize: 2_048 });
  const client = bilibiliClient(sandbox.url);
  await client.login('bili-page');
  const dir = await mkdtemp(join(tmpdir(), 'vm-bili-page-'));
  const video = join(dir, 'page.mp4');
  await writeFile(video, fakeMp4(2));
  const cover = join(dir, 'cover.png');
  await writeFile(cover, Buffer.from(ONE_PIXEL_PNG, 'base64'));
  const context = await browser.newContext();
  await context.addCookies([...client.jar].map(([name, value]) => ({ name, value, url: `${sandbox.url}/bilibili` })));
  const page = await context.newPage();
  await page.goto(`${sandbox.url}/bilibili/platform/upload/video/frame`);
  await page.locator('input[type=file]').first().setInputFiles(video);
  await page.getByText('上传完成').waitFor();
  await expect(page.locator('input[maxlength="80"]').inputValue()).resolves.toBe('page');
  await page.locator('input[maxlength="80"]').fill('页面投稿');
  await page.locator('div.ql-editor[contenteditable]').fill('简介文字');
  const tag = page.locator('input[placeholder="按回车键Enter创建标签"]');
  await tag.fill('新品');
  await tag.press('Enter');
  await expect(page.locator('div.tag-pre-wrp .label-item-v2-container').allInnerTexts()).resolves.toEqual(['新品']);
  await page.locator('.cover-empty-pill').click();
  await page.locator('div.cover-select-header-tab').getByText('上传封面').click();
  await page.locator("div.bcc-upload-wrapper > input[accept='image/png, image/jpeg']").setInputFiles(cover);
  await page.locator('.cover-preview').waitFor();
  await page.getByRole('button', { name: '完成' }).click();
  await page.locator('span.submit-add').click();
  await page.waitForURL(/\/platform\/upload-manager\/article$/);
  const work = (await control.works('bilibili')).find((w) => w.user === 'bili-page');
  expect(work).toMatchObject({ title: '页面投稿', description: '简介文字', topics: ['新品'] });
  expect(work?.cover).toMatch(/^http:\/\/i0\.hdslb\.com\/bfs\/archive\//);
  expect(work?.file?.name).toBe('page.mp4');
  await context.close();
});
