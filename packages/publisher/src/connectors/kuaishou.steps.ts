import type { Page } from 'playwright-core';
import { descriptionFor } from '@vidmatrix/contract/rules/publish-rules';
import { DeadlineError, firstOf } from '../deadline.ts';
import { clickThrough, dialogSignals, dismissOverlays, loggedOut, urlIs, urlOf, visible } from '../flow.ts';
import type { PublishJob } from '../types.ts';
import { type ConnectorDefinition, formatSchedule, partsOf } from './definition.ts';
import type { ConnectorSteps, ListedWork, Root } from './steps.ts';

/** Passport QR login: turns to the QR, relays each new image, refreshes an expired one, until signed in. */
async function loginByQr(page: Page, def: ConnectorDefinition, onQr: (image: string) => void | Promise<void>) {
  const P = partsOf(def, 'kuaishou');
  const t = def.timeouts;
  const end = Date.now() + t.qrLogin;
  await page.goto(urlOf(def, def.paths.login), { timeout: t.navigation });
  const form = page.locator(P.loginForm).first();
  const img = page.locator(def.selectors.qrImage).first();
  let last = '';
  // The page can leave the login form between reading its state and a click in it (a scan confirmed while
  // a probe read the QR as hidden): the click would wait for an element that never comes back, so it
  // races the form going away, and the loop reads the page again.
  const stepUnlessGone = (selector: string) =>
    firstOf('qr login step', t.navigation, {
      clicked: page.locator(selector).first().click({ timeout: t.navigation }),
      left: async () => urlIs(def, 'loggedIn', page.url()) || !(await form.isVisible()),
    });
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) {
      throw new DeadlineError('qr login', t.qrLogin);
    }
    const state = await firstOf('qr login', left, {
      done: async () => urlIs(def, 'loggedIn', page.url()) && !(await form.isVisible()),
      // A QR the person has not seen goes out before a refresh, so every QR the page showed is relayed.
      shown: async () => (await img.isVisible()) && ((await img.getAttribute('src')) ?? '') !== last,
      expired: visible(page.locator(P.qrExpired)),
      switch: async () => (await page.locator(P.qrSwitch).first().isVisible()) && !(await img.isVisible()),
      intro: visible(page.locator(P.introLogin)),
    });
    switch (state) {
      case 'done':
        return;
      case 'expired':
        await stepUnlessGone(P.qrRefresh);
        break;
      case 'shown':
        last = (await img.getAttribute('src')) ?? '';
        await onQr(last);
        break;
      case 'switch':
        await stepUnlessGone(P.qrSwitch);
        break;
      case 'intro':
        await page.locator(P.introLogin).first().click({ timeout: t.navigation });
        break;
    }
  }
}

/** The upload button opens a native file chooser; after 上传失败 the file goes into the progress box's input. */
async function setFile(page: Page, root: Root, def: ConnectorDefinition, job: PublishJob) {
  const P = partsOf(def, 'kuaishou');
  const ms = def.timeouts.navigation;
  const retry = root.locator(P.retryInput).first();
  if ((await root.locator(def.selectors.uploadFailed).first().isVisible()) && (await retry.count()) > 0) {
    await retry.setInputFiles(job.videoPath, { timeout: ms });
  } else {
    const button = root.locator(def.selectors.fileInput).first();
    await clickThrough(root, def, ms, async (timeout) => {
      // Listening first: Playwright then takes the chooser instead of a native dialog.
      const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout }), button.click({ timeout })]);
      await chooser.setFiles(job.videoPath, { timeout: ms });
    });
  }
  await root.locator(P.uploadStarted).first().waitFor({ state: 'visible', timeout: ms });
}

/** Types into the contenteditable after 描述 (SAU): the text, Enter, then "#topic " for each topic. */
async function fillDescription(page: Page, def: ConnectorDefinition, job: PublishJob, ms: number) {
  const editor = page.locator(def.selectors.description).first();
  await clickThrough(page, def, ms, (timeout) => editor.click({ timeout }));
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  const lines = descriptionFor(job.platform, job.title, job.description).split('\n');
  for (const [i, line] of lines.entries()) {
    if (i > 0) {
      await page.keyboard.press('Enter');
    }
    await page.keyboard.insertText(line);
  }
  if (job.topics.length > 0) {
    await page.keyboard.press('Enter');
    for (const topic of job.topics) {
      await page.keyboard.type(`#${topic} `);
    }
  }
  const typed = await editor.innerText({ timeout: ms });
  if (!typed.includes(lines[0] ?? '')) {
    throw new Error('the description did not take the text');
  }
}

/** 封面设置 → the Ant Design modal → 上传封面 → its file input → 确认. */
async function setCover(page: Page, def: ConnectorDefinition, coverPath: string, ms: number) {
  const P = partsOf(def, 'kuaishou');
  const opener = page.locator(P.coverLabel).first().locator('xpath=following-sibling::div[1]').locator('div').first();
  await clickThrough(page, def, ms, (timeout) => opener.click({ timeout }));
  const modal = page.locator(P.coverModal).filter({ hasText: P.coverTab }).first();
  await clickThrough(page, def, ms, (timeout) => modal.getByText(P.coverTab, { exact: true }).click({ timeout }));
  await page
    .locator(def.selectors.coverInput ?? '')
    .first()
    .setInputFiles(coverPath, { timeout: ms });
  await modal.getByRole('button', { name: P.coverConfirm, exact: true }).click({ timeout: ms });
  await modal.waitFor({ state: 'hidden', timeout: ms });
}

/** 定时发布 → the controlled DatePicker: the native setter with its events, then Enter commits (SAU PR #205). */
async function setSchedule(page: Page, def: ConnectorDefinition, at: number, ms: number): Promise<boolean> {
  const value = formatSchedule(at, def.scheduleFormat);
  await clickThrough(page, def, ms, (timeout) => page.locator(def.selectors.scheduleRadio).first().click({ timeout }));
  const input = page.locator(def.selectors.scheduleInput).first();
  await clickThrough(page, def, ms, (timeout) => input.click({ timeout }));
  await input.evaluate((el, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
  await input.press('Enter', { timeout: ms });
  return (await input.inputValue({ timeout: ms })) === value;
}

async function fillForm(page: Page, def: ConnectorDefinition, job: PublishJob): Promise<'ok' | 'schedule_not_applied'> {
  const ms = def.timeouts.fill;
  await dismissOverlays(page, def);
  await fillDescription(page, def, job, ms);
  if (job.coverPath) {
    await setCover(page, def, job.coverPath, ms);
  }
  if (job.scheduleAt !== undefined && !(await setSchedule(page, def, job.scheduleAt, ms))) {
    return 'schedule_not_applied';
  }
  return 'ok';
}

/** 发布, then the 确认发布 confirm modal's primary action when it shows (it takes every click until then). */
async function submit(page: Page, root: Root, def: ConnectorDefinition): Promise<boolean> {
  const publish = root.locator(def.selectors.submitReady).first();
  const clicked = await clickThrough(root, def, 10_000, (timeout) => publish.click({ timeout })).then(
    () => true,
    () => false,
  );
  if (!clicked) {
    return false;
  }
  const confirm = root.locator(def.selectors.confirm ?? '').first();
  const next = await firstOf('confirm', def.timeouts.submit, {
    confirm: visible(confirm),
    answered: async () =>
      urlIs(def, 'success', page.url()) ||
      (await root.locator(def.selectors.errorText).first().isVisible()) ||
      (await loggedOut(page, def)()),
    ...dialogSignals(root, def),
  }).catch(() => 'timeout' as const);
  if (next === 'confirm') {
    await clickThrough(root, def, def.timeouts.submit, (timeout) => confirm.click({ timeout })).catch(() => undefined);
  }
  return true;
}

/** m:ss or h:mm:ss as seconds. */
function seconds(text: string): number | undefined {
  const parts = text.trim().split(':').map(Number);
  if (parts.length < 2 || parts.some((n) => !Number.isFinite(n))) {
    return undefined;
  }
  return parts.reduce((sum, n) => sum * 60 + n, 0);
}

/** "YYYY-MM-DD HH:mm[:ss]" in Beijing time as epoch ms. */
function beijingTime(text: string): number | undefined {
  const m = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  if (!m) {
    return undefined;
  }
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, (h ?? 0) - 8, mi ?? 0, s || 0);
}

/** The works list: each item's id from its link to the public page, with its duration and time where shown. */
async function readWorks(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const P = partsOf(def, 'kuaishou');
  await page.goto(urlOf(def, def.paths.works), { timeout: def.timeouts.navigation });
  const s = def.selectors;
  const rows = await page.locator(s.workItem).evaluateAll(
    // No named helpers inside: the callback runs in the page as written.
    (els, sel) =>
      els.map((el) => {
        const [title = '', status = '', duration = '', time = ''] = [sel.title, sel.status, sel.duration, sel.time].map(
          (q) => (q ? (el.querySelector(q)?.textContent?.trim() ?? '') : ''),
        );
        return { href: el.querySelector(sel.link)?.getAttribute('href') ?? null, title, status, duration, time };
      }),
    {
      link: P.workLink,
      title: s.workTitle,
      status: s.workStatus,
      duration: s.workDuration ?? '',
      time: s.workCreatedAt ?? '',
    },
  );
  const idIn = new RegExp(P.workIdInLink);
  return rows.map((r) => {
    const durationSec = seconds(r.duration);
    const createdAt = beijingTime(r.time);
    return {
      id: idIn.exec(r.href ?? '')?.[1] ?? '',
      title: r.title,
      status: r.status,
      href: r.href,
      ...(durationSec === undefined ? {} : { durationSec }),
      ...(createdAt === undefined ? {} : { createdAt }),
    };
  });
}

/** Kuaishou: steps the generic flow cannot express as data. */
export const kuaishouSteps: ConnectorSteps = { loginByQr, setFile, fillForm, submit, readWorks };
