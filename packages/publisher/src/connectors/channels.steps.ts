import type { FrameLocator, Locator, Page } from 'playwright-core';
import { DeadlineError, firstOf } from '../deadline.ts';
import { clickThrough, descriptionText, dismissOverlays, loggedOut, urlIs, urlOf, visible } from '../flow.ts';
import type { PublishJob } from '../types.ts';
import { type ConnectorDefinition, formatSchedule, partsOf } from './definition.ts';
import type { ConnectorSteps, ListedWork } from './steps.ts';

/** One post_list item, as far as the steps read it. */
interface PostListItem {
  objectId?: string | number;
  createTime?: number;
  status?: number;
  desc?: { description?: string; shortTitle?: { shortTitle?: string }[]; media?: { videoPlayLen?: number }[] };
}

/** The QR image as a data URL: the qrconnect iframe's img.qrcode has a relative src, read from inside the frame. */
function qrDataUrl(img: Locator): Promise<string> {
  return img.evaluate(async (el: HTMLImageElement) => {
    if (el.src.startsWith('data:')) {
      return el.src;
    }
    const blob = await (await fetch(el.src, { credentials: 'include' })).blob();
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
      reader.onerror = () => reject(new Error('the QR image could not be read'));
      reader.readAsDataURL(blob);
    });
  });
}

/** QR login in the qrconnect iframe: relays each code, clicks div.refresh-wrap when it says 二维码已过期. */
async function loginByQr(page: Page, def: ConnectorDefinition, onQr: (image: string) => void | Promise<void>) {
  const P = partsOf(def, 'channels');
  const t = def.timeouts;
  const end = Date.now() + t.qrLogin;
  await page.goto(urlOf(def, def.paths.login), { timeout: t.navigation });
  const frame: FrameLocator = page.frameLocator(P.qrFrame).first();
  const img = frame.locator(def.selectors.qrImage).first();
  const signedIn = page.waitForURL((u) => urlIs(def, 'loggedIn', u.href), { timeout: t.qrLogin, waitUntil: 'commit' });
  signedIn.catch(() => undefined);
  let last = '';
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) {
      throw new DeadlineError('qr login', t.qrLogin);
    }
    const state = await firstOf('qr login', left, {
      done: signedIn,
      expired: visible(frame.locator(P.qrExpired).filter({ hasText: /\S/ })),
      shown: async () => {
        const src = await img.getAttribute('src', { timeout: 1_000 });
        return Boolean(src) && src !== last && (await img.evaluate((el: HTMLImageElement) => el.complete));
      },
    });
    if (state === 'done') {
      return;
    }
    if (state === 'expired') {
      await frame
        .locator(P.qrRefresh)
        .first()
        .click({ timeout: Math.max(1, end - Date.now()) });
      continue;
    }
    last = (await img.getAttribute('src')) ?? '';
    await onQr(await qrDataUrl(img));
  }
}

/** A failed upload is deleted first (删除, then the confirm's 删除), as the site asks before a new file. */
async function setFile(page: Page, _root: unknown, def: ConnectorDefinition, job: PublishJob) {
  const P = partsOf(def, 'channels');
  const ms = def.timeouts.fill;
  if (await page.locator(def.selectors.uploadFailed).first().isVisible()) {
    await clickThrough(page, def, ms, (timeout) => page.locator(P.uploadDelete).first().click({ timeout }));
    await clickThrough(page, def, ms, (timeout) => page.locator(P.uploadDeleteConfirm).first().click({ timeout }));
    await page.locator(P.uploadArea).first().waitFor({ state: 'visible', timeout: ms });
  }
  await page
    .locator(def.selectors.fileInput)
    .first()
    .setInputFiles(job.videoPath, { timeout: def.timeouts.navigation });
}

/** The vertical cover: its WeUI dialog's uploader, 确认, then 裁剪封面图 when the site asks for a crop. */
async function setCover(page: Page, def: ConnectorDefinition, coverPath: string, ms: number) {
  const P = partsOf(def, 'channels');
  await clickThrough(page, def, ms, (timeout) => page.locator(P.verticalCover).first().click({ timeout }));
  await page
    .locator(def.selectors.coverInput ?? '')
    .first()
    .setInputFiles(coverPath, { timeout: ms });
  await clickThrough(page, def, ms, (timeout) => page.locator(P.coverConfirm).first().click({ timeout }));
  const crop = page.locator(P.cropConfirm).first();
  const next = await firstOf('cover', ms, {
    crop: visible(crop),
    closed: async () => !(await page.locator(P.coverConfirm).first().isVisible()) && !(await crop.isVisible()),
  });
  if (next === 'crop') {
    await clickThrough(page, def, ms, (timeout) => crop.click({ timeout }));
  }
}

/** 定时 → the date picker (month pages, day links) → 请选择时间; read back from 请选择发表时间. */
async function setSchedule(page: Page, def: ConnectorDefinition, at: number, ms: number): Promise<boolean> {
  const P = partsOf(def, 'channels');
  const value = formatSchedule(at, def.scheduleFormat);
  const [date = '', time = ''] = value.split(' ');
  const [, month = '', day = ''] = date.split('-');
  const s = def.selectors;
  await clickThrough(page, def, ms, (timeout) => page.locator(s.scheduleRadio).first().click({ timeout }));
  await clickThrough(page, def, ms, (timeout) => page.locator(s.scheduleInput).first().click({ timeout }));
  for (let i = 0; i < 12; i += 1) {
    const shown = (await page.locator(P.pickerMonth).first().innerText({ timeout: ms })).trim();
    if (shown === `${month}月`) {
      break;
    }
    await clickThrough(page, def, ms, (timeout) => page.locator(P.pickerNext).first().click({ timeout }));
  }
  const dayLink = page
    .locator(P.pickerDays)
    .filter({ hasText: new RegExp(`^${Number(day)}$`) })
    .first();
  // The 切换视频号 dialog can come up at any moment: every click moves it aside first.
  await clickThrough(page, def, ms, (timeout) => dayLink.click({ timeout }));
  await page.locator(P.scheduleTime).first().fill(time, { timeout: ms });
  // A click outside the picker applies the time (SAU clicks the editor for it).
  await clickThrough(page, def, ms, (timeout) => page.locator(s.description).first().click({ timeout }));
  return (await page.locator(s.scheduleInput).first().inputValue({ timeout: ms })) === value;
}

/** Description (typed, with inline #topics), short title, cover and schedule. */
async function fillForm(page: Page, def: ConnectorDefinition, job: PublishJob): Promise<'ok' | 'schedule_not_applied'> {
  const s = def.selectors;
  const ms = def.timeouts.fill;
  await dismissOverlays(page, def);
  const editor = page.locator(s.description).first();
  const text = descriptionText(def, job);
  await clickThrough(page, def, ms, (timeout) => editor.click({ timeout }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  const typed = (await editor.innerText({ timeout: ms })).replace(/\s+/g, ' ').trim();
  if (typed !== text.replace(/\s+/g, ' ').trim()) {
    throw new Error('the description editor did not keep the text');
  }
  if (s.title) {
    await page.locator(s.title).first().fill(job.title.trim(), { timeout: ms });
  }
  if (job.coverPath) {
    await setCover(page, def, job.coverPath, ms);
  }
  if (job.scheduleAt !== undefined && !(await setSchedule(page, def, job.scheduleAt, ms))) {
    return 'schedule_not_applied';
  }
  return 'ok';
}

/** 发表, with the 切换视频号 dialog moved aside whenever it takes the click (a click is never doubled). */
async function submit(page: Page, _root: unknown, def: ConnectorDefinition): Promise<boolean> {
  const button = page.locator(def.selectors.submitReady).first();
  return clickThrough(page, def, def.timeouts.submit, (timeout) => button.click({ timeout })).then(
    () => true,
    () => false,
  );
}

/** Opens the list page and reads the post_list answer it fetches (objectId, createTime, duration). */
async function readWorks(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const P = partsOf(def, 'channels');
  const ms = def.timeouts.navigation;
  const answer = page.waitForResponse((r) => r.url().includes(P.postListApi) && r.request().method() === 'POST', {
    timeout: ms,
  });
  answer.catch(() => undefined);
  await page.goto(urlOf(def, def.paths.works), { timeout: ms });
  if ((await firstOf('works list', ms, { answer, logged_out: loggedOut(page, def) })) === 'logged_out') {
    return []; // the list of a logged-out page is empty; the upload page then says logged_out
  }
  const res = await answer;
  if (res.status() === 401) {
    return [];
  }
  const body = (await res.json()) as { errCode?: number; data?: { list?: PostListItem[] } };
  if (body.errCode !== 0 || !Array.isArray(body.data?.list)) {
    throw new Error(`post_list answered ${res.status()} errCode ${String(body.errCode)}`);
  }
  return body.data.list.map((item) => {
    const len = item.desc?.media?.[0]?.videoPlayLen ?? 0;
    return {
      id: String(item.objectId ?? ''),
      title: item.desc?.shortTitle?.[0]?.shortTitle || (item.desc?.description ?? '').split('\n')[0] || '',
      status: String(item.status ?? ''),
      href: null,
      ...(item.createTime ? { createdAt: item.createTime * 1000 } : {}),
      ...(len > 0 ? { durationSec: len } : {}),
    };
  });
}

/** channels: steps the generic flow cannot express as data. */
export const channelsSteps: ConnectorSteps = { loginByQr, setFile, fillForm, submit, readWorks };
