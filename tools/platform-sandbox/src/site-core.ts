import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Inbox } from './inbox/inbox.ts';
import type { WorkView } from './pages.ts';
import type { Switches, UploadTiming, VerifyKind, Work } from './server.ts';
import { SITES } from './sites/index.ts';
import type { SiteCore, SiteHandler, SiteSession } from './sites/site.ts';
import { SANDBOX_PLATFORMS, SKINS, type SandboxPlatform } from './skins.ts';

/** The sandbox's state a site core reads and writes (server.ts owns it). */
export interface CoreState {
  sessions: Map<string, SiteSession & { platform: SandboxPlatform }>;
  works: Work[];
  timings: UploadTiming[];
  creates: Map<string, number>;
  createRequests: Map<string, number>;
  codes: Map<string, { kind: VerifyKind; code: string }>;
  failedUploads: Map<string, number>;
  stalled: Set<IncomingMessage>;
  switches: (platform: SandboxPlatform) => Switches;
  readBody: (req: IncomingMessage, throttle: boolean) => Promise<Buffer>;
  readWorks: (platform: SandboxPlatform, user: string) => WorkView[];
  send: (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;
  inbox: Inbox;
}

const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

/** The shared state as one platform's own endpoints see it. */
export function siteCore(platform: SandboxPlatform, state: CoreState): SiteCore {
  const keyOf = (user: string) => `${platform}/${user}`;
  return {
    platform,
    inbox: state.inbox,
    worksOf: (user) => state.works.filter((w) => w.platform === platform && w.user === user),
    session: (token) => {
      const s = state.sessions.get(token);
      return s && s.platform === platform ? s : undefined;
    },
    endSession: (token) => {
      state.sessions.delete(token);
    },
    switches: () => state.switches(platform),
    readBody: state.readBody,
    uploadFails: () => {
      if ((state.failedUploads.get(platform) ?? 0) < state.switches(platform).uploadFailures) {
        bump(state.failedUploads, platform);
        return true;
      }
      return false;
    },
    stall: (req) => {
      state.stalled.add(req);
      req.pause();
    },
    recordUpload: (user, startedAt) => {
      const now = Date.now();
      state.timings.push({ platform, user, startedAt, receivedAt: now, processedAt: now });
    },
    createRequested: (user) => bump(state.createRequests, keyOf(user)),
    addWork: (user, fields) => {
      const work: Work = {
        id: SKINS[platform].newWorkId(),
        platform,
        user,
        ...fields,
        file: fields.file ?? null,
        status: fields.scheduleAt ? 'scheduled' : 'reviewing',
        reads: 0,
        createdAt: Date.now(),
      };
      state.works.push(work);
      bump(state.creates, keyOf(user));
      return work;
    },
    readWorks: (user) => state.readWorks(platform, user),
    sendCode: (user, kind) => {
      const code = kind === 'sms' ? String(randomInt(100000, 1000000)) : randomBytes(2).toString('hex').toUpperCase();
      state.codes.set(keyOf(user), { kind, code });
      return code;
    },
    takeCode: (user, kind, code) => {
      const sent = state.codes.get(keyOf(user));
      if (sent && sent.kind === kind && sent.code === code) {
        state.codes.delete(keyOf(user));
        return true;
      }
      return false;
    },
    send: state.send,
  };
}

/** Cookies a site's own script reads (not HttpOnly). */
const SCRIPT_COOKIES = new Set(['bili_jct', 'kuaishou.web.cp.api_ph']);

/** The Set-Cookie values of a new session: the session cookie and the site's own (Bilibili: SESSDATA, bili_jct). */
export function sessionCookies(platform: SandboxPlatform, session: string, user: string): string[] {
  const own = SITES[platform].sessionCookies?.(session, user) ?? {};
  return Object.entries({ sessionid: session, ...own }).map(
    ([name, value]) =>
      // These stay readable: the page's own script sends them (Bilibili's csrf, Kuaishou's api_ph).
      `${name}=${value}; Path=/${platform}; Max-Age=2592000; ${SCRIPT_COOKIES.has(name) ? '' : 'HttpOnly; '}SameSite=Lax`,
  );
}

/** The sites' own request handlers (built once per sandbox, over its state), by platform. */
export function siteHandlersOf(state: CoreState): Map<SandboxPlatform, SiteHandler> {
  const out = new Map<SandboxPlatform, SiteHandler>();
  for (const p of SANDBOX_PLATFORMS) {
    const handler = SITES[p].server?.(siteCore(p, state));
    if (handler) {
      out.set(p, handler);
    }
  }
  return out;
}
