import type { Page } from 'playwright-core';
import { PUBLISH_RULES } from '@vidmatrix/contract/rules/publish-rules';
import { clickThrough, descriptionText, dismissOverlays, loggedOut, urlOf } from '../flow.ts';
import { firstOf } from '../deadline.ts';
import { formatSchedule, partsOf, type ConnectorDefinition } from './definition.ts';
import type { ConnectorSteps, ListedWork } from './steps.ts';

/** Names of the page's buttons in the accessibility tree, which reaches into closed shadow roots. */
async function buttonNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: unknown }; name?: { value?: unknown } }[];
    };
    return nodes.flatMap((n) =>
      n.role?.value === 'button' && typeof n.name?.value === 'string' ? [n.name.value] : [],
    );
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Types `#topic` and picks the first suggestion; when none comes (a live API), erases the text and skips. */
async function addTopic(page: Page, def: ConnectorDefinition, topic: string, ms: number): Promise<boolean> {
  const more = partsOf(def, 'xiaohongshu');
  const links = page.locator(more.topicLink);
  const before = await links.count();
  await page.keyboard.type(` #${topic}`);
  const item = page.locator(def.selectors.topicSuggestion ?? '').first();
  const shown = await item.waitFor({ state: 'visible', timeout: more.topicWaitMs }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    for (let i = 0; i < topic.length + 1; i += 1) {
      await page.keyboard.press('Backspace');
    }
    return false;
  }
  await clickThrough(page, def, ms, (timeout) => item.click({ timeout }));
  await links.nth(before).waitFor({ state: 'attached', timeout: ms });
  return true;
}

async function setCover(page: Page, def: ConnectorDefinition, coverPath: string, ms: number): Promise<void> {
  const more = partsOf(def, 'xiaohongshu');
  const modal = page.locator(more.coverModal).first();
  await clickThrough(page, def, ms, (timeout) => page.locator(more.coverOpen).first().click({ timeout }));
  await modal.waitFor({ state: 'visible', timeout: ms });
  await modal.locator(more.coverTab).first().click({ timeout: ms });
  await modal
    .locator(def.selectors.coverInput ?? '')
    .first()
    .setInputFiles(coverPath, { timeout: ms });
  // 确定 waits for the image to be processed (about 4 s on the real site).
  await modal.locator(more.coverConfirm).first().click({ timeout: ms });
  await modal.waitFor({ state: 'hidden', timeout: ms });
}

async function setSchedule(page: Page, def: ConnectorDefinition, at: number, ms: number): Promise<boolean> {
  const more = partsOf(def, 'xiaohongshu');
  const s = def.selectors;
  const value = formatSchedule(at, def.scheduleFormat);
  const input = page.locator(s.scheduleInput).first();
  if (!(await input.isVisible())) {
    await clickThrough(page, def, ms, (timeout) => page.locator(s.scheduleRadio).first().click({ timeout }));
  }
  await input.waitFor({ state: 'visible', timeout: ms });
  await input.fill(value, { timeout: ms });
  await input.press('Enter', { timeout: ms });
  // Read back: the input kept the time, and the publish control now reads 定时发布.
  return (await input.inputValue({ timeout: ms })) === value && (await buttonNames(page)).includes(more.scheduledLabel);
}

/** Reads one note card's fields as the list shows them. */
interface CardText {
  impression: string;
  title: string;
  status: string;
  duration: string;
  time: string;
}

/** "发布于 2026年11月27日 15:42" (Beijing time) → epoch ms. */
function createdAtOf(text: string): number | undefined {
  const m = /(\d{4})\D(\d{1,2})\D(\d{1,2})\D+(\d{1,2}):(\d{2})/.exec(text);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 8, Number(m[5])) : undefined;
}

/** "01:05" or "1:02:03" → seconds. */
function durationOf(text: string): number | undefined {
  const parts = /^\s*(\d+(?::\d{2}){1,2})\s*$/.exec(text)?.[1]?.split(':').map(Number);
  return parts ? parts.reduce((sum, n) => sum * 60 + n, 0) : undefined;
}

function toListed(card: CardText): ListedWork {
  const id = /"noteId"\s*:\s*"([^"]+)"/.exec(card.impression)?.[1] ?? '';
  const work: ListedWork = { id, title: card.title, status: card.status, href: null };
  const createdAt = createdAtOf(card.time);
  const durationSec = durationOf(card.duration);
  return {
    ...work,
    ...(createdAt !== undefined ? { createdAt } : {}),
    ...(durationSec !== undefined ? { durationSec } : {}),
  };
}

/** Opens the note manager, waits for its list API to answer and the cards to be drawn, then reads them. */
async function readWorks(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const more = partsOf(def, 'xiaohongshu');
  const s = def.selectors;
  const ms = def.timeouts.navigation;
  const answered = page.waitForResponse((r) => r.url().includes(more.worksApi), { timeout: ms });
  answered.catch(() => undefined); // lost when the page shows the login instead
  await page.goto(urlOf(def, def.paths.works), { timeout: ms });
  const got = await firstOf('works list', ms, { answered, logged_out: loggedOut(page, def) });
  if (got === 'logged_out') {
    throw new Error('the works list asks for a login');
  }
  const body = (await (await answered).json()) as { data?: { notes?: unknown[] } };
  const count = body.data?.notes?.length ?? 0;
  if (count === 0) {
    return [];
  }
  const cards = page.locator(s.workItem);
  await cards.nth(count - 1).waitFor({ state: 'attached', timeout: ms });
  // No helper functions inside: the runner's tsx build would wrap them in a `__name` the page lacks.
  const rows: CardText[] = await cards.evaluateAll(
    (els, sel) =>
      els.map((el) => {
        const [title, status, duration, time] = [sel.title, sel.status, sel.duration, sel.time].map((q) =>
          q ? (el.querySelector(q)?.textContent?.trim() ?? '') : '',
        );
        return {
          impression: el.getAttribute(sel.id) ?? '',
          title: title ?? '',
          status: status ?? '',
          duration: duration ?? '',
          time: time ?? '',
        };
      }),
    {
      id: s.workIdAttribute,
      title: s.workTitle,
      status: s.workStatus,
      duration: s.workDuration,
      time: s.workCreatedAt,
    },
  );
  return rows.map(toListed);
}

/** Xiaohongshu: the steps its data cannot express (research/connectors.md §3). */
export const xiaohongshuSteps: ConnectorSteps = {
  async showQr(page, def) {
    const more = partsOf(def, 'xiaohongshu');
    const img = page.locator(def.selectors.qrImage).first();
    const ms = def.timeouts.navigation;
    await page.locator(`${more.qrSwitch}, ${def.selectors.qrImage}`).first().waitFor({ timeout: ms });
    if (!(await img.isVisible())) {
      await page.locator(more.qrSwitch).first().click({ timeout: ms });
    }
  },

  async fillForm(page, def, job) {
    const s = def.selectors;
    const ms = def.timeouts.fill;
    await dismissOverlays(page, def);
    await clickThrough(page, def, ms, (timeout) =>
      page
        .locator(s.title ?? '')
        .first()
        .fill(job.title, { timeout }),
    );
    await clickThrough(page, def, ms, (timeout) => page.locator(s.description).first().click({ timeout }));
    const text = descriptionText(def, job);
    if (text) {
      await page.keyboard.type(text);
    }
    for (const topic of job.topics.slice(0, PUBLISH_RULES.xiaohongshu.topicMax)) {
      await addTopic(page, def, topic, ms);
    }
    if (job.coverPath) {
      await setCover(page, def, job.coverPath, ms);
    }
    if (job.scheduleAt !== undefined && !(await setSchedule(page, def, job.scheduleAt, ms))) {
      return 'schedule_not_applied';
    }
    return 'ok';
  },

  async submit(page, _root, def) {
    // A closed shadow root: no text selector reaches the inner button, a click on the host does.
    const control = page.locator(def.selectors.submitReady).first();
    return clickThrough(page, def, 10_000, (timeout) => control.click({ timeout })).then(
      () => true,
      () => false,
    );
  },

  readWorks,
};
