import type { Page } from 'playwright-core';
import { RATE_LIMIT_WORDS, VERIFICATION_WORDS, refusalKind } from './definition.ts';
import { exactIds } from './in-page.ts';
import { kuaishouHarvest } from './kuaishou.ts';
import { HarvestError } from './types.ts';

// Kuaishou's comment calls are made and signed by its own page (kuaishou.ts): the steps drive the page and
// read the calls it makes from this log, and their answers here.

type CallKind = keyof typeof kuaishouHarvest.calls;

/** One of the page's own calls as it went out, and its answer once it comes (undefined: none). */
export interface PageCall {
  kind: CallKind;
  body: Record<string, unknown>;
  answer: Promise<{ status: number; text: string } | undefined>;
}

export interface KsComment {
  commentId: string;
  authorId: string;
  authorName?: string;
  content: string;
  timestamp: number;
  replyToCommentId?: string;
  subCommentCount?: number;
}

export interface Envelope {
  result?: number;
  error_msg?: string;
  message?: string;
  data?: { pcursor?: number | string; list?: unknown[]; commentId?: string };
}
const logs = new WeakMap<Page, PageCall[]>();

/** Every comment call the page makes from now on, in order (the page signs them; we only read them). */
export function callsOf(page: Page): PageCall[] {
  let log = logs.get(page);
  if (log) {
    return log;
  }
  const calls = kuaishouHarvest.calls;
  const entries: PageCall[] = [];
  logs.set(page, entries);
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    const kind = (Object.keys(calls) as CallKind[]).find((k) => path.endsWith(calls[k]));
    if (!kind) {
      return;
    }
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(req.postData() ?? '{}') as Record<string, unknown>;
    } catch {
      body = {};
    }
    const answer = req
      .response()
      .then(async (r) => (r ? { status: r.status(), text: await r.text().catch(() => '') } : undefined))
      .catch(() => undefined);
    entries.push({ kind, body, answer });
  });
  log = entries;
  return log;
}

/** The first call of `kind` after `from` that `match` accepts, once it has gone out (undefined after `ms`). */
export async function callAfter(
  page: Page,
  from: number,
  kind: CallKind,
  match: (body: Record<string, unknown>) => boolean,
  ms: number,
): Promise<PageCall | undefined> {
  const log = callsOf(page);
  const end = Date.now() + ms;
  for (;;) {
    const found = log.slice(from).find((c) => c.kind === kind && match(c.body));
    if (found || Date.now() > end) {
      return found;
    }
    await page.waitForTimeout(100);
  }
}

/** Reads the answer to one of the page's calls: result 1, or why not (a HarvestError of its kind). */
export async function answerOf(
  def: Pick<typeof kuaishouHarvest, 'bigFields' | 'loggedOutWords'>,
  call: PageCall | undefined,
  what: string,
  ms: number,
  write: boolean,
): Promise<Envelope> {
  if (!call) {
    throw new HarvestError('failed', `${what}: the page made no call`);
  }
  const a = await Promise.race([call.answer, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);
  if (!a) {
    throw new HarvestError('failed', `${what}: no answer in ${ms} ms`);
  }
  let body: Envelope;
  try {
    body = JSON.parse(exactIds(a.text, def.bigFields)) as Envelope;
  } catch {
    throw new HarvestError('failed', `${what}: HTTP ${a.status}, not JSON`, a.text.slice(0, 200));
  }
  if (body.result === 1) {
    return body;
  }
  const text = body.error_msg ?? body.message ?? '';
  const kind = refusalKind(
    {
      loggedOut: text.includes(def.loggedOutWords),
      rateLimited: RATE_LIMIT_WORDS.test(text),
      verification: VERIFICATION_WORDS.test(text),
    },
    write,
  );
  throw new HarvestError(kind, `${what}: result ${String(body.result)}`, text);
}
