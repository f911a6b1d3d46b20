import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WorkView } from '../pages.ts';
import type { Switches, VerifyKind, Work } from '../server.ts';
import type { Inbox } from '../inbox/inbox.ts';
import type { SandboxPlatform } from '../skins.ts';
import type { WorkFile } from '../state.ts';

/** What a site's page is drawn from. */
export interface SiteContext {
  /** The platform's path prefix, e.g. `/douyin`. */
  prefix: string;
  /** The signed-in account (empty on a logged-out page). */
  user: string;
  url: URL;
  req: IncomingMessage;
  /** The platform's switches now (failure modes, a new build). */
  switches: Switches;
  /** Reads the works list as the platform would (each read ages the works: posts appear late). */
  works(): WorkView[];
  /** How many comments (first-level and replies) a work of the account has. */
  comments(workId: string): number;
  /** A JSON endpoint's POST body (empty for a GET or a page). */
  body?: Record<string, unknown>;
}

/**
 * One creator centre's own pages, drawn as the real site draws them (research/connectors.md, never our
 * connectors' selectors). Each member is optional: where one is absent the generic page of pages.ts is
 * served. Pages talk to the sandbox's shared endpoints (`<prefix>/api/upload`, `/api/upload/status`,
 * the skin's create path, `/api/verify`, `/api/login/poll`).
 */
export interface SitePages {
  /** The QR login page for this ticket and its QR image (a data URL). */
  login?: (ctx: SiteContext, ticket: string, qr: string) => string;
  /** GET pages of a signed-in session, by path below the prefix; they win over the generic pages. */
  pages?: Record<string, (ctx: SiteContext) => string>;
  /** GET pages a logged-out visitor gets instead of the redirect to the login (e.g. a shell that redirects late). */
  loggedOutPages?: Record<string, (ctx: SiteContext) => string>;
  /** JSON endpoints of a signed-in session (e.g. the site's works-list API), by path below the prefix; a string is sent as raw JSON text. */
  api?: Record<string, (ctx: SiteContext) => unknown>;
  /** Files served to anyone, signed in or not (Channels: the login QR image its iframe loads by a relative src). */
  assets?: Record<string, (ctx: SiteContext) => { type: string; body: string | Buffer }>;
  /** Cookies a signed-in session carries besides the session cookie (Bilibili: SESSDATA, bili_jct). */
  sessionCookies?: (session: string, user: string) => Record<string, string>;
  /** Endpoints with their own envelopes and auth, built once per sandbox; they run before the generic ones. */
  server?: (core: SiteCore) => SiteHandler;
}

/** A signed-in session as a site's own endpoints see it. */
export interface SiteSession {
  user: string;
  verified: Set<VerifyKind>;
}

/** What a new work holds beyond the sandbox's defaults: the post's fields and the file that went up. */
export interface NewWork {
  title: string;
  description: string;
  topics: string[];
  cover: string | null;
  scheduleAt: string | null;
  file?: WorkFile;
}

/**
 * The sandbox's shared state, for a site whose endpoints are not the generic ones (Bilibili's web
 * upload API): sessions, switches, the works list and the records the control API reads.
 */
export interface SiteCore {
  platform: SandboxPlatform;
  /** Comments and private messages of every account (the site reads and writes its own platform's). */
  inbox: Inbox;
  /** The account's works as held, oldest first (read without ageing them, unlike `readWorks`). */
  worksOf(user: string): Work[];
  /** The session a session token (the session cookie's value) names, if it still holds. */
  session(token: string): SiteSession | undefined;
  endSession(token: string): void;
  switches(): Switches;
  /** Reads a request body, at the sandbox's upload throughput when `throttle`. */
  readBody(req: IncomingMessage, throttle: boolean): Promise<Buffer>;
  /** True when this upload is one of the `uploadFailures` that fail first. */
  uploadFails(): boolean;
  /** Accepts the request and never answers it (closed with the sandbox). */
  stall(req: IncomingMessage): void;
  /** Records an upload's own time (request arrived, last byte read; processed when it was assembled). */
  recordUpload(user: string, startedAt: number): void;
  /** Counts a create request of the account, accepted or not. */
  createRequested(user: string): void;
  /** Records an accepted create: the work joins the works list (hidden first, then 审核中 …). */
  addWork(user: string, fields: NewWork): Work;
  /** Reads the works list as the platform would (each read ages the works). */
  readWorks(user: string): WorkView[];
  /** Sends a check code to the account (what the control API's /code shows); the code. */
  sendCode(user: string, kind: VerifyKind): string;
  /** True (and the code used up) when `code` is the one last sent for this kind. */
  takeCode(user: string, kind: VerifyKind, code: string): boolean;
  send(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
}

/** A site's own request handler: true when it answered the request. */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse, url: URL, path: string) => Promise<boolean>;
