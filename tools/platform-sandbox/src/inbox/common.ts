import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCore, SiteHandler } from '../sites/site.ts';

/** A named cookie of the request. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(req.headers.cookie ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/** The signed-in account of the request (the session cookie `cookie` names), or undefined. */
export function sessionUser(core: SiteCore, req: IncomingMessage, cookie = 'sessionid'): string | undefined {
  const token = cookieOf(req, cookie);
  return token ? core.session(token)?.user : undefined;
}

/** HTML-escapes text (comments and messages are plain text, never markup). */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Epoch ms as unix seconds. */
export const seconds = (ms: number) => Math.floor(ms / 1000);

/** A minimal page of the site: a title and server-drawn rows (where the real client reads through its API). */
export function listDocument(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:"WenQuanYi Micro Hei",sans-serif;margin:0;padding:24px}.empty{color:#999}
li{padding:8px 0;border-bottom:1px solid #eee;list-style:none}.nick{font-weight:bold;margin-right:8px}</style>
</head><body>${body}</body></html>`;
}

/** A 302 to `location`. */
export function redirect(core: SiteCore, res: ServerResponse, location: string): true {
  core.send(res, 302, '', { location });
  return true;
}

/**
 * Runs a write under the `inboxWriteFault` switch: `refused500` answers 500 and writes nothing; otherwise
 * the write is made, then `error500` answers 500 and `stall` never answers (close() ends it).
 * `answer` gives the platform's own success answer.
 */
export function faultyWrite<T>(
  core: SiteCore,
  req: IncomingMessage,
  res: ServerResponse,
  write: () => T,
  answer: (written: T) => { status: number; body: unknown; headers?: Record<string, string> },
): true {
  const fault = core.switches().inboxWriteFault;
  if (fault === 'refused500') {
    core.send(res, 500, 'Internal Server Error');
    return true;
  }
  const written = write();
  if (fault === 'error500') {
    core.send(res, 500, 'Internal Server Error');
  } else if (fault === 'stall') {
    core.stall(req);
  } else {
    const a = answer(written);
    core.send(res, a.status, a.body, a.headers);
  }
  return true;
}

/** Handlers tried in order until one answers. */
export function chain(...handlers: SiteHandler[]): SiteHandler {
  return async (req, res, url, path) => {
    for (const h of handlers) {
      if (await h(req, res, url, path)) {
        return true;
      }
    }
    return false;
  };
}
