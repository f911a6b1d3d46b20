import type { Page } from 'playwright-core';
import { codeRefused } from '../code-verdict.ts';
import { DeadlineError, firstOf, withDeadline } from '../deadline.ts';
import { clickThrough, descriptionText, dismissOverlays, loggedOut, urlIs, urlOf, visible } from '../flow.ts';
import type { LoginSmsCode, PublishJob } from '../types.ts';
import { type ConnectorDefinition, formatSchedule, partsOf } from './definition.ts';
import type { ConnectorSteps, ListedWork } from './steps.ts';

interface WorkListItem {
  aweme_id?: string;
  item_id?: string;
  item_title?: string;
  desc?: string;
  create_time?: number;
  duration?: number;
  status?: { status_desc?: string };
  share_url?: string;
}

/**
 * Reads the works API's JSON text. Its 19-digit `aweme_id`s are bare numbers that JSON.parse would
 * round (research §1), so they are turned into strings before parsing. Throws on a non-zero
 * status_code (8: logged out or blocked by risk control).
 */
export function parseWorkList(text: string): ListedWork[] {
  const exact = text.replace(/"(aweme_id|item_id)"\s*:\s*(\d+)/g, '"$1":"$2"');
  const body = JSON.parse(exact) as { status_code?: number; aweme_list?: WorkListItem[] };
  if (body.status_code !== 0) {
    throw new Error(`douyin works list answered status_code ${String(body.status_code)}`);
  }
  return (body.aweme_list ?? []).map((w) => {
    const work: ListedWork = {
      id: w.aweme_id ?? w.item_id ?? '',
      title: (w.item_title || (w.desc ?? '').split('\n')[0] || '').trim(),
      status: w.status?.status_desc ?? '',
      href: w.share_url ?? null,
    };
    if (w.create_time) {
      work.createdAt = w.create_time * 1000;
    }
    if (w.duration) {
      work.durationSec = w.duration / 1000;
    }
    return work;
  });
}

/** The # topic dropdown lingers over the page and takes every click: Escape, then remove what is left (as SAU does). */
async function closeMention(page: Page, def: ConnectorDefinition): Promise<void> {
  const portal = page.locator(partsOf(def, 'douyin').mentionPortal);
  if ((await portal.count()) > 0) {
    await page.keyboard.press('Escape');
    await portal.evaluateAll((els) => els.forEach((el) => el.remove()));
  }
}

/** The cover modal: the real upload input (not the AI 生成参考图 decoy), 完成 once enabled, then the second confirm. */
async function setCover(page: Page, def: ConnectorDefinition, coverPath: string, ms: number): Promise<void> {
  const D = partsOf(def, 'douyin');
  await clickThrough(page, def, ms, (timeout) => page.locator(D.coverEntry).first().click({ timeout }));
  const modal = page.locator(D.coverModal).first();
  await modal
    .locator(def.selectors.coverInput ?? '')
    .first()
    .setInputFiles(coverPath, { timeout: ms });
  // Playwright's click waits until 完成 is enabled and gives the real pointer sequence it answers to.
  await page.locator(D.coverDone).first().click({ timeout: ms });
  const confirm = page.locator(D.coverConfirm).first();
  const next = await firstOf('cover', ms, {
    confirm: visible(confirm),
    closed: async () => !(await modal.isVisible()),
  });
  if (next === 'confirm') {
    await confirm.click({ timeout: ms });
  }
  await modal.waitFor({ state: 'hidden', timeout: ms });
}

/** 自主声明 is required (#200): the entry, the radio of our declaration, 确定. */
async function declare(page: Page, def: ConnectorDefinition, ms: number): Promise<void> {
  const D = partsOf(def, 'douyin');
  await clickThrough(page, def, ms, (timeout) => page.locator(D.declarationEntry).first().click({ timeout }));
  const modal = page.locator(D.declarationModal).first();
  await modal.locator(D.declarationOption).filter({ hasText: D.declaration }).first().click({ timeout: ms });
  await modal.locator(D.declarationConfirm).first().click({ timeout: ms });
  await modal.waitFor({ state: 'hidden', timeout: ms });
}

async function fillForm(page: Page, def: ConnectorDefinition, job: PublishJob): Promise<'ok' | 'schedule_not_applied'> {
  const D = partsOf(def, 'douyin');
  const s = def.selectors;
  const ms = def.timeouts.fill;
  await dismissOverlays(page, def);
  await page
    .locator(s.title ?? '')
    .first()
    .fill(job.title.trim(), { timeout: ms });
  const editor = page.locator(s.description).first();
  await clickThrough(page, def, ms, (timeout) => editor.click({ timeout }));
  await editor.fill(descriptionText(def, job), { timeout: ms });
  await closeMention(page, def);
  await declare(page, def, ms);
  if (job.coverPath) {
    await setCover(page, def, job.coverPath, ms);
  } else {
    // Publishing without a cover fails with 请设置封面后再发布: take the first recommended cover.
    await clickThrough(page, def, ms, (timeout) => page.locator(D.recommendedCover).first().click({ timeout }));
  }
  if (job.scheduleAt !== undefined) {
    const value = formatSchedule(job.scheduleAt, def.scheduleFormat);
    await clickThrough(page, def, ms, (timeout) => page.locator(s.scheduleRadio).first().click({ timeout }));
    const input = page.locator(s.scheduleInput).first();
    await input.fill(value, { timeout: ms });
    await input.press('Enter', { timeout: ms });
    if ((await input.inputValue({ timeout: ms })) !== value) {
      return 'schedule_not_applied';
    }
  }
  return 'ok';
}

/** Types the code of an SMS check after the scan; a refused one is said so and asked for again (3 tries). */
async function answerLoginSms(page: Page, def: ConnectorDefinition, onCode: LoginSmsCode): Promise<void> {
  const sms = def.dialogs.sms;
  const ms = def.timeouts.needsAction;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const code = await withDeadline('login sms', ms, onCode(attempt > 0));
    await page
      .locator(sms.input ?? '')
      .first()
      .fill(code, { timeout: ms });
    // A wrong code's error may still show: it is not this code's verdict.
    const wrong = await codeRefused(
      page
        .locator(sms.error ?? '')
        .filter({ hasText: /\S/ })
        .first(),
    );
    await page
      .locator(sms.confirm ?? '')
      .first()
      .click({ timeout: ms });
    const outcome = await firstOf('login sms', ms, {
      passed: async () => !(await page.locator(sms.root).first().isVisible()),
      wrong,
    });
    if (outcome === 'passed') {
      return;
    }
  }
  throw new Error('douyin login: the SMS code was refused three times');
}

/** QR login: relays each code shown; an expired one (二维码失效) is refreshed by clicking its cover; an SMS check after the scan goes to `onCode`. */
async function loginByQr(
  page: Page,
  def: ConnectorDefinition,
  onQr: (image: string) => void | Promise<void>,
  onCode?: LoginSmsCode,
) {
  const D = partsOf(def, 'douyin');
  const t = def.timeouts;
  const end = Date.now() + t.qrLogin;
  await page.goto(urlOf(def, def.paths.login), { timeout: t.navigation });
  const done = page.waitForURL((u) => urlIs(def, 'loggedIn', u.href), { timeout: t.qrLogin, waitUntil: 'commit' });
  done.catch(() => undefined);
  const img = page.locator(def.selectors.qrImage).first();
  const expired = page.locator(D.qrExpired).first();
  const sms = page.locator(def.dialogs.sms.root).first();
  let last = '';
  const srcNow = () => img.getAttribute('src', { timeout: 1_000 }).catch(() => null);
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) {
      throw new DeadlineError('qr login', t.qrLogin);
    }
    const next = await firstOf('qr login', left, {
      done,
      sms: visible(sms),
      expired: visible(expired),
      fresh: async () => {
        const src = await srcNow();
        return Boolean(src) && src !== last && (await img.isVisible());
      },
    });
    if (next === 'done') {
      return;
    }
    if (next === 'sms') {
      if (!onCode) {
        throw new Error('douyin login: an SMS check followed the scan and nobody can answer it');
      }
      await answerLoginSms(page, def, onCode);
      continue;
    }
    if (next === 'expired') {
      await expired.locator('..').click({ timeout: t.navigation });
      continue;
    }
    last = (await srcNow()) ?? '';
    await onQr(last);
  }
}

/** Opens 作品管理 and reads the list API answer the page itself fetches (the cards carry no id). */
async function readWorks(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const D = partsOf(def, 'douyin');
  const api = new RegExp(D.workListResponse);
  const ms = def.timeouts.navigation;
  const answer = page.waitForResponse((r) => api.test(new URL(r.url()).pathname), { timeout: ms });
  answer.catch(() => undefined);
  await page.goto(urlOf(def, def.paths.works), { timeout: ms });
  const got = await firstOf('works list', ms, { answer, logged_out: loggedOut(page, def) });
  if (got === 'logged_out') {
    throw new Error('douyin works list: logged out');
  }
  return parseWorkList(await (await answer).text());
}

/** The # dropdown is closed again right before 发布, which it would otherwise swallow. */
async function submit(page: Page, _root: unknown, def: ConnectorDefinition): Promise<boolean> {
  await closeMention(page, def);
  await dismissOverlays(page, def);
  return page
    .locator(def.selectors.submitReady)
    .first()
    .click({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
}

/** douyin: steps the generic flow cannot express as data. */
export const douyinSteps: ConnectorSteps = { fillForm, submit, readWorks, loginByQr };
