import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client.ts';
import type * as RequestModule from '../lib/request.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { ensureSession } from './load-session.ts';

vi.mock('../lib/notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), alertRelogin: vi.fn() }));
// The real policy waits seconds between tries; the tries, not the waits, are under test here.
vi.mock('../lib/request.ts', async (original) => ({
  ...(await original<typeof RequestModule>()),
  SESSION_RETRY: { retries: 2, delayMs: () => 0 },
}));

const envelope = (code: number, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg: code === 200 ? 'success' : '出错了', data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
const member = { member_id: 1, nickname: '演示', avatar_url: '', role_ids: [1] };

describe('ensureSession', () => {
  const fetchMock = vi.fn<typeof fetch>();
  // Answers by path; user info takes its answers from `info` in turn.
  let info: (() => Promise<Response>)[] = [];

  beforeEach(() => {
    queryClient.clear();
    useSessionStore.getState().reset();
    useSessionStore.getState().setToken('t0k', 'demo');
    info = [];
    fetchMock.mockReset();
    fetchMock.mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/api/member.Member/info')) {
        const next = info.shift();
        return next ? next() : Promise.resolve(envelope(200, member));
      }
      return Promise.resolve(envelope(200, null));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const infoCalls = () => fetchMock.mock.calls.filter(([input]) => urlOf(input).includes('Member/info')).length;

  it('rides out a 503, a 429 and a dropped connection, and keeps the member signed in', async () => {
    info = [
      () => Promise.resolve(envelope(503)),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(envelope(200, member)),
    ];
    await expect(ensureSession('/setting')).resolves.toBeNull();
    expect(infoCalls()).toBe(3);
    expect(useSessionStore.getState()).toMatchObject({ token: 't0k', roles: [1] });

    useSessionStore.getState().setRoles([]);
    queryClient.clear();
    info = [() => Promise.resolve(envelope(429))];
    await expect(ensureSession('/setting')).resolves.toBeNull();
    expect(useSessionStore.getState().token).toBe('t0k');
  });

  it('when every try fails, keeps the token and lets the route error page offer a reload', async () => {
    info = [0, 1, 2].map(() => () => Promise.resolve(envelope(502)));
    await expect(ensureSession('/setting')).rejects.toMatchObject({ code: 502 });
    expect(infoCalls()).toBe(3);
    expect(useSessionStore.getState().token).toBe('t0k');
  });

  it('signs out at once on 401, without retrying', async () => {
    info = [() => Promise.resolve(envelope(401))];
    const result = await ensureSession('/setting');
    expect(result?.status).toBe(302);
    expect(result?.headers.get('Location')).toBe('/home?redirect=/setting');
    expect(infoCalls()).toBe(1);
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('signs out when the token has no user data or no console role (SPEC §4)', async () => {
    info = [() => Promise.resolve(envelope(200, null))];
    expect((await ensureSession('/setting'))?.status).toBe(302);
    expect(useSessionStore.getState().token).toBeNull();

    useSessionStore.getState().setToken('t0k', 'demo');
    info = [() => Promise.resolve(envelope(200, { ...member, role_ids: [] }))];
    expect((await ensureSession('/setting'))?.status).toBe(302);
    expect(useSessionStore.getState().token).toBeNull();
  });
});
