import type { Page } from 'playwright-core';
import type { ConnectorDefinition } from './connectors/definition.ts';
import { CONNECTOR_STEPS } from './connectors/steps-registry.ts';
import type { ListedWork } from './connectors/steps.ts';
import type { JobResult, ReviewState } from './types.ts';
import { matchNewWork, type MatchBasis } from './verify-match.ts';

/** Seconds of a listed duration: `m:ss`, `h:mm:ss` or a plain number of seconds; undefined otherwise. */
export function parseListedDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(t)) {
    return Number(t);
  }
  const m = /(?:(\d+):)?(\d{1,2}):(\d{2})/.exec(t);
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
}

/**
 * Epoch ms of a listed creation time: an ISO datetime (a `datetime` attribute), epoch seconds or ms,
 * or `YYYY-MM-DD HH:mm[:ss]` / `YYYY年MM月DD日 HH:mm` as the creator centres print it (Beijing time).
 */
export function parseListedTime(text: string): number | undefined {
  const t = text.trim();
  if (/^\d{10}$/.test(t)) {
    return Number(t) * 1000;
  }
  if (/^\d{13}$/.test(t)) {
    return Number(t);
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? undefined : ms;
  }
  const m = /(\d{4})[-/年](\d{1,2})[-/月](\d{1,2})日?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(t);
  if (!m) {
    return undefined;
  }
  const [, y, mo, d, h, mi, sec] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 8, Number(mi), Number(sec ?? 0));
}

/** Reads the works list on the current page (duration and creation time where the definition names them). */
export async function listedWorks(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const s = def.selectors;
  const raw = await page.locator(s.workItem).evaluateAll(
    (els, [idAttr, titleSel, statusSel, durationSel, timeSel]) =>
      els.map((el) => {
        const time = timeSel ? el.querySelector(timeSel) : null;
        return {
          id: el.getAttribute(idAttr ?? '') ?? '',
          title: el.querySelector(titleSel ?? '')?.textContent?.trim() ?? '',
          status: el.querySelector(statusSel ?? '')?.textContent?.trim() ?? '',
          href: el.querySelector(titleSel ?? '')?.getAttribute('href') ?? null,
          duration: durationSel ? (el.querySelector(durationSel)?.textContent ?? '') : '',
          time: time ? (time.getAttribute('datetime') ?? time.textContent ?? '') : '',
        };
      }),
    [s.workIdAttribute, s.workTitle, s.workStatus, s.workDuration ?? '', s.workCreatedAt ?? ''],
  );
  return raw.map(({ duration, time, ...work }) => {
    const durationSec = parseListedDuration(duration);
    const createdAt = parseListedTime(time);
    return {
      ...work,
      ...(durationSec !== undefined && durationSec > 0 ? { durationSec } : {}),
      ...(createdAt !== undefined ? { createdAt } : {}),
    };
  });
}

/** Opens the works list and reads it. */
export async function readWorksList(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const own = CONNECTOR_STEPS[def.platform].readWorks;
  if (own) {
    return own(page, def);
  }
  await page.goto(def.baseUrl.replace(/\/$/, '') + def.paths.works, { timeout: def.timeouts.navigation });
  return listedWorks(page, def);
}

/** A post found in the works list, with its review state. */
export interface FoundWork {
  work: ListedWork;
  state: ReviewState;
}

/** The review state a listed work's status text names (审核中 where the text is not one the connector knows). */
export function reviewStateOf(def: ConnectorDefinition, work: ListedWork): ReviewState {
  return def.reviewStates[work.status] ?? 'reviewing';
}

/**
 * Reads the works list back until the job's own post shows (matchNewWork: the create answer's id, or a
 * new work with the title and duration, created after the submit), within the verify deadline. It
 * does not wait for the review to end: a post still 审核中 is published, and the server has the runner
 * read its review state again later. Undefined when it never showed.
 */
export async function verifyInWorksList(
  page: Page,
  def: ConnectorDefinition,
  basis: MatchBasis,
  deadlineMs = def.timeouts.verify,
): Promise<FoundWork | undefined> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    // A read can collide with the page's own redirect after submit; the next read tries again.
    const works = await readWorksList(page, def).catch((err: unknown) => {
      if (Date.now() + def.timeouts.worksPoll >= end) {
        throw err;
      }
      return [];
    });
    const work = matchNewWork(works, basis);
    if (work) {
      return { work, state: reviewStateOf(def, work) };
    }
    if (Date.now() + def.timeouts.worksPoll >= end) {
      return undefined;
    }
    await page.waitForTimeout(def.timeouts.worksPoll);
  }
}

/** What a job's result says of a post the works list proved: outcome, id, link and review state. */
export function provenResult(
  def: ConnectorDefinition,
  found: FoundWork,
  createdId: string | undefined,
  createSeen: boolean,
): Pick<JobResult, 'outcome' | 'workId' | 'permalink' | 'reviewState' | 'proof'> {
  const id = found.work.id || createdId;
  return {
    outcome: found.state === 'rejected' ? 'rejected' : found.state === 'scheduled' ? 'platform_scheduled' : 'published',
    workId: id,
    permalink: id && def.permalink ? def.permalink.replace('{id}', id) : (found.work.href ?? undefined),
    reviewState: found.state,
    proof: { createResponse: createSeen, worksList: true },
  };
}
