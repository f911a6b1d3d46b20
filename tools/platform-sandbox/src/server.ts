import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesReader, mp4DurationSec } from '@vidmatrix/contract/rules/mp4-duration';
import { handleControl, newSession } from './control.ts';
import { Inbox } from './inbox/inbox.ts';
import { readBody, readJson, send } from './http.ts';
import { firstFilePart } from './multipart.ts';
import { channelsShell, homePage, loginPage, uploadPage, worksPage, type WorkView } from './pages.ts';
import { captchaDataUrl, qrDataUrl } from './qr.ts';
import { SITES } from './sites/index.ts';
import { sessionCookies, siteHandlersOf } from './site-core.ts';
import type { SiteContext } from './sites/site.ts';
import { platformOfPath, SANDBOX_PLATFORMS, SKINS, type SandboxPlatform, type Skin } from './skins.ts';
import type { ReviewStatus, SandboxState, Session, Work } from './state.ts';
import { DEFAULT_SWITCHES, type Switches } from './switches.ts';

export type { ReviewStatus, UploadTiming, VerifyKind, Work, WorkFile } from './state.ts';
export { DEFAULT_SWITCHES, type Switches } from './switches.ts';

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
  const state: SandboxState<Switches> = {
    sessions: new Map(),
    tickets: new Map(),
    uploads: new Map(),
    timings: [],
    works: [],
    creates: new Map(),
    createRequests: new Map(),
    codes: new Map(),
    switches: new Map(SANDBOX_PLATFORMS.map((p) => [p, { ...DEFAULT_SWITCHES }])),
    defaults: DEFAULT_SWITCHES,
    stalled: new Set(),
    expiredQrs: new Map(),
    failedUploads: new Map(),
    inbox: new Inbox(),
  };
  const { sessions, tickets, uploads, timings, works, creates, createRequests, codes, switches, stalled } = state;
  const { expiredQrs, failedUploads } = state;

  const sw = (p: SandboxPlatform) => switches.get(p) ?? DEFAULT_SWITCHES;
  const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

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
        durationSec: w.file?.durationSec ?? 0,
        permalink: skin.permalink?.(w.id),
      });
    }
    return out.reverse();
  }

  const siteHandlers = siteHandlersOf({
    sessions,
    works,
    timings,
    creates,
    createRequests,
    codes,
    failedUploads,
    stalled,
    switches: sw,
    readBody: (req, throttle) => readBody(req, throttle ? bytesPerSec : undefined),
    readWorks,
    send,
    inbox: state.inbox,
  });

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
    const signed = sessionOf(req, platform);
    const found = signed?.[1].loginSmsPending && path !== '/api/verify' ? undefined : signed;
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
      comments: (workId) => state.inbox.commentsOf(platform, user, workId).length,
    });

    const asset = req.method === 'GET' ? site.assets?.[path] : undefined;
    if (asset) {
      const { type, body } = asset(ctx(found?.[1].user ?? ''));
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      return void res.end(body);
    }
    if (await siteHandlers.get(platform)?.(req, res, url, path)) {
      return;
    }

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
          { 'set-cookie': sessionCookies(platform, t.session, t.user ?? '') },
        );
      }
      return send(res, 200, { state: t.state });
    }
    if (req.method === 'GET' && path === skin.loginPath) {
      const ticket = newTicket(platform, { kind: 'login' });
      const qr = qrDataUrl(ticket);
      return send(res, 200, site.login?.(ctx(''), ticket, qr) ?? loginPage(skin, prefix, ticket, qr));
    }
    if (req.method === 'POST' && path === '/__sandbox/login') {
      // A session as the account without the QR step (for tests and for a person trying the sandbox).
      const b = await readJson(req);
      if (typeof b.account !== 'string' || !b.account) {
        return send(res, 400, { message: 'account is required' });
      }
      const id = newSession(state, platform, b.account);
      return send(
        res,
        200,
        { ok: true, account: b.account },
        { 'set-cookie': sessionCookies(platform, id, b.account) },
      );
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
      // A POST's JSON body rides along (Channels' post_list pages by currentPage and pageSize in it).
      const body = req.method === 'POST' ? await readJson(req) : {};
      const out = ownApi({ ...ctx(session.user), body });
      // A string is JSON text as the site writes it (e.g. ids too long for a JS number).
      return send(res, 200, out, typeof out === 'string' ? { 'content-type': 'application/json; charset=utf-8' } : {});
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
      // Decided on arrival, so an earlier upload still being read never takes a failure meant for this one.
      const fails = (failedUploads.get(platform) ?? 0) < s.uploadFailures;
      if (fails) {
        bump(failedUploads, platform);
      }
      const body = await readBody(req, bytesPerSec);
      if (fails) {
        return send(res, 500, { message: '上传失败，请重新上传' });
      }
      const part = firstFilePart(body, req.headers['content-type'] ?? '');
      if (!part || part.data.subarray(4, 8).toString('latin1') !== 'ftyp') {
        return send(res, 400, { message: '上传失败，文件格式不支持' });
      }
      const id = token();
      const timing = { platform, user: session.user, startedAt, receivedAt: Date.now(), processedAt: 0 };
      timings.push(timing);
      const file = {
        name: part.fileName,
        size: part.data.length,
        sha256: createHash('sha256').update(part.data).digest('hex'),
        durationSec: (await mp4DurationSec(bytesReader(part.data), part.data.length)) ?? null,
      };
      uploads.set(id, { platform, user: session.user, file, polls: 0, timing });
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
      if (s.verifyDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, s.verifyDelayMs));
      }
      const sent = codes.get(key);
      if (sent && sent.kind === b.kind && sent.code === b.code) {
        if (session.loginSmsPending) {
          session.loginSmsPending = false; // the login's own check, not one for the next post
        } else {
          session.verified.add(sent.kind);
        }
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
      if (s.createHold) {
        stalled.add(req);
        req.pause(); // held before the platform: never read, nothing created, never answered
        return;
      }
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
        file: u.file,
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

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const platform = platformOfPath(url.pathname);
    const work = url.pathname.startsWith('/__control/')
      ? handleControl(state, req, res, url)
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
