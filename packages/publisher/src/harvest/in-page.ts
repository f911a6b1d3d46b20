import type { HarvestItem } from '@vidmatrix/contract/api/harvest';
import type { Page } from 'playwright-core';
import { withDeadline } from '../deadline.ts';
import { type HarvestSite, isLoginUrl, siteUrl, type SitePath } from './definition.ts';
import { HarvestError, type ReadRequest, type WriteResult } from './types.ts';

/** A call made from inside the page, as the page's own script makes it (its cookies, its origin). */
export interface PageCall {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  /** A text body (JSON or a form). */
  body?: string;
  /** A binary body (protobuf). */
  bytes?: Uint8Array;
  /** Read the answer as bytes. */
  binary?: boolean;
  timeoutMs: number;
}

/** What came back: `error` when nothing did (the deadline passed or the connection broke). */
export interface PageAnswer {
  status: number;
  text: string;
  headers: Record<string, string>;
  bytes: Uint8Array;
  error?: 'timeout' | 'network';
}

interface RawAnswer {
  status: number;
  text: string;
  headers: Record<string, string>;
  base64: string;
  error?: 'timeout' | 'network';
}

/** Calls `url` with fetch inside the page (credentials included) and returns what came back. */
export async function fetchInPage(page: Page, url: string, call: PageCall): Promise<PageAnswer> {
  const raw = await withDeadline(
    `fetch ${url}`,
    call.timeoutMs + 10_000,
    page.evaluate(
      async (a): Promise<RawAnswer> => {
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), a.timeoutMs);
        try {
          const body = a.base64 ? Uint8Array.from(atob(a.base64), (c) => c.charCodeAt(0)) : a.body;
          const res = await fetch(a.url, {
            method: a.method,
            headers: a.headers,
            body: a.method === 'GET' || a.method === 'HEAD' ? undefined : body,
            credentials: 'include',
            signal: abort.signal,
          });
          const headers: Record<string, string> = {};
          res.headers.forEach((v, k) => {
            headers[k] = v;
          });
          if (a.binary) {
            const bytes = new Uint8Array(await res.arrayBuffer());
            let s = '';
            for (const b of bytes) {
              s += String.fromCharCode(b);
            }
            return { status: res.status, text: '', headers, base64: btoa(s) };
          }
          return { status: res.status, text: await res.text(), headers, base64: '' };
        } catch {
          return { status: 0, text: '', headers: {}, base64: '', error: abort.signal.aborted ? 'timeout' : 'network' };
        } finally {
          clearTimeout(timer);
        }
      },
      {
        url,
        method: call.method ?? 'GET',
        headers: call.headers ?? {},
        body: call.body ?? '',
        base64: call.bytes ? Buffer.from(call.bytes).toString('base64') : '',
        binary: call.binary ?? false,
        timeoutMs: call.timeoutMs,
      },
    ),
  );
  return { ...raw, bytes: new Uint8Array(Buffer.from(raw.base64, 'base64')) };
}

/** How far a platform's clock may run behind the runner's when a re-read looks for a write, s. */
export const CONFIRM_SKEW_S = 120;

/** True when a write's answer leaves open whether it went out: none in time, a broken connection, a 5xx. */
export const uncertain = (a: PageAnswer): boolean => a.error !== undefined || a.status >= 500;

/** Parses a JSON answer; a body that is not JSON is the site failing (or blocking) in a way we cannot read. */
export function jsonOf<T>(a: PageAnswer, what: string): T {
  try {
    return JSON.parse(a.text) as T;
  } catch {
    throw new HarvestError('failed', `${what}: HTTP ${a.status}, not JSON`, a.text.slice(0, 200));
  }
}

/**
 * Opens one of the site's pages unless the page is already there; a landing on the login means the
 * session is gone. Reads run inside these pages so their calls carry the site's own cookies and origin.
 */
export async function openSitePage(page: Page, def: HarvestSite, at: SitePath): Promise<void> {
  const url = siteUrl(def, at);
  const here = page.url();
  if (here === url || here.startsWith(`${url}?`) || here.startsWith(`${url}#`)) {
    return;
  }
  await page.goto(url, { timeout: def.timeouts.navigation, waitUntil: 'domcontentloaded' });
  if (isLoginUrl(def, page.url())) {
    throw new HarvestError('logged_out', `${def.platform}: ${at.path} went to the login page`);
  }
}

/**
 * A write and its aftermath: an uncertain answer (or a success without the new item's id) is confirmed by
 * re-reading; found, it is sent, else ambiguous — it is never sent again here.
 */
export async function writeOnce(
  send: () => Promise<PageAnswer>,
  read: (answer: PageAnswer) => WriteResult,
  confirm: () => Promise<HarvestItem | undefined>,
): Promise<WriteResult> {
  const answer = await send();
  const result = uncertain(answer) ? ({ outcome: 'ambiguous' } as const) : read(answer);
  if (result.outcome === 'sent') {
    return result;
  }
  const found = await confirm().catch(() => undefined);
  return found ? { outcome: 'sent', item: found } : { outcome: 'ambiguous' };
}

/** Encodes a cursor's state (opaque to the runner, which only stores and hands it back). */
export function encodeCursor(state: object): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

/** Decodes a cursor; an empty or unreadable one is undefined (a new pass starts). */
export function decodeCursor<T>(cursor: string, valid: (v: unknown) => v is T): T | undefined {
  if (!cursor) {
    return undefined;
  }
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return valid(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Replaces bare integer values of these JSON keys by strings, so ids beyond 2^53 survive JSON.parse. */
export function exactIds(text: string, keys: readonly string[]): string {
  return text.replace(new RegExp(`"(${keys.join('|')})"\\s*:\\s*(-?\\d+)`, 'g'), '"$1":"$2"');
}

/** The reply counts these threads were last read at (none asked for, or no memory: an empty map). */
export async function knownThreads(request: ReadRequest, rootIds: string[]): Promise<Map<string, number>> {
  return rootIds.length > 0 && request.threads ? request.threads(rootIds) : new Map();
}
