import { appendFile, copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '@vidmatrix/chromium';
import { makeImage, makeVideo } from '@vidmatrix/fixtures';
import { sandboxControl, type SandboxControl } from '../client.ts';
import { qrDataUrl } from '../qr.ts';
import { startSandbox, type Sandbox } from '../server.ts';

// Written from research/connectors.md §4 and its "faithful imitation" list, never from a connector:
// each test looks at the sandbox's Channels pages directly, as a person in the browser would.

let sandbox: Sandbox;
let control: SandboxControl;
let browser: Browser;
let video: string;
let bigVideo: string;
let cover: string;
let base: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ uploadBytesPerSec: 512 * 1024 });
  control = sandboxControl(sandbox.url);
  base = `${sandbox.url}/channels`;
  const dir = await mkdtemp(join(tmpdir(), 'vm-channels-site-'));
  video = makeVideo(join(dir, 'tiny.mp4'), { width: 160, height: 120, rate: 10, seconds: 1 });
  // The same video padded to 3 MB: a transfer long enough for its progress to show.
  bigVideo = join(dir, 'big.mp4');
  await copyFile(video, bigVideo);
  await appendFile(bigVideo, Buffer.alloc(3 * 1024 * 1024));
  cover = makeImage(join(dir, 'cover.png'), { width: 320, height: 240, color: 'orange' });
  browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
});

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});

beforeEach(async () => {
  await control.setSwitches('channels', { channelsAccountDialog: false });
});

afterEach(async () => {
  for (const c of contexts.splice(0)) {
    await c.close();
  }
  await control.reset();
});

let serial = 0;
async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  contexts.push(context);
  return context.newPage();
}

/** Signs in through login.html's QR iframe, the control API's scan standing in for the phone. */
async function signedIn(user = `channels-site-${(serial += 1)}`): Promise<Page> {
  const page = await freshPage();
  await page.goto(`${base}/login.html`);
  const src = await page.frameLocator('iframe.display').locator('img.qrcode').getAttribute('src');
  await control.scan(qrDataUrl(new URLSearchParams(src?.split('?')[1]).get('uuid') ?? ''), user);
  await page.waitForURL(/\/channels\/platform$/);
  return page;
}

/** From /platform through 发表视频 to the mounted create form. */
async function openCreate(page: Page): Promise<void> {
  await page.locator('button.weui-desktop-btn:has-text("发表视频")').click();
  await page.locator('wujie-app div.post-upload-wrap input[type="file"]').waitFor({ state: 'attached' });
}

const publishButton = (page: Page) => page.locator('div.form-btns button:has-text("发表")');
const publishEnabled = (page: Page) =>
  page.locator('div.form-btns button.weui-desktop-btn_primary:not(.weui-desktop-btn_disabled)');

async function uploadAndWait(page: Page, file = video): Promise<void> {
  await page.locator('div.post-upload-wrap input[type="file"]').setInputFiles(file);
  await publishEnabled(page).waitFor();
}

describe('WeChat Channels, as the research describes the real site', () => {
  it('logged out, /platform/post/create loads first and its own script goes to login.html later', async () => {
    const page = await freshPage();
    const response = await page.goto(`${base}/platform/post/create`);
    expect(response?.status()).toBe(200); // no HTTP redirect: the page itself loads
    expect(response?.url()).toContain('/platform/post/create');
    await page.waitForURL(/\/channels\/login\.html$/);
  });

  it('login.html holds the QR in a qrconnect iframe (img.qrcode, relative src); a scan shows 已扫码 and lands on /platform', async () => {
    const page = await freshPage();
    await page.goto(`${base}/login.html`);
    expect(await page.locator('img.qrcode').count()).toBe(0); // only inside the iframe
    expect(await page.locator('iframe.display').getAttribute('src')).toContain('/connect/qrconnect');
    const frame = page.frameLocator('iframe.display');
    const src = (await frame.locator('img.qrcode').getAttribute('src')) ?? '';
    expect(src).toMatch(/^qrcode\?uuid=/); // relative, not a data URL
    expect(await frame.locator('img.qrcode').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await control.scan(qrDataUrl(new URLSearchParams(src.split('?')[1]).get('uuid') ?? ''), 'channels-scan');
    await expect.poll(() => frame.locator('div.qr-tip').innerText()).toContain('已扫码');
    await page.waitForURL(/\/channels\/platform$/);
    await page.locator('button.weui-desktop-btn:has-text("发表视频")').waitFor();
  });

  it('an expired QR shows 二维码已过期，点击刷新 and only a click on div.refresh-wrap brings a new code', async () => {
    await control.setSwitches('channels', { qrExpiries: 1 });
    const page = await freshPage();
    await page.goto(`${base}/login.html`);
    const frame = page.frameLocator('iframe.display');
    const first = await frame.locator('img.qrcode').getAttribute('src');
    await frame.locator('p.refresh-tip:has-text("二维码已过期，点击刷新")').waitFor();
    expect(await frame.locator('img.qrcode').getAttribute('src')).toBe(first);
    await frame.locator('div.refresh-wrap').click();
    const second = (await frame.locator('img.qrcode').getAttribute('src')) ?? '';
    expect(second).not.toBe(first);
    await control.scan(qrDataUrl(new URLSearchParams(second.split('?')[1]).get('uuid') ?? ''), 'channels-refresh');
    await page.waitForURL(/\/channels\/platform$/);
  });

  it('/platform/post/create opened directly bounces to /platform with no form; 发表视频 opens it without a page load', async () => {
    const page = await signedIn();
    await page.goto(`${base}/platform/post/create`);
    await page.waitForURL(/\/channels\/platform$/);
    await page.locator('button.weui-desktop-btn:has-text("发表视频")').waitFor();
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await openCreate(page);
    expect(page.url()).toMatch(/\/channels\/platform\/post\/create$/);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true); // client-side navigation
  });

  it('the form renders in the open shadow root of <wujie-app>, its script in a hidden iframe: the top document has no file input', async () => {
    const page = await signedIn();
    await openCreate(page);
    const seen = await page.evaluate(() => ({
      top: document.querySelector('input[type=file]'),
      shadow: document.querySelector('wujie-app')?.shadowRoot?.querySelectorAll('input[type=file]').length ?? 0,
      frames: Array.from(document.querySelectorAll('iframe')).map((f) => getComputedStyle(f).display),
    }));
    expect(seen.top).toBeNull();
    expect(seen.shadow).toBeGreaterThan(0);
    expect(seen.frames).toEqual(['none']);
    const input = page.locator('div.post-upload-wrap input[type="file"]');
    expect(await input.isVisible()).toBe(false); // hidden: the chooser opens from the upload area
  });

  it('the upload shows 上传中 N% while it runs, and 发表 keeps weui-desktop-btn_disabled until it is done', async () => {
    const page = await signedIn();
    await openCreate(page);
    expect(await publishButton(page).getAttribute('class')).toContain('weui-desktop-btn_disabled');
    await page.locator('div.post-upload-wrap input[type="file"]').setInputFiles(bigVideo);
    const seen: { text: string; disabled: boolean }[] = [];
    await expect
      .poll(
        async () => {
          const text = await page
            .locator('div.media-status-content div.status-msg')
            .innerText()
            .catch(() => '');
          const disabled = (await publishButton(page).getAttribute('class'))?.includes('weui-desktop-btn_disabled');
          seen.push({ text: text.trim(), disabled: Boolean(disabled) });
          return disabled;
        },
        { timeout: 60_000 },
      )
      .toBe(false);
    // The server reads the 3 MB at 512 KiB/s: the page says 上传中 with its percent meanwhile.
    expect(seen.some((s) => /^上传中 \d{1,3}%$/.test(s.text) && s.disabled)).toBe(true);
    expect(await page.locator('div.status-msg').isVisible()).toBe(false);
  });

  it('a failed upload shows div.status-msg.error; 删除 and its confirm bring the input back and the next upload goes through', async () => {
    await control.setSwitches('channels', { uploadFailures: 1 });
    const page = await signedIn();
    await openCreate(page);
    await page.locator('div.post-upload-wrap input[type="file"]').setInputFiles(video);
    await page.locator('div.status-msg.error').waitFor();
    expect(await page.locator('div.status-msg.error').innerText()).toContain('上传失败');
    expect(await publishEnabled(page).count()).toBe(0);
    await page.locator('div.media-status-content div.tag-inner:has-text("删除")').click();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await page.locator('div.upload-content').waitFor();
    await uploadAndWait(page);
  });

  it('the description is a contenteditable div.input-editor (添加描述); a short title outside 6–16 characters is refused', async () => {
    const user = 'channels-short-title';
    const page = await signedIn(user);
    await openCreate(page);
    const editor = page.locator('div.input-editor');
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    expect(await editor.getAttribute('data-placeholder')).toBe('添加描述');
    expect(await page.locator('textarea').count()).toBe(0);
    await uploadAndWait(page);
    await editor.click();
    await page.keyboard.type('春季新品 #新品 ');
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('五个字标题');
    await publishButton(page).click();
    await expect.poll(() => page.locator('.weui-desktop-toast__content').innerText()).toContain('6-16');
    expect((await control.creates('channels', user)).requests).toBe(0);
  });

  it('the 切换视频号 dialog comes up over the form and takes the 发表 click until 取消', async () => {
    await control.setSwitches('channels', { channelsAccountDialog: true });
    const user = 'channels-account-dialog';
    const page = await signedIn(user);
    await openCreate(page);
    await uploadAndWait(page);
    const dialog = page.locator('.changeAccount-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('切换视频号');
    const blocked = await publishButton(page)
      .click({ trial: true, timeout: 1_500 })
      .then(
        () => false,
        () => true,
      );
    expect(blocked).toBe(true);
    await dialog.locator('button:has-text("取消")').click();
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品上架第一期');
    await publishButton(page).click();
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    expect((await control.creates('channels', user)).accepted).toBe(1);
  });

  it('covers go through WeUI dialogs: vertical-cover-wrap → .single-cover-uploader-wrap input → 确认 → 裁剪封面图', async () => {
    const user = 'channels-cover';
    const page = await signedIn(user);
    await openCreate(page);
    await page.locator('div.vertical-cover-wrap').click();
    expect(await page.locator('.cover-dialog').isVisible()).toBe(false); // not before the upload is done
    await uploadAndWait(page);
    await page.locator('div.vertical-cover-wrap').click();
    const dialog = page.locator('div.weui-desktop-dialog__wrp:has-text("编辑封面")');
    await dialog.waitFor();
    expect(await dialog.locator('button:has-text("确认")').getAttribute('class')).toContain(
      'weui-desktop-btn_disabled',
    );
    await dialog.locator('.single-cover-uploader-wrap input[type="file"]').setInputFiles(cover);
    await dialog.locator('button:has-text("确认"):not(.weui-desktop-btn_disabled)').click();
    await page.locator('div.weui-desktop-dialog__wrp:has-text("裁剪封面图") button:has-text("确定")').click();
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品封面测试');
    await publishButton(page).click();
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    expect((await control.works('channels')).find((w) => w.user === user)?.cover).toBe('cover.png');
  });

  it('the schedule: label 定时 → 请选择发表时间 picker day links → 请选择时间; the post waits as 定时发布', async () => {
    const user = 'channels-schedule';
    const page = await signedIn(user);
    await openCreate(page);
    await uploadAndWait(page);
    const at = new Date(Date.now() + 8 * 3600_000 + 2 * 86400_000); // Beijing wall clock, two days ahead
    const p = (n: number) => String(n).padStart(2, '0');
    const day = `${at.getUTCFullYear()}-${p(at.getUTCMonth() + 1)}-${p(at.getUTCDate())}`;
    await page
      .locator('label')
      .filter({ hasText: /^定时$/ })
      .click();
    await page.locator('input[placeholder="请选择发表时间"]').click();
    const month = `${p(at.getUTCMonth() + 1)}月`;
    if ((await page.locator('span.weui-desktop-picker__panel__label:has-text("月")').innerText()) !== month) {
      await page.locator('button.weui-desktop-btn__icon__right').click();
    }
    await page
      .locator('table.weui-desktop-picker__table a:not(.weui-desktop-picker__disabled)')
      .filter({ hasText: new RegExp(`^${at.getUTCDate()}$`) })
      .click();
    await page.locator('input[placeholder="请选择时间"]').fill('10:30');
    await page.locator('div.input-editor').click();
    expect(await page.locator('input[placeholder="请选择发表时间"]').inputValue()).toBe(`${day} 10:30`);
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品定时发表');
    await publishButton(page).click();
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    const work = (await control.works('channels')).find((w) => w.user === user);
    expect(work?.scheduleAt).toBe(`${day} 10:30`);
    expect(work?.status).toBe('scheduled');
  });

  it('the real-name check is the WeUI 实名验证 dialog with a QR; the post goes through once the admin has scanned', async () => {
    await control.setSwitches('channels', { verify: 'real_name' });
    const user = 'channels-real-name';
    const page = await signedIn(user);
    await openCreate(page);
    await uploadAndWait(page);
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品实名验证');
    await publishButton(page).click();
    const dialog = page.locator('div.weui-desktop-dialog__wrp:has-text("实名验证")');
    await dialog.waitFor();
    expect(await dialog.locator('.weui-desktop-dialog__title').innerText()).toBe('实名验证');
    const qr = (await dialog.locator('img').getAttribute('src')) ?? '';
    expect(qr).toMatch(/^data:image\//);
    expect((await control.creates('channels', user)).accepted).toBe(0);
    await control.scan(qr);
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    expect((await control.creates('channels', user)).accepted).toBe(1);
  });

  it('an SMS check is a WeUI dialog: a wrong code is refused in it, the right one lets the post through', async () => {
    await control.setSwitches('channels', { verify: 'sms' });
    const user = 'channels-sms';
    const page = await signedIn(user);
    await openCreate(page);
    await uploadAndWait(page);
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品短信验证');
    await publishButton(page).click();
    const dialog = page.locator('div.weui-desktop-dialog__wrp:has-text("短信验证码")');
    await dialog.waitFor();
    await dialog.locator('input').fill('000000');
    await dialog.locator('button:has-text("确定")').click();
    await expect.poll(() => dialog.locator('.weui-desktop-form__tips_warn').innerText()).toContain('验证码错误');
    await dialog.locator('input').fill((await control.code('channels', user)).code);
    await dialog.locator('button:has-text("确定")').click();
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    expect((await control.creates('channels', user)).accepted).toBe(1);
  });

  it('success leaves /post/create for /platform/post/list, where a new post shows only after a delay, 审核中 then 已发布, with a numeric objectId', async () => {
    const user = 'channels-list';
    const page = await signedIn(user);
    await openCreate(page);
    await uploadAndWait(page);
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品列表测试');
    const firstList = page.waitForResponse((r) => r.url().includes('/post/post_list'));
    await publishButton(page).click();
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    const first = (await (await firstList).json()) as { data: { list: unknown[] } };
    expect(first.data.list).toHaveLength(0); // not listed yet
    const states: string[] = [];
    let objectId = '';
    await expect
      .poll(
        async () => {
          const answer = page.waitForResponse((r) => r.url().includes('/post/post_list'));
          await page.reload();
          const body = (await (await answer).json()) as { data: { list: { objectId: string }[] } };
          objectId = body.data.list[0]?.objectId ?? '';
          await page.locator('.post-feed-list').filter({ hasNotText: '加载中' }).waitFor();
          states.push(await page.locator('.post-status').first().innerText());
          return states.at(-1);
        },
        { timeout: 60_000 },
      )
      .toBe('已发布');
    expect(states[0]).toBe('审核中');
    expect(objectId).toMatch(/^14\d{18}$/);
    expect(await page.locator('.post-title').first().innerText()).toBe('门店新品列表测试');
  });

  it('a review can end in 未通过 in the works list', async () => {
    await control.setSwitches('channels', { rejectReview: true });
    const page = await signedIn();
    await openCreate(page);
    await uploadAndWait(page);
    await page.locator('input[placeholder="填写短标题有机会获得更多流量"]').fill('门店新品审核测试');
    await publishButton(page).click();
    await page.waitForURL(/\/channels\/platform\/post\/list$/);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.post-feed-list').filter({ hasNotText: '加载中' }).waitFor();
          return page
            .locator('.post-status')
            .first()
            .innerText()
            .catch(() => '');
        },
        { timeout: 60_000 },
      )
      .toBe('未通过');
  });

  it('声明原创 opens its dialog, whose button waits for the terms checkbox (Ant Design checkboxes)', async () => {
    const page = await signedIn();
    await openCreate(page);
    await page.locator('div.declare-original-checkbox input.ant-checkbox-input').click();
    const dialog = page.locator('div.declare-original-dialog');
    await dialog.waitFor();
    const declare = dialog.locator('button:has-text("声明原创")');
    expect(await declare.getAttribute('class')).toContain('weui-desktop-btn_disabled');
    await dialog.locator('div.declare-body-wrapper input.ant-checkbox-input').check();
    await dialog.locator('button:has-text("声明原创"):not(.weui-desktop-btn_disabled)').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('div.declare-original-checkbox input.ant-checkbox-input').isChecked()).toBe(true);
  });

  it('a collection chosen before the upload ends is reset when it ends (添加到合集 after the upload only)', async () => {
    const page = await signedIn();
    await openCreate(page);
    await page.locator('div.post-upload-wrap input[type="file"]').setInputFiles(bigVideo);
    await page.locator('.post-album-display-wrap').click();
    await page.locator('.option-list-wrap .option-item .name').first().click();
    expect(await page.locator('.album-name').innerText()).toBe('门店日常');
    await publishEnabled(page).waitFor({ timeout: 60_000 });
    expect(await page.locator('.album-name').innerText()).toBe('选择合集');
  });

  it('a new build renames the hashed class names and keeps the semantic ones', async () => {
    const page = await signedIn();
    await openCreate(page);
    const hashedClasses = () =>
      page.evaluate(() =>
        Array.from(document.querySelector('wujie-app')?.shadowRoot?.querySelectorAll('[class*="__"]') ?? [])
          .flatMap((e) => Array.from(e.classList))
          .filter((c) => /^(post-create|upload-area)__/.test(c))
          .sort(),
      );
    const before = await hashedClasses();
    expect(before.length).toBeGreaterThan(0);
    await control.setSwitches('channels', { channelsNewBuild: true });
    await page.goto(`${base}/platform`);
    await openCreate(page);
    const after = await hashedClasses();
    expect(after).toHaveLength(before.length);
    expect(after.filter((c) => before.includes(c))).toEqual([]);
    expect(await page.locator('div.input-editor').count()).toBe(1);
  });
});
