import type { Locator, Page } from 'playwright-core';
import { descriptionFor, PUBLISH_RULES } from '@vidmatrix/contract/rules/publish-rules';
import { type ConnectorDefinition, formatSchedule } from './connectors/definition.ts';
import { CONNECTOR_STEPS } from './connectors/steps-registry.ts';
import type { Root } from './connectors/steps.ts';
import { aborted, DeadlineError, firstOf, type Probe, withDeadline } from './deadline.ts';
import type { LoginSmsCode, NeedsActionKind, PublishJob, RunHooks } from './types.ts';

export type { ListedWork, Root } from './connectors/steps.ts';
// The works list lives in works-list.ts; its readers are re-exported here, where the other steps are.
export {
  listedWorks,
  parseListedDuration,
  parseListedTime,
  provenResult,
  readWorksList,
  reviewStateOf,
  verifyInWorksList,
  type FoundWork,
} from './works-list.ts';

/** The page or the form's iframe. */
export function formRoot(page: Page, def: ConnectorDefinition): Root {
  return def.formFrame ? page.frameLocator(def.formFrame) : page;
}

/** An absolute URL of a connector path. */
export function urlOf(def: ConnectorDefinition, path: string): string {
  return def.baseUrl.replace(/\/$/, '') + path;
}

/** True when the URL is of the kind the connector's pattern names (matched below the base URL). */
export function urlIs(def: ConnectorDefinition, kind: keyof ConnectorDefinition['urls'], url: string): boolean {
  const rest = url.startsWith(def.baseUrl) ? url.slice(def.baseUrl.replace(/\/$/, '').length) : url;
  return new RegExp(def.urls[kind]).test(rest);
}

/** True while the page shows it is logged out: a login URL or a login marker. */
export function loggedOut(page: Page, def: ConnectorDefinition): Probe {
  return async () =>
    urlIs(def, 'login', page.url()) || (await page.locator(def.selectors.loginMarkers).first().isVisible());
}

/** True while the locator's first element is visible. */
export const visible =
  (l: Locator): Probe =>
  () =>
    l.first().isVisible();
const withText = (root: Root, selector: string) => root.locator(selector).filter({ hasText: /\S/ });

/** Closes guides and overlays that would take the next click. */
export async function dismissOverlays(root: Root, def: ConnectorDefinition): Promise<void> {
  for (const selector of def.selectors.overlayClose) {
    const close = root.locator(selector).first();
    if (await close.isVisible().catch(() => false)) {
      await close.click({ timeout: 5_000 }).catch(() => undefined);
    }
  }
}

/**
 * Runs a pointer action, moving overlays aside whenever one takes the click, until the deadline.
 * Playwright dispatches nothing while another element would receive the click, so a retry never doubles it.
 */
export async function clickThrough(
  root: Root,
  def: ConnectorDefinition,
  ms: number,
  action: (timeout: number) => Promise<void>,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await dismissOverlays(root, def);
    try {
      await action(Math.min(3_000, Math.max(1, end - Date.now())));
      return;
    } catch (err) {
      if (!(err instanceof Error && err.name === 'TimeoutError') || Date.now() >= end) {
        throw err;
      }
    }
  }
}

/** Opens the upload page and tells whether the session holds (positive proof: the file input is there). */
export async function openUploadPage(page: Page, def: ConnectorDefinition): Promise<'ready' | 'logged_out'> {
  const t = def.timeouts;
  if (def.openUpload) {
    await page.goto(urlOf(def, def.paths.home), { timeout: t.navigation });
    const home = await firstOf('open home', t.loginCheck, {
      ready: visible(page.locator(def.openUpload)),
      logged_out: loggedOut(page, def),
    });
    if (home === 'logged_out') {
      return 'logged_out';
    }
    await clickThrough(page, def, t.loginCheck, (timeout) =>
      page
        .locator(def.openUpload ?? '')
        .first()
        .click({ timeout }),
    );
  } else {
    await page.goto(urlOf(def, def.paths.upload), { timeout: t.navigation });
  }
  const fileInput = formRoot(page, def).locator(def.selectors.fileInput);
  return firstOf('login check', t.loginCheck, {
    ready: async () => (await fileInput.count()) > 0,
    logged_out: loggedOut(page, def),
  });
}

/** Checks the session on the upload page, three tries for a page that does not answer (SAU #234). */
export async function checkLogin(page: Page, def: ConnectorDefinition): Promise<'valid' | 'invalid' | 'unknown'> {
  const own = CONNECTOR_STEPS[def.platform].checkLogin;
  if (own) {
    return own(page, def);
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return (await openUploadPage(page, def)) === 'ready' ? 'valid' : 'invalid';
    } catch (err) {
      if (!(err instanceof DeadlineError || (err instanceof Error && err.name === 'TimeoutError'))) {
        throw err;
      }
    }
  }
  return 'unknown';
}

/**
 * QR login: relays each QR image shown (a new one when it refreshes) until the page lands signed in;
 * `onCode` answers an SMS check that follows the scan, where the connector's own step knows one.
 */
export async function loginByQr(
  page: Page,
  def: ConnectorDefinition,
  onQr: (image: string) => void | Promise<void>,
  onCode?: LoginSmsCode,
) {
  const own = CONNECTOR_STEPS[def.platform].loginByQr;
  if (own) {
    return own(page, def, onQr, onCode);
  }
  const t = def.timeouts;
  const end = Date.now() + t.qrLogin;
  await page.goto(urlOf(def, def.paths.login), { timeout: t.navigation });
  await CONNECTOR_STEPS[def.platform].showQr?.(page, def);
  const img = page.locator(def.selectors.qrImage).first();
  let last = '';
  while (!urlIs(def, 'loggedIn', page.url())) {
    const left = end - Date.now();
    if (left <= 0) {
      throw new DeadlineError('qr login', t.qrLogin);
    }
    const shown = await firstOf('qr login', left, {
      qr: visible(img),
      done: page.waitForURL((u) => urlIs(def, 'loggedIn', u.href), { timeout: left, waitUntil: 'commit' }),
    });
    if (shown === 'done') {
      break;
    }
    const src = (await img.getAttribute('src').catch(() => null)) ?? '';
    if (src && src !== last) {
      last = src;
      await onQr(src);
    }
    await firstOf('qr login', Math.max(1, end - Date.now()), {
      done: page.waitForURL((u) => urlIs(def, 'loggedIn', u.href), { timeout: end - Date.now(), waitUntil: 'commit' }),
      refreshed: () =>
        page.evaluate(
          ([selector, old]) => document.querySelector(selector ?? '')?.getAttribute('src') !== old,
          [def.selectors.qrImage, last],
        ),
    });
  }
}

/** Visible verification dialog kinds, as signals. */
export function dialogSignals(root: Root, def: ConnectorDefinition): Record<NeedsActionKind, Probe> {
  return {
    sms: visible(root.locator(def.dialogs.sms.root)),
    captcha: visible(root.locator(def.dialogs.captcha.root)),
    real_name: visible(root.locator(def.dialogs.real_name.root)),
  };
}

/** How often the upload percent is read from the page, ms (the runner relays at most one a second). */
const UPLOAD_SAMPLE_MS = 250;

export type UploadResult = 'done' | 'failed' | 'logged_out' | 'cancelled' | NeedsActionKind;

/** Sets the file and waits, within the upload deadline, for 上传成功; 上传失败 sets the file again (twice at most). */
export async function uploadVideo(
  page: Page,
  def: ConnectorDefinition,
  job: PublishJob,
  hooks: RunHooks,
): Promise<UploadResult> {
  const root = formRoot(page, def);
  const s = def.selectors;
  const end = Date.now() + def.timeouts.upload;
  // The percent is sampled from the page, one read at a time (a slow page never piles reads up); a
  // small file's transfer can end between two reads, so the end of the upload reports 100 itself.
  let finished = false;
  let sampler: NodeJS.Timeout | undefined;
  const sample = () => {
    void root
      .locator(s.uploadProgress)
      .first()
      .textContent({ timeout: 1_000 })
      .then((text) => {
        const percent = Number(/(\d{1,3})\s*%/.exec(text ?? '')?.[1]);
        if (!finished && text && Number.isFinite(percent)) {
          hooks.onProgress?.({ percent, text: text.trim() });
        }
      })
      .catch(() => undefined)
      .finally(() => {
        if (!finished) {
          sampler = setTimeout(sample, UPLOAD_SAMPLE_MS);
        }
      });
  };
  sampler = setTimeout(sample, UPLOAD_SAMPLE_MS);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const input = root.locator(s.fileInput).first();
      const setFile = CONNECTOR_STEPS[def.platform].setFile;
      if (setFile) {
        await setFile(page, root, def, job);
      } else {
        if (attempt > 0) {
          // Chromium fires no change event for the same selection: clear it first.
          await input.setInputFiles([], { timeout: def.timeouts.navigation });
        }
        await input.setInputFiles(job.videoPath, { timeout: def.timeouts.navigation });
      }
      const left = Math.max(1, end - Date.now());
      const result = await firstOf('upload', left, {
        done: visible(root.locator(s.uploadDone)),
        failed: visible(root.locator(s.uploadFailed)),
        logged_out: loggedOut(page, def),
        cancelled: aborted(hooks.signal),
        ...dialogSignals(root, def),
      });
      if (result === 'done') {
        finished = true;
        hooks.onProgress?.({ percent: 100, text: '上传完成' });
      }
      if (result !== 'failed') {
        return result;
      }
    }
    return 'failed';
  } finally {
    finished = true;
    clearTimeout(sampler);
  }
}

/** Waits for processing to end: the submit control enabled. */
export async function waitProcessed(
  page: Page,
  def: ConnectorDefinition,
  signal?: AbortSignal,
): Promise<'ready' | 'logged_out' | 'cancelled'> {
  const ms = def.timeouts.processing;
  return firstOf('processing', ms, {
    ready: visible(formRoot(page, def).locator(def.selectors.submitReady)),
    logged_out: loggedOut(page, def),
    cancelled: aborted(signal),
  });
}

/** The description as typed: the platform's description text, with inline "#topic"s where topics go inline. */
export function descriptionText(def: ConnectorDefinition, job: PublishJob): string {
  const text = descriptionFor(job.platform, job.title, job.description);
  if (def.topicMode !== 'inline' || job.topics.length === 0) {
    return text;
  }
  return `${text} ${job.topics.map((t) => `#${t}`).join(' ')}`.trim();
}

/** The title the works list shows for the job (the first description line where there is no title field). */
export function listedTitle(job: PublishJob): string {
  return PUBLISH_RULES[job.platform].titleMax > 0
    ? job.title.trim()
    : (descriptionFor(job.platform, job.title, job.description).split('\n')[0] ?? '');
}

/** Fills title, description, topics, cover and schedule; the schedule is read back (posts went out late: SAU PR #205). */
export async function fillForm(
  page: Page,
  def: ConnectorDefinition,
  job: PublishJob,
): Promise<'ok' | 'schedule_not_applied'> {
  const own = CONNECTOR_STEPS[def.platform].fillForm;
  if (own) {
    return withDeadline('fill', def.timeouts.fill, own(page, def, job));
  }
  const root = formRoot(page, def);
  const s = def.selectors;
  const ms = def.timeouts.fill;
  return withDeadline(
    'fill',
    ms,
    (async () => {
      await dismissOverlays(root, def);
      if (s.title) {
        await root.locator(s.title).first().fill(job.title, { timeout: ms });
      }
      await root.locator(s.description).first().fill(descriptionText(def, job), { timeout: ms });
      for (const topic of def.topicMode === 'inline' ? [] : job.topics) {
        const input = root.locator(s.topicInput ?? '').first();
        if (def.topicMode === 'enter') {
          await input.fill(topic, { timeout: ms });
          await input.press('Enter', { timeout: ms });
        } else {
          await input.fill(`#${topic}`, { timeout: ms });
          await clickThrough(root, def, ms, (timeout) =>
            root
              .locator(s.topicSuggestion ?? '')
              .first()
              .click({ timeout }),
          );
        }
      }
      if (job.coverPath && s.coverInput) {
        await root.locator(s.coverInput).first().setInputFiles(job.coverPath, { timeout: ms });
      }
      if (job.scheduleAt !== undefined) {
        const value = formatSchedule(job.scheduleAt, def.scheduleFormat);
        await clickThrough(root, def, ms, (timeout) => root.locator(s.scheduleRadio).first().check({ timeout }));
        const input = root.locator(s.scheduleInput).first();
        await input.waitFor({ state: 'visible', timeout: ms });
        if (def.scheduleReadonly) {
          // A readonly picker ignores typing: set the value the way the picker does, with its events.
          await input.evaluate((el, v) => {
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, v);
            el.dispatchEvent(new Event('input', { bubbles: true }));
            el.dispatchEvent(new Event('change', { bubbles: true }));
          }, value);
        } else {
          await input.fill(value, { timeout: ms });
        }
        if ((await input.inputValue({ timeout: ms })) !== value) {
          return 'schedule_not_applied';
        }
      }
      return 'ok';
    })(),
  );
}

/** The page's own error text (toasts, alerts), visible ones joined. */
export async function pageErrorText(page: Page, def: ConnectorDefinition): Promise<string> {
  const roots: Root[] = def.formFrame ? [page, formRoot(page, def)] : [page];
  const texts: string[] = [];
  for (const root of roots) {
    const all = await withText(root, def.selectors.errorText)
      .allInnerTexts()
      .catch(() => []);
    texts.push(...all.map((t) => t.trim()).filter(Boolean));
  }
  return [...new Set(texts)].join('\n');
}
