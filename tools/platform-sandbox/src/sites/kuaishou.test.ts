import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '@vidmatrix/chromium';
import { makeImage, makeVideo } from '@vidmatrix/fixtures';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl, type SandboxControl } from '../client.ts';
import { startSandbox, type Sandbox } from '../server.ts';

// Written from research/connectors.md §2 and its imitation list, never from our connector: each test
// looks at the pages as the real creator centre shows them.

const WAIT = 60_000;
let sandbox: Sandbox;
let control: SandboxControl;
let browser: Browser;
let video: string;
let cover: string;
let users = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
  control = sandboxControl(sandbox.url);
  const dir = await mkdtemp(join(tmpdir(), 'vm-ks-site-'));
  video = makeVideo(join(dir, 'clip.mp4'), { width: 160, height: 120, rate: 10, seconds: 1 });
  cover = makeImage(join(dir, 'cover.png'), { width: 320, height: 240, color: 'orange' });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs({ headless: true }) });
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
});
afterEach(async () => {
  await control.reset();
});

const at = (path: string) => `${sandbox.url}/kuaishou${path}`;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** The passport QR login as a person does it: switch to the QR, scan it with the phone. */
async function signedIn(): Promise<{ page: Page; user: string }> {
  users += 1;
  const user = `ks-site-${users}`;
  const page = await newPage();
  await page.goto(at('/article/publish/video'));
  await page.locator('div.platform-switch').click();
  await control.scan((await page.locator('div.qr-login img[alt="qrcode"]').getAttribute('src')) ?? '', user);
  await page.waitForURL(/\/kuaishou\/article\/publish\/video$/, { timeout: WAIT });
  return { page, user };
}

/** The element a click at the centre of `selector` would land on is inside `inside`. */
async function clickLandsIn(page: Page, selector: string, inside: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return page.evaluate(([x, y, sel]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest(sel ?? '') !== null, [
    (box?.x ?? 0) + (box?.width ?? 0) / 2,
    (box?.y ?? 0) + (box?.height ?? 0) / 2,
    inside,
  ] as const);
}

/** Skips every react-joyride tour and closes the 我知道了 tip, as a person would. */
async function dismissTours(page: Page) {
  for (const close of [
    page.locator('.ant-modal button:has(span:text-is("我知道了"))'), // the tip sits above the tour
    page.locator('div[id^="react-joyride-step"] [data-action="skip"]'),
  ]) {
    if (await close.first().isVisible()) {
      await close.first().click();
    }
  }
}

/** Chooses the video through the upload button's file chooser and waits for 上传中 to be gone. */
async function uploaded(page: Page) {
  await page.locator('div[id^="react-joyride-step"] [data-action="skip"]').click({ timeout: WAIT });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator("button[class^='_upload-btn']").click(),
  ]);
  await chooser.setFiles(video);
  await page.locator('div.progress-div').waitFor();
  await expect.poll(() => page.getByText('上传中').count(), { timeout: WAIT }).toBe(0);
  await expect.poll(() => page.locator('div[id^="react-joyride-step"]').count(), { timeout: WAIT }).toBe(1);
  await dismissTours(page);
}

/** Types a description into the contenteditable after 描述. */
async function describeAs(page: Page, text: string) {
  await page.locator('xpath=//span[normalize-space(text())="描述"]/following-sibling::div[1]').click();
  await page.keyboard.insertText(text);
}

describe('kuaishou sandbox: what a faithful imitation must reproduce (research/connectors.md §2)', () => {
  it('without a session cookie the creator centre redirects to passport with sid and the sts callback', async () => {
    for (const path of ['/article/publish/video', '/article/manage/video']) {
      const res = await fetch(at(path), { redirect: 'manual' });
      expect(res.status).toBe(302);
      const to = new URL(res.headers.get('location') ?? '', sandbox.url);
      expect(to.pathname).toBe('/kuaishou/passport/pc/account/login/');
      expect(to.searchParams.get('sid')).toBe('kuaishou.web.cp.api');
      const callback = new URL(to.searchParams.get('callback') ?? '', sandbox.url);
      expect(callback.pathname).toBe('/kuaishou/rest/infra/sts');
      expect(callback.searchParams.get('followUrl')).toBe('/kuaishou/article/publish/video');
    }
  });

  it('the logged-out home is an intro page with 立即登录 and 机构服务', async () => {
    const page = await newPage();
    await page.goto(at('/profile'));
    await expect.poll(() => page.getByText('立即登录').isVisible()).toBe(true);
    expect(await page.locator('div.names div.container div.name:text("机构服务")').count()).toBe(1);
    await page.context().close();
  });

  it('passport shows main#login-form with the phone form; div.platform-switch turns it to the QR', async () => {
    const page = await newPage();
    await page.goto(at('/article/publish/video'));
    expect(page.url()).toContain('/kuaishou/passport/pc/account/login/?sid=kuaishou.web.cp.api');
    const qr = page.locator('main#login-form div.qr-login img[alt="qrcode"]');
    expect(await qr.isVisible()).toBe(false);
    await page.locator('main#login-form div.platform-switch').click();
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\//);
    await page.context().close();
  });

  it('an expired QR shows div.qrcode-status-timeout until p.qrcode-refresh brings a new one', async () => {
    await control.setSwitches('kuaishou', { qrExpiries: 1 });
    const page = await newPage();
    await page.goto(at('/article/publish/video'));
    await page.locator('div.platform-switch').click();
    const img = page.locator('div.qr-login img[alt="qrcode"]');
    const first = await img.getAttribute('src');
    const timeout = page.locator('div.qrcode-status.qrcode-status-timeout');
    await timeout.waitFor({ timeout: WAIT });
    expect(await img.getAttribute('src')).toBe(first); // nothing changes until the person refreshes
    await page.locator('p.qrcode-refresh').click();
    expect(await timeout.isVisible()).toBe(false);
    const fresh = (await img.getAttribute('src')) ?? '';
    expect(fresh).not.toBe(first);
    await control.scan(fresh, 'ks-site-refreshed');
    await page.waitForURL(/\/kuaishou\/article\/publish\/video$/, { timeout: WAIT });
    await page.context().close();
  });

  it('after the scan the page goes through rest/infra/sts to the upload page, signed in', async () => {
    const { page } = await signedIn();
    expect(await page.locator("button[class^='_upload-btn']").isVisible()).toBe(true);
    expect(await page.locator('main#login-form').count()).toBe(0);
    await page.context().close();
  });

  it('the upload is a _upload-btn… button that opens a file chooser; its input[type=file] is hidden', async () => {
    const { page } = await signedIn();
    const input = page.locator('input[type="file"]');
    expect(await input.count()).toBe(1);
    expect(await input.isVisible()).toBe(false);
    // The tour comes up a moment after the page: skipped once it is there, not checked for at once.
    await page.locator('div[id^="react-joyride-step"] [data-action="skip"]').click({ timeout: WAIT });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator("button[class^='_upload-btn']").click(),
    ]);
    expect(chooser.isMultiple()).toBe(false);
    await page.context().close();
  });

  it('a react-joyride tour (portal + spotlight) takes the clicks until 跳过', async () => {
    const { page } = await signedIn();
    const tooltip = page.locator('div[id^="react-joyride-step"] div[role="alertdialog"]');
    await tooltip.waitFor({ timeout: WAIT });
    expect(await page.locator('#react-joyride-portal .react-joyride__spotlight').count()).toBe(1);
    expect(await clickLandsIn(page, "button[class^='_upload-btn']", '#react-joyride-portal')).toBe(true);
    await tooltip.locator('[data-action="skip"]').click();
    expect(await page.locator('#react-joyride-portal').count()).toBe(0);
    expect(await clickLandsIn(page, "button[class^='_upload-btn']", "button[class^='_upload-btn']")).toBe(true);
    await page.context().close();
  });

  it('上传中 shows while the file goes up and is gone when it is done; a 我知道了 tip and a second tour follow', async () => {
    const { page } = await signedIn();
    await page.locator('div[id^="react-joyride-step"] [data-action="skip"]').click({ timeout: WAIT });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator("button[class^='_upload-btn']").click(),
    ]);
    await chooser.setFiles(video);
    expect(await page.locator('div.progress-div').innerText()).toContain('上传中');
    expect(await page.locator('.ant-modal button:has(span:text-is("我知道了"))').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('上传中').count(), { timeout: WAIT }).toBe(0);
    expect(await page.locator('div[id^="react-joyride-step"] div[role="alertdialog"]').isVisible()).toBe(true);
    await page.context().close();
  });

  it('上传失败 offers the progress box’s re-upload input, and the second upload goes through', async () => {
    await control.setSwitches('kuaishou', { uploadFailures: 1 });
    const { page } = await signedIn();
    await page.locator('div[id^="react-joyride-step"] [data-action="skip"]').click({ timeout: WAIT });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.locator("button[class^='_upload-btn']").click(),
    ]);
    await chooser.setFiles(video);
    await page.getByText('上传失败').waitFor({ timeout: WAIT });
    await page.locator('div.progress-div [class^="upload-btn-input"]').setInputFiles(video);
    await expect.poll(() => page.getByText('上传中').count(), { timeout: WAIT }).toBe(0);
    expect(await page.getByText('上传失败').count()).toBe(0);
    await page.context().close();
  });

  it('the description is a contenteditable div right after the label 描述; there is no title field', async () => {
    const { page } = await signedIn();
    await uploaded(page);
    const editor = page.locator('xpath=//span[normalize-space(text())="描述"]/following-sibling::div[1]');
    expect(await editor.getAttribute('contenteditable')).toBe('true');
    expect(await page.locator('input[placeholder*="标题"]').count()).toBe(0);
    await describeAs(page, '春季新品');
    expect(await editor.innerText()).toBe('春季新品');
    await page.context().close();
  });

  it('封面设置 opens an Ant Design modal: 上传封面 → input[type=file] → 确认', async () => {
    const { page } = await signedIn();
    await uploaded(page);
    await page.locator('xpath=//span[text()="封面设置"]/following-sibling::div[1]/div[1]').click();
    const modal = page.locator('div[role="document"].ant-modal');
    await modal.waitFor();
    expect(await modal.locator('input[type="file"]').count()).toBe(0); // 截取封面 is the first tab
    await modal.getByText('上传封面', { exact: true }).click();
    await modal.locator('input[type="file"]').setInputFiles(cover);
    await modal.getByRole('button', { name: '确认', exact: true }).click();
    expect(await modal.count()).toBe(0);
    expect(await page.getByText('cover.png').isVisible()).toBe(true);
    await page.context().close();
  });

  it('定时发布 shows a controlled DatePicker: typing alone is dropped, the native setter with events and Enter keeps it', async () => {
    const { page } = await signedIn();
    await uploaded(page);
    await page.locator('label.ant-radio-wrapper').filter({ hasText: '定时发布' }).click();
    const input = page.locator('input[placeholder="选择日期时间"]');
    await input.fill('2030-01-02 03:04:05');
    await page.locator('header .logo').click(); // the input loses focus
    await expect.poll(() => input.inputValue()).toBe('');
    await input.click();
    await input.evaluate((el, v) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    }, '2030-01-02 03:04:05');
    await input.press('Enter');
    await page.locator('header .logo').click(); // the input loses focus
    expect(await input.inputValue()).toBe('2030-01-02 03:04:05');
    await page.context().close();
  });

  it('发布 opens the 确认发布 confirm modal, which takes the clicks; confirming lands on manage/video?status=2&from=publish', async () => {
    const { page, user } = await signedIn();
    await uploaded(page);
    await describeAs(page, '确认发布的作品');
    await page.getByText('发布', { exact: true }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await clickLandsIn(page, 'button:has(> span:text-is("发布"))', '.ant-modal-wrap')).toBe(true);
    expect((await control.creates('kuaishou', user)).requests).toBe(0);
    await confirm.getByRole('button', { name: '确认发布' }).click();
    await page.waitForURL(/\/kuaishou\/article\/manage\/video\?status=2&from=publish$/, { timeout: WAIT });
    expect(await control.creates('kuaishou', user)).toEqual({ accepted: 1, requests: 1 });
    await page.context().close();
  });

  it('the works list shows a new post only after a delay, then 审核中, then 已发布, linked by its 3x… id', async () => {
    const { page, user } = await signedIn();
    await uploaded(page);
    await describeAs(page, '审核中的作品');
    await page.getByText('发布', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认发布' }).click();
    await page.waitForURL(/from=publish$/, { timeout: WAIT });
    const item = page.locator('div[class^="_video-item_"]').filter({ hasText: '审核中的作品' });
    expect(await item.count()).toBe(0); // the first read after the post does not list it yet
    const states: string[] = [];
    await expect
      .poll(
        async () => {
          await page.reload();
          const state = (await item.count()) > 0 ? await item.locator('[class^="_video-item-status"]').innerText() : '';
          if (state && states.at(-1) !== state) {
            states.push(state);
          }
          return state;
        },
        { timeout: WAIT },
      )
      .toBe('已发布');
    expect(states).toEqual(['审核中', '已发布']);
    const [work] = (await control.works('kuaishou')).filter((w) => w.user === user);
    expect(work?.id).toMatch(/^3x[1-9a-zA-Z]{13}$/);
    expect(await item.locator('a').getAttribute('href')).toBe(`https://www.kuaishou.com/short-video/${work?.id}`);
    expect(await item.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await page.context().close();
  });

  it('a post the review refuses shows 未通过', async () => {
    await control.setSwitches('kuaishou', { rejectReview: true, hiddenReads: 0, reviewReads: 0 });
    const { page } = await signedIn();
    await uploaded(page);
    await describeAs(page, '未通过的作品');
    await page.getByText('发布', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认发布' }).click();
    await page.waitForURL(/from=publish$/, { timeout: WAIT });
    const item = page.locator('div[class^="_video-item_"]').filter({ hasText: '未通过的作品' });
    expect(await item.locator('[class^="_video-item-status"]').innerText()).toBe('未通过');
    await page.context().close();
  });

  it('an SMS check is an Ant Design modal; a wrong code shows its error, the right one lets the post through', async () => {
    await control.setSwitches('kuaishou', { verify: 'sms' });
    const { page, user } = await signedIn();
    await uploaded(page);
    await describeAs(page, '要验证的作品');
    await page.getByText('发布', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认发布' }).click();
    const modal = page.locator('div[role="document"].ant-modal').filter({ hasText: '短信验证' });
    await modal.waitFor({ timeout: WAIT });
    expect(await modal.locator('.ant-modal-title').innerText()).toBe('短信验证');
    expect(await modal.innerText()).toContain('短信验证码');
    await modal.locator('input.ant-input').fill('000000');
    await modal.getByRole('button', { name: '确定' }).click();
    await modal.locator('.ant-form-item-explain-error').waitFor({ timeout: WAIT });
    await modal.locator('input.ant-input').fill((await control.code('kuaishou', user)).code);
    expect(await modal.locator('.ant-form-item-explain-error').count()).toBe(0); // the form checks again as it changes
    await modal.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/from=publish$/, { timeout: WAIT });
    expect((await control.creates('kuaishou', user)).accepted).toBe(1);
    await page.context().close();
  });

  it('a captcha and a real-name check are Ant Design modals with their image', async () => {
    for (const [kind, title] of [
      ['captcha', '图形验证'],
      ['real_name', '实名认证'],
    ] as const) {
      await control.setSwitches('kuaishou', { verify: kind });
      const { page } = await signedIn();
      await uploaded(page);
      await describeAs(page, `${title}的作品`);
      await page.getByText('发布', { exact: true }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认发布' }).click();
      const modal = page.locator('div[role="document"].ant-modal').filter({ hasText: title });
      await modal.waitFor({ timeout: WAIT });
      expect(await modal.locator('img').getAttribute('src')).toMatch(/^data:image\//);
      expect(await modal.locator('input.ant-input').count()).toBe(kind === 'captcha' ? 1 : 0);
      await page.context().close();
    }
  });

  it('a refused submit shows Ant Design’s error message and stays on the form', async () => {
    await control.setSwitches('kuaishou', { rateLimited: true });
    const { page } = await signedIn();
    await uploaded(page);
    await describeAs(page, '太频繁的作品');
    await page.getByText('发布', { exact: true }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认发布' }).click();
    await page.locator('.ant-message-error').filter({ hasText: '操作过于频繁' }).waitFor({ timeout: WAIT });
    expect(page.url()).toMatch(/\/article\/publish\/video$/);
    await page.context().close();
  });

  it('a new build renames the hashed classes: _upload-btn… is gone, the button is not', async () => {
    await control.setSwitches('kuaishou', { kuaishouNewBuild: true });
    const { page } = await signedIn();
    expect(await page.locator("button[class^='_upload-btn']").count()).toBe(0);
    expect(await page.getByRole('button', { name: '上传视频' }).count()).toBe(1);
    await page.context().close();
  });
});
