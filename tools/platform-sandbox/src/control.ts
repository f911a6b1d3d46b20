import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, send } from './http.ts';
import { handleInboxControl } from './inbox/control.ts';
import { SANDBOX_PLATFORMS, SKINS } from './skins.ts';
import { ALWAYS_VISIBLE_READS, type ReviewStatus, type SandboxState, type Work } from './state.ts';

const token = () => randomBytes(16).toString('hex');
const STATUSES: readonly ReviewStatus[] = ['reviewing', 'published', 'scheduled', 'rejected'];

/** A new signed-in session of `user` on the platform; its id (the `sessionid` cookie). */
export function newSession<S extends object>(state: SandboxState<S>, platform: Work['platform'], user: string): string {
  const id = token();
  state.sessions.set(id, { platform, user, verified: new Set() });
  return id;
}

/** The control API (`/__control/*`): what a test, standing in for the phone and the operator, calls. */
export async function handleControl<S extends object>(
  state: SandboxState<S>,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  const path = url.pathname.slice('/__control'.length);
  const sw = (p: Work['platform']) => state.switches.get(p) ?? state.defaults;
  if (req.method === 'GET' && path === '/timings') {
    return send(res, 200, state.timings);
  }
  if (req.method === 'POST' && path === '/scan') {
    const b = await readJson(req);
    const t = state.tickets.get(String(b.ticket));
    if (!t || t.state !== 'waiting') {
      return send(res, 404, { message: 'no such ticket' });
    }
    t.state = 'confirmed';
    if (t.kind === 'login') {
      const user = typeof b.user === 'string' && b.user ? b.user : `user-${token().slice(0, 6)}`;
      t.user = user;
      t.session = newSession(state, t.platform, user);
      // Douyin may follow the scan with an SMS check: the session opens only once its code is typed.
      if (t.platform === 'douyin' && (sw(t.platform) as { douyinLoginSms?: boolean }).douyinLoginSms) {
        const session = state.sessions.get(t.session);
        if (session) {
          session.loginSmsPending = true;
          state.codes.set(`${t.platform}/${user}`, { kind: 'sms', code: String(randomInt(100000, 1000000)) });
        }
      }
    }
    return send(res, 200, { ok: true, user: t.user });
  }
  const platformMatch = /^\/switches\/(\w+)$/.exec(path);
  const platform = SANDBOX_PLATFORMS.find((p) => p === platformMatch?.[1]);
  if (req.method === 'PUT' && platform) {
    const b = await readJson(req);
    const next = { ...sw(platform) };
    for (const k of Object.keys(state.defaults)) {
      if (k in b) {
        (next as Record<string, unknown>)[k] = b[k];
      }
    }
    state.switches.set(platform, next);
    return send(res, 200, next);
  }
  if (req.method === 'GET' && platform) {
    return send(res, 200, sw(platform));
  }
  if (req.method === 'POST' && path === '/reset') {
    for (const p of SANDBOX_PLATFORMS) {
      state.switches.set(p, { ...state.defaults });
    }
    state.expiredQrs.clear();
    state.failedUploads.clear();
    return send(res, 200, { ok: true });
  }
  if (req.method === 'GET' && path === '/creates') {
    return send(res, 200, {
      creates: Object.fromEntries(state.creates),
      requests: Object.fromEntries(state.createRequests),
    });
  }
  if (req.method === 'GET' && path === '/works') {
    const p = url.searchParams.get('platform');
    const user = url.searchParams.get('user');
    return send(
      res,
      200,
      state.works.filter((w) => (!p || w.platform === p) && (!user || w.user === user)),
    );
  }
  if (req.method === 'POST' && path === '/works') {
    // A post the account made before (by hand, long ago): listed at once, counted as no create.
    const b = await readJson(req);
    const at = SANDBOX_PLATFORMS.find((p) => p === b.platform);
    if (!at || typeof b.user !== 'string' || !b.user || typeof b.title !== 'string') {
      return send(res, 400, { message: 'platform, user and title are required' });
    }
    const status = STATUSES.find((s) => s === b.status) ?? 'published';
    const durationSec = typeof b.durationSec === 'number' ? b.durationSec : null;
    const work: Work = {
      id: SKINS[at].newWorkId(),
      platform: at,
      user: b.user,
      title: b.title,
      description: b.title,
      topics: [],
      cover: null,
      scheduleAt: null,
      status,
      reads: ALWAYS_VISIBLE_READS,
      createdAt: typeof b.createdAt === 'number' ? b.createdAt : Date.now(),
      file: durationSec === null ? null : { name: '', size: 0, sha256: '', durationSec },
    };
    state.works.push(work);
    return send(res, 200, work);
  }
  if (req.method === 'GET' && path === '/code') {
    const c = state.codes.get(`${url.searchParams.get('platform')}/${url.searchParams.get('user')}`);
    return c ? send(res, 200, c) : send(res, 404, { message: 'no code sent' });
  }
  if (req.method === 'POST' && path === '/expire-session') {
    const b = await readJson(req);
    for (const [id, s] of state.sessions) {
      if (s.platform === b.platform && s.user === b.user) {
        state.sessions.delete(id);
      }
    }
    return send(res, 200, { ok: true });
  }
  if (await handleInboxControl(state, req, res, path, url)) {
    return;
  }
  return send(res, 404, { message: 'not found' });
}
