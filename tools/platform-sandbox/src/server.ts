import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstFilePart } from './multipart.ts';
import { channelsShell, homePage, loginPage, uploadPage, worksPage, type WorkView } from './pages.ts';
import { captchaDataUrl, qrDataUrl } from './qr.ts';
import { SITES } from './sites/index.ts';
import type { SiteContext } from './sites/site.ts';
import { platformOfPath, SANDBOX_PLATFORMS, SKINS, type SandboxPlatform, type Skin } from './skins.ts';

export type VerifyKind = 'sms' | 'captcha' | 'real_name';
export type ReviewStatus = 'reviewing' | 'published' | 'scheduled' | 'rejected';

/** Failure switches, per platform, set through the control API. */
export interface Switches {
  /** The create endpoint answers 500 and creates nothing. */
  submitError500: boolean;
  /** The platform's risk control: every create answers 操作过于频繁 (HTTP 429) and creates nothing. */
  rateLimited: boolean;
  /** The create goes through (the work exists) but its answer never comes: the network cut after submit. */
  createStall: boolean;
  /** The create succeeds but the page stays where it is (no redirect). */
  acceptNoRedirect: boolean;
  /** The session ends at this step: the request answers 401 and the page goes to the login. */
  expireSessionOn: 'upload' | 'submit' | null;
  /** The upload request is accepted and never answered. */
  uploadStall: boolean;
  /** Uploads that fail (500, 上传失败) before one goes through. */
  uploadFailures: number;
  /** The first create asks for this check; the create goes through once it is answered. */
  verify: VerifyKind | null;
  /** Reviews end in 未通过 instead of 已发布. */
  rejectReview: boolean;
  /** Status polls an upload stays 处理中 for. */
  processingPolls: number;
  /** Login QRs that expire (each after a few polls; the page swaps in a new one) before one stays valid. */
  qrExpiries: number;
  /** Works-list reads a new work stays hidden for (new posts appear late). */
  hiddenReads: number;
  /** Further reads a visible work stays 审核中 for. */
  reviewReads: number;
  /** Kuaishou ships a new build: its hashed class names (CSS-module name and hash) change. */
  kuaishouNewBuild: boolean;
}

export const DEFAULT_SWITCHES: Switches = {
  submitError500: false,
  rateLimited: false,
  createStall: false,
  acceptNoRedirect: false,
  expireSessionOn: null,
  uploadStall: false,
  uploadFailures: 0,
  verify: null,
  rejectReview: false,
  qrExpiries: 0,
  processingPolls: 3,
  hiddenReads: 1,
  reviewReads: 2,
  kuaishouNewBuild: false,
};

/** A work the sandbox holds. */
export interface Work {
  id: string;
  platform: SandboxPlatform;
  user: string;
  title: string;
  description: string;
  topics: string[];
  cover: string | null;
  scheduleAt: string | null;
  status: ReviewStatus;
  reads: number;
  createdAt: number;
}

interface Session {
  platform: SandboxPlatform;
  user: string;
  verified: Set<VerifyKind>;
}

interface Upload {
  platform: SandboxPlatform;
  user: string;
  fileName: string;
  size: number;
  polls: number;
  timing: UploadTiming;
}

/** The sandbox's own time for one upload (what a runner cannot go faster than), ms since the epoch. */
export interface UploadTiming {
  platform: SandboxPlatform;
  user: string;
  /** The upload request arrived. */
  startedAt: number;
  /** Its last byte was read (the throttled transfer). */
  receivedAt: number;
  /** The first status poll that answered done (processing over); 0 while processing. */
  processedAt: number;
}

type Ticket = {
  platform: SandboxPlatform;
  state: 'waiting' | 'confirmed' | 'expired';
  polls: number;
  user?: string;
  session?: string;
} & ({ kind: 'login' } | { kind: 'real_name'; owner: string });

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** Upload throughput the server reads at, bytes/s (throttled so progress shows). */
  uploadBytesPerSec?: number;
}

/** A running sandbox: its base URL (platform prefixes below it) and a way to stop it. */
export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

const MIN_SCHEDULE_LEAD_MS: Record<SandboxPlatform, number> = {
  douyin: 2 * 3600_000,
  kuaishou: 3600_000,
  xiaohongshu: 3600_000,
  channels: 5 * 60_000,
  bilibili: 4 * 3600_000,
};

const STATUS_TEXT: Record<ReviewStatus, string> = {
  reviewing: '审核中',
  published: '已发布',
  scheduled: '定时发布',
  rejected: '未通过',
};

const QR_POLLS_BEFORE_EXPIRY = 2;

const token = () => randomBytes(16).toString('hex');

/** Starts a sandbox serving all five creator centres under /douyin, /kuaishou, /xiaohongshu, /channels, /bilibili. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const bytesPerSec = options.uploadBytesPerSec ?? 256 * 1024;
  const sessions = new Map<string, Session>();
  const tickets = new Map<string, Ticket>();
  const uploads = new Map<string, Upload>();
  const timings: UploadTiming[] = [];
  const works: Work[] = [];
  const creates = new Map<string, number>(); // `${platform}/${user}` → accepted creates
  const createRequests = new Map<string, number>();
  const codes = new Map<string, { kind: VerifyKind; code: string }>(); // `${platform}/${user}` → last code sent
  const switches = new Map<SandboxPlatform, Switches>(SANDBOX_PLATFORMS.map((p) => [p, { ...DEFAULT_SWITCHES }]));
  const stalled = new Set<IncomingMessage>();
  const expiredQrs = new Map<string, number>();
  const failedUploads = new Map<string, number>();

  const sw = (p: SandboxPlatform) => switches.get(p) ?? DEFAULT_SWITCHES;
  const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(text);
  }

  function readBody(req: IncomingMessage, throttle: boolean): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (throttle) {
          req.pause();
          setTimeout(() => req.resume(), Math.ceil((chunk.length * 1000) / bytesPerSec));
        }
      });
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = (await readBody(req, false)).toString('utf8');
    try {
      const v: unknown = JSON.parse(raw || '{}');
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }

  function sessionOf(req: IncomingMessage, platform: SandboxPlatform): [string, Session] | undefined {
    const id = /(?:^|;\s*)sessionid=([a-f0-9]+)/.exec(req.headers.cookie ?? '')?.[1];
    const s = id ? sessions.get(id) : undefined;
    return id && s && s.platform === platform ? [id, s] : undefined;
  }

  function newTicket(platform: SandboxPlatform, extra: { kind: 'login' } | { kind: 'real_name'; owner: string }) {
    const id = `${platform}-${extra.kind}-${token()}`;
    tickets.set(id, { platform, state: 'waiting', polls: 0, ...extra });
    return id;
  }

  /** Reads the works list as the platform would: each read ages the works, so posts appear late. */
  function readWorks(platform: SandboxPlatform, user: string): WorkView[] {
    const s = sw(platform);
    const skin = SKINS[platform];
    const out: WorkView[] = [];
    for (const w of works) {
      if (w.platform !== platform || w.user !== user) {
        continue;
      }
      w.reads += 1;
      if (w.reads <= s.hiddenReads) {
        continue;
      }
      if (w.status === 'reviewing' && w.reads > s.hiddenReads + s.reviewReads) {
        w.status = s.rejectReview ? 'rejected' : 'published';
      }
      out.push({
        id: w.id,
        title: w.title,
        status: STATUS_TEXT[w.status],
        createdAt: w.createdAt,
        durationSec: 0,
        permalink: skin.permalink?.(w.id),
      });
    }
    return out.reverse();
  }

  function parseSchedule(value: string): number | undefined {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
    if (!m) {
      return undefined;
    }
    const [, y, mo, d, h, mi, s] = m;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h) - 8, Number(mi), Number(s ?? 0)); // Beijing time
  }

  async function handlePlatform(req: IncomingMessage, res: ServerResponse, platform: SandboxPlatform, url: URL) {
    const skin: Skin = SKINS[platform];
    const prefix = `/${platform}`;
    const path = url.pathname.slice(prefix.length) || '/';
    const found = sessionOf(req, platform);
    const s = sw(platform);
    const login = () => send(res, 302, '', { location: prefix + skin.loginPath + (skin.loginQuery ?? '') });
    const site = SITES[platform];
    const ctx = (user: string): SiteContext => ({
      prefix,
      user,
      url,
      req,
      switches: s,
      works: () => readWorks(platform, user),
    });

    if (path === '/api/login/poll') {
      const t = tickets.get(url.searchParams.get('ticket') ?? '');
      if (!t || t.kind !== 'login') {
        return send(res, 200, { state: 'expired' });
      }
      t.polls += 1;
      if (t.state === 'waiting' && t.polls > QR_POLLS_BEFORE_EXPIRY && (expiredQrs.get(platform) ?? 0) < s.qrExpiries) {
        t.state = 'expired';
        bump(expiredQrs, platform);
      }
      if (t.state === 'expired') {
        const next = newTicket(platform, { kind: 'login' });
        return send(res, 200, { state: 'expired', ticket: next, qr: qrDataUrl(next) });
      }
      if (t.state === 'confirmed' && t.session) {
        return send(
          res,
          200,
          { state: 'confirmed' },
          {
            'set-cookie': `sessionid=${t.session}; Path=${prefix}; Max-Age=2592000; HttpOnly; SameSite=Lax`,
          },
        );
      }
      return send(res, 200, { state: t.state });
    }
    if (req.method === 'GET' && path === skin.loginPath) {
      const ticket = newTicket(platform, { kind: 'login' });
      const qr = qrDataUrl(ticket);
      return send(res, 200, site.login?.(ctx(''), ticket, qr) ?? loginPage(skin, prefix, ticket, qr));
    }
    if (path === '/api/auth') {
      return found ? send(res, 200, { user: found[1].user }) : send(res, 401, { message: '未登录' });
    }
    if (!found) {
      const own = req.method === 'GET' ? site.loggedOutPages?.[path] : undefined;
      if (own) {
        return send(res, 200, own(ctx('')));
      }
      if (path.startsWith('/api/') || req.method !== 'GET') {
        return send(res, 401, { message: '登录已失效，请重新登录' });
      }
      // Channels' create page loads and redirects late, from its own script.
      if (skin.loginRedirect === 'js' && path === skin.uploadPath) {
        return send(res, 200, channelsShell(skin, prefix));
      }
      return login();
    }
    const [sessionId, session] = found;
    const key = `${platform}/${session.user}`;
    const ownPage = req.method === 'GET' ? site.pages?.[path] : undefined;
    if (ownPage) {
      return send(res, 200, ownPage(ctx(session.user)));
    }
    const ownApi = site.api?.[path];
    if (ownApi) {
      return send(res, 200, ownApi(ctx(session.user)));
    }

    if (req.method === 'GET' && path === skin.homePath) {
      return send(res, 200, homePage(skin, prefix, session.user));
    }
    if (req.method === 'GET' && path === skin.uploadPath && skin.iframePath) {
      return send(res, 200, channelsShell(skin, prefix));
    }
    if (req.method === 'GET' && (path === skin.uploadPath || path === skin.formPath)) {
      return send(res, 200, uploadPage(skin, prefix));
    }
    if (req.method === 'GET' && path === skin.worksPath) {
      return send(res, 200, worksPage(skin, readWorks(platform, session.user)));
    }
    if (req.method === 'GET' && path === '/publish/success') {
      return send(res, 200, `<!doctype html><html><body><p class="success">发布成功</p></body></html>`);
    }
    if (req.method === 'POST' && path === '/api/upload') {
      if (s.expireSessionOn === 'upload') {
        sessions.delete(sessionId);
        return send(res, 401, { message: '登录已失效，请重新登录' });
      }
      if (s.uploadStall) {
        stalled.add(req);
        req.pause(); // accepted, never read, never answered
        return;
      }
      const startedAt = Date.now();
      const body = await readBody(req, true);
      if ((failedUploads.get(platform) ?? 0) < s.uploadFailures) {
        bump(failedUploads, platform);
        return send(res, 500, { message: '上传失败，请重新上传' });
      }
      const part = firstFilePart(body, req.headers['content-type'] ?? '');
      if (!part || part.data.subarray(4, 8).toString('latin1') !== 'ftyp') {
        return send(res, 400, { message: '上传失败，文件格式不支持' });
      }
      const id = token();
      const timing = { platform, user: session.user, startedAt, receivedAt: Date.now(), processedAt: 0 };
      timings.push(timing);
      uploads.set(id, {
        platform,
        user: session.user,
        fileName: part.fileName,
        size: part.data.length,
        polls: 0,
        timing,
      });
      return send(res, 200, { uploadId: id, size: part.data.length });
    }
    if (req.method === 'GET' && path === '/api/upload/status') {
      const u = uploads.get(url.searchParams.get('id') ?? '');
      if (!u || u.user !== session.user) {
        return send(res, 404, { message: '视频不存在' });
      }
      u.polls += 1;
      const done = u.polls > s.processingPolls;
      if (done && u.timing.processedAt === 0) {
        u.timing.processedAt = Date.now();
      }
      return send(res, 200, { state: done ? 'done' : 'processing' });
    }
    if (req.method === 'POST' && path === '/api/verify') {
      const b = await readJson(req);
      const sent = codes.get(key);
      if (sent && sent.kind === b.kind && sent.code === b.code) {
        session.verified.add(sent.kind);
        codes.delete(key);
        return send(res, 200, { ok: true });
      }
      return send(res, 400, { message: '验证码错误' });
    }
    if (req.method === 'GET' && path === '/api/verify/status') {
      const t = tickets.get(url.searchParams.get('ticket') ?? '');
      const done = t?.kind === 'real_name' && t.owner === sessionId && t.state === 'confirmed';
      if (done) {
        session.verified.add('real_name');
      }
      return send(res, 200, { done });
    }
    if (req.method === 'POST' && path === skin.createPath) {
      bump(createRequests, key);
      const b = await readJson(req);
      if (s.expireSessionOn === 'submit') {
        sessions.delete(sessionId);
        return send(res, 401, { message: '登录已失效，请重新登录' });
      }
      if (s.submitError500) {
        return send(res, 500, skin.createError('服务器开小差了，请稍后再试'));
      }
      if (s.rateLimited) {
        return send(res, 429, skin.createError('操作过于频繁，请稍后再试'));
      }
      const u = uploads.get(String(b.uploadId));
      if (!u || u.user !== session.user || u.polls <= s.processingPolls) {
        return send(res, 400, skin.createError('视频还在处理中，请稍后发布'));
      }
      let scheduleAt: string | null = null;
      if (typeof b.scheduleAt === 'string' && b.scheduleAt) {
        const at = parseSchedule(b.scheduleAt);
        if (at === undefined || at - Date.now() < MIN_SCHEDULE_LEAD_MS[platform]) {
          return send(res, 400, skin.createError('定时发布时间不在可选范围内'));
        }
        scheduleAt = b.scheduleAt;
      }
      if (s.verify && !session.verified.has(s.verify)) {
        const kind = s.verify;
        if (kind === 'real_name') {
          const ticket = newTicket(platform, { kind: 'real_name', owner: sessionId });
          return send(res, 200, {
            ...(skin.createError('请完成实名验证') as object),
            verify: kind,
            verifyTicket: ticket,
            verifyImage: qrDataUrl(ticket),
          });
        }
        const code = kind === 'sms' ? String(randomInt(100000, 1000000)) : token().slice(0, 4).toUpperCase();
        codes.set(key, { kind, code });
        return send(res, 200, {
          ...(skin.createError('请完成安全验证') as object),
          verify: kind,
          ...(kind === 'captcha' ? { verifyImage: captchaDataUrl(code) } : {}),
        });
      }
      const description = typeof b.description === 'string' ? b.description : '';
      const inline = [...description.matchAll(/#(\S+)/g)].map((m) => m[1] ?? '');
      const work: Work = {
        id: skin.newWorkId(),
        platform,
        user: session.user,
        title: typeof b.title === 'string' && b.title ? b.title : (description.split('\n')[0] ?? ''),
        description,
        topics: [...(Array.isArray(b.topics) ? b.topics.map(String) : []), ...inline],
        cover: typeof b.cover === 'string' ? b.cover : null,
        scheduleAt,
        status: scheduleAt ? 'scheduled' : 'reviewing',
        reads: 0,
        createdAt: Date.now(),
      };
      works.push(work);
      session.verified.clear(); // a passed check covers one post: the next risky create asks again
      uploads.delete(String(b.uploadId));
      bump(creates, key);
      if (s.createStall) {
        return; // never answered; close() ends the connection
      }
      return send(res, 200, skin.createOk(work), s.acceptNoRedirect ? { 'x-sandbox-no-redirect': '1' } : {});
    }
    return send(res, 404, { message: 'not found' });
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL) {
    const path = url.pathname.slice('/__control'.length);
    if (req.method === 'GET' && path === '/timings') {
      return send(res, 200, timings);
    }
    if (req.method === 'POST' && path === '/scan') {
      const b = await readJson(req);
      const t = tickets.get(String(b.ticket));
      if (!t || t.state !== 'waiting') {
        return send(res, 404, { message: 'no such ticket' });
      }
      t.state = 'confirmed';
      if (t.kind === 'login') {
        const user = typeof b.user === 'string' && b.user ? b.user : `user-${token().slice(0, 6)}`;
        const id = token();
        sessions.set(id, { platform: t.platform, user, verified: new Set() });
        t.user = user;
        t.session = id;
      }
      return send(res, 200, { ok: true, user: t.user });
    }
    const platformMatch = /^\/switches\/(\w+)$/.exec(path);
    const platform = SANDBOX_PLATFORMS.find((p) => p === platformMatch?.[1]);
    if (req.method === 'PUT' && platform) {
      const b = await readJson(req);
      const next = { ...sw(platform) };
      for (const k of Object.keys(DEFAULT_SWITCHES) as (keyof Switches)[]) {
        if (k in b) {
          (next as Record<string, unknown>)[k] = b[k];
        }
      }
      switches.set(platform, next);
      return send(res, 200, next);
    }
    if (req.method === 'GET' && platform) {
      return send(res, 200, sw(platform));
    }
    if (req.method === 'POST' && path === '/reset') {
      for (const p of SANDBOX_PLATFORMS) {
        switches.set(p, { ...DEFAULT_SWITCHES });
      }
      expiredQrs.clear();
      failedUploads.clear();
      return send(res, 200, { ok: true });
    }
    if (req.method === 'GET' && path === '/creates') {
      return send(res, 200, { creates: Object.fromEntries(creates), requests: Object.fromEntries(createRequests) });
    }
    if (req.method === 'GET' && path === '/works') {
      const p = url.searchParams.get('platform');
      return send(
        res,
        200,
        works.filter((w) => !p || w.platform === p),
      );
    }
    if (req.method === 'GET' && path === '/code') {
      const c = codes.get(`${url.searchParams.get('platform')}/${url.searchParams.get('user')}`);
      return c ? send(res, 200, c) : send(res, 404, { message: 'no code sent' });
    }
    if (req.method === 'POST' && path === '/expire-session') {
      const b = await readJson(req);
      for (const [id, s] of sessions) {
        if (s.platform === b.platform && s.user === b.user) {
          sessions.delete(id);
        }
      }
      return send(res, 200, { ok: true });
    }
    return send(res, 404, { message: 'not found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const platform = platformOfPath(url.pathname);
    const work = url.pathname.startsWith('/__control/')
      ? handleControl(req, res, url)
      : platform
        ? handlePlatform(req, res, platform, url)
        : Promise.resolve(send(res, 404, { message: 'not found' }));
    work.catch((err: unknown) => {
      if (!res.headersSent) {
        send(res, 500, { message: err instanceof Error ? err.message : String(err) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const req of stalled) {
          req.destroy();
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
