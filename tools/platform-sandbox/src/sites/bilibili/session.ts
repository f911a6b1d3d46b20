import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SiteCore, SiteSession } from '../site.ts';

/** The bili_jct a session gets: the csrf value every write call must echo (research §5 API step 1). */
export function csrfOf(sessdata: string): string {
  return createHash('sha256').update(`bili_jct:${sessdata}`).digest('hex').slice(0, 32);
}

/** The account's numeric id (mid), stable per user name. */
export function midOf(user: string): number {
  return createHash('sha256').update(user).digest().readUInt32BE(0) % 1_000_000_000;
}

/** The cookies Bilibili sets on login besides the sandbox's own session cookie. */
export function bilibiliCookies(session: string, user: string): Record<string, string> {
  return { SESSDATA: session, bili_jct: csrfOf(session), DedeUserID: String(midOf(user)) };
}

/** A named cookie of the request. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(req.headers.cookie ?? '');
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/** The session SESSDATA names, with its token; undefined when logged out. */
export function sessionOfRequest(
  core: SiteCore,
  req: IncomingMessage,
): { token: string; session: SiteSession } | undefined {
  const token = cookieOf(req, 'SESSDATA');
  const session = token ? core.session(token) : undefined;
  return token && session ? { token, session } : undefined;
}

/** Bilibili's JSON envelope: `code` 0 is success, `message` says why not. */
export function envelope(code: number, message: string, data?: unknown): Record<string, unknown> {
  return { code, message, ttl: 1, ...(data === undefined ? {} : { data }) };
}

/** The answer to a call without a valid SESSDATA (bilibili-API-collect: -101 账号未登录). */
export const NOT_LOGGED_IN = envelope(-101, '账号未登录');
/** The answer to a write call whose csrf is not the bili_jct cookie (-111 csrf 校验失败). */
export const CSRF_FAILED = envelope(-111, 'csrf 校验失败');
