import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishApi } from '@vidmatrix/contract/api/publish';
import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';
import { alertRelogin, notifyError } from './notify.ts';
import {
  backoff,
  buildHeaders,
  buildUrl,
  classifyTransportError,
  decideBlobJson,
  decideEnvelope,
  isGatewayFailure,
  isJsonContentType,
  isTransientFailure,
  isVerdict,
  request,
  RequestError,
  transportFailure,
  transportMessage,
} from './request.ts';

vi.mock('./notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), alertRelogin: vi.fn() }));

describe('decideEnvelope', () => {
  it('resolves data on code 200', () => {
    expect(decideEnvelope({ code: 200, msg: 'success', data: { a: 1 } })).toEqual({ ok: true, data: { a: 1 } });
  });
  it('rejects other codes with the server msg', () => {
    const d = decideEnvelope({ code: 400, msg: '账号或密码错误', data: { need_captcha: true } });
    expect(d).toMatchObject({ ok: false, kind: 'server', code: 400, message: '账号或密码错误', relogin: false });
    expect(d.ok ? null : d.data).toEqual({ need_captcha: true });
  });
  it('falls back to Server error when msg is empty', () => {
    expect(decideEnvelope({ code: 500, msg: '', data: null })).toMatchObject({ message: Msg.serverError });
  });
  it('asks for a new sign-in on 401', () => {
    expect(decideEnvelope({ code: 401, msg: '登录已失效', data: null })).toMatchObject({ ok: false, relogin: true });
  });
  it('treats a body that is not an envelope as a bad response', () => {
    for (const body of [null, 'oops', { msg: 'x' }, { code: '200' }]) {
      expect(decideEnvelope(body)).toMatchObject({ ok: false, kind: 'bad-response', message: Msg.badResponse });
    }
  });
});

describe('decideBlobJson', () => {
  it('is always a failure, carrying the envelope code and msg', () => {
    expect(decideBlobJson({ code: 0, msg: '导出任务已提交', data: null })).toMatchObject({
      ok: false,
      code: 0,
      message: '导出任务已提交',
    });
    expect(decideBlobJson({ code: 200, msg: '', data: null })).toMatchObject({
      ok: false,
      code: 200,
      message: Msg.noData,
    });
    expect(decideBlobJson('not json')).toMatchObject({ ok: false, kind: 'bad-response' });
  });
});

describe('transport failures', () => {
  it('names a timeout, a cancel and a network error', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(classifyTransportError(abort, true)).toBe('timeout');
    expect(classifyTransportError(abort, false)).toBe('aborted');
    expect(classifyTransportError(new TypeError('Failed to fetch'), false)).toBe('network');
  });
  it('explains each in Chinese', () => {
    expect(transportMessage('timeout')).toBe(Msg.requestTimeout);
    expect(transportMessage('network')).toBe(Msg.networkError);
    expect(transportMessage('bad-response')).toBe(Msg.badResponse);
    expect(transportFailure('network')).toMatchObject({ ok: false, kind: 'network', code: 0, relogin: false });
  });
});

describe('isJsonContentType', () => {
  it('spots JSON bodies inside blob responses', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/problem+json')).toBe(true);
    expect(isJsonContentType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});

describe('buildUrl', () => {
  it('joins base, path and params, leaving out empty values', () => {
    expect(buildUrl('', '/api/a', { page: 1, q: 'x y', none: undefined, nil: null })).toBe('/api/a?page=1&q=x+y');
    expect(buildUrl('https://api.example.com/', '/api/a')).toBe('https://api.example.com/api/a');
    expect(buildUrl('', '/api/file.Group/list?limit=1000', { page: 2 })).toBe('/api/file.Group/list?limit=1000&page=2');
  });
});

describe('buildHeaders', () => {
  it('sends memberToken only when signed in', () => {
    expect(buildHeaders('t0k', undefined)).toMatchObject({ memberToken: 't0k' });
    expect(buildHeaders(null, undefined)).not.toHaveProperty('memberToken');
  });
  it('sets a JSON content type for plain bodies but not for FormData', () => {
    expect(buildHeaders(null, { a: 1 })).toMatchObject({ 'Content-Type': 'application/json' });
    expect(buildHeaders(null, new FormData())).not.toHaveProperty('Content-Type');
  });
});

describe('transient failures', () => {
  it('are the network, timeouts, unreadable bodies, 429 and 5xx; 401 and refusals are verdicts', () => {
    for (const kind of ['network', 'timeout', 'bad-response'] as const) {
      expect(isTransientFailure({ kind, code: 0 })).toBe(true);
    }
    expect(isTransientFailure({ kind: 'server', code: 429 })).toBe(true);
    expect(isTransientFailure({ kind: 'server', code: 500 })).toBe(true);
    expect(isTransientFailure({ kind: 'server', code: 503 })).toBe(true);
    expect(isTransientFailure({ kind: 'server', code: 401 })).toBe(false);
    expect(isTransientFailure({ kind: 'server', code: 400 })).toBe(false);
    expect(isVerdict(new RequestError('x', 'server', 401))).toBe(true);
    expect(isVerdict(new RequestError('x', 'server', 503))).toBe(false);
    expect(isVerdict(new RequestError('x', 'timeout', 0))).toBe(false);
    expect(isVerdict(new RequestError('x', 'aborted', 0))).toBe(false);
    expect(isVerdict(new Error('x'))).toBe(false);
  });
  it('back off by doubling up to a cap', () => {
    const delay = backoff(1000, 5000);
    expect([1, 2, 3, 4, 5].map(delay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});

describe('request with a retry policy', () => {
  const envelope = (code: number, data: unknown = null, status = code === 200 ? 200 : code) =>
    new Response(JSON.stringify({ code, msg: code === 200 ? 'success' : '出错了', data }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetchMock = vi.fn<typeof fetch>();
  const noWait = { retries: 3, delayMs: () => 0 };

  beforeEach(() => {
    fetchMock.mockReset();
    vi.mocked(notifyError).mockClear();
    vi.mocked(alertRelogin).mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tries again after a network error, a 503, a 429 and an HTML error page, quietly', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(envelope(503))
      .mockResolvedValueOnce(envelope(429))
      .mockResolvedValueOnce(envelope(200, { member_id: 7 }));
    await expect(request('/api/member.Member/info', { retry: noWait })).resolves.toEqual({ member_id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('gives up after the bounded number of tries and tells the user once', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const failure = request('/api/member.Member/info', { retry: noWait });
    await expect(failure).rejects.toMatchObject({ kind: 'bad-response', notified: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith(Msg.badResponse);
  });

  it('does not retry a 401: the relogin alert comes at once', async () => {
    fetchMock.mockResolvedValue(envelope(401));
    await expect(request('/api/member.Member/info', { retry: noWait })).rejects.toMatchObject({ code: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(alertRelogin).toHaveBeenCalledTimes(1);
  });

  it('signs the desktop shell out on a 401, so its tasks stop with the dead token', async () => {
    const signedOut = vi.fn();
    vi.stubGlobal('window', { desktop: { signedOut } });
    try {
      fetchMock.mockResolvedValue(envelope(401));
      await expect(request('/api/member.Member/info', { retry: noWait })).rejects.toMatchObject({ code: 401 });
      expect(signedOut).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not retry a refusal (400)', async () => {
    fetchMock.mockResolvedValue(envelope(400, null, 400));
    await expect(request('/api/x', { retry: noWait })).rejects.toMatchObject({ code: 400 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits the policy delay between tries and stops waiting when cancelled', async () => {
    fetchMock.mockResolvedValue(envelope(500));
    const controller = new AbortController();
    const delays: number[] = [];
    const failure = request('/api/x', {
      signal: controller.signal,
      retry: {
        retries: 3,
        delayMs: (n) => {
          delays.push(n);
          // Cancel during the first wait: no second try is made.
          controller.abort();
          return 60_000;
        },
      },
    });
    await expect(failure).rejects.toMatchObject({ kind: 'aborted' });
    expect(delays).toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without a policy fails on the first transient error, as before', async () => {
    fetchMock.mockResolvedValue(envelope(503));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });
});

describe('read-only calls after a lost server (issue 27)', () => {
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const proxyPage = (status: number) =>
    new Response(`<html>${status} Bad Gateway</html>`, { status, headers: { 'content-type': 'text/html' } });
  const busyEnvelope = () =>
    new Response(JSON.stringify({ code: 503, msg: '服务繁忙', data: null }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  const serverError = () =>
    new Response(JSON.stringify({ code: 500, msg: '服务器错误', data: null }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.mocked(notifyError).mockClear();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Runs the call to its end, its backoff waits passing at once. */
  async function settle<T>(call: Promise<T>): Promise<PromiseSettledResult<T>> {
    const result = Promise.allSettled([call]);
    await vi.runAllTimersAsync();
    const [settled] = await result;
    return settled;
  }

  it('names the gateway failures: a dropped connection and a proxy’s 502, 503, 504', () => {
    expect(isGatewayFailure(transportFailure('network'))).toBe(true);
    for (const status of [502, 503, 504]) {
      expect(isGatewayFailure(transportFailure('bad-response', status))).toBe(true);
    }
    expect(isGatewayFailure(transportFailure('timeout'))).toBe(false);
    expect(isGatewayFailure(transportFailure('bad-response', 500))).toBe(false);
  });

  for (const [name, first] of [
    ['a proxy’s 502 page', () => Promise.resolve(proxyPage(502))],
    ['a 503 envelope', () => Promise.resolve(busyEnvelope())],
    ['a 504 page', () => Promise.resolve(proxyPage(504))],
    ['a dropped connection', dropped],
  ] as const) {
    it(`sends a read-only call again after ${name}, quietly`, async () => {
      fetchMock.mockImplementationOnce(first).mockResolvedValueOnce(ok({ total: 3 }));
      const result = await settle(request(PublishApi.list, { method: 'POST', body: { page: 1 } }));
      expect(result).toEqual({ status: 'fulfilled', value: { total: 3 } });
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(notifyError).not.toHaveBeenCalled();
    });
  }

  it('tries a read-only call three times in all, then tells the member once', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(proxyPage(502)));
    const result = await settle(request(PublishApi.list, { method: 'POST', body: {} }));
    expect(result).toMatchObject({ status: 'rejected', reason: { kind: 'bad-response', notified: true } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('never sends a call that changes state twice', async () => {
    for (const first of [() => Promise.resolve(proxyPage(502)), dropped]) {
      fetchMock.mockReset();
      fetchMock.mockImplementationOnce(first).mockResolvedValue(ok({ batch_id: 1 }));
      const result = await settle(request(PublishApi.add, { method: 'POST', body: {} }));
      expect(result.status).toBe('rejected');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
    expect(notifyError).toHaveBeenCalledTimes(2);
  });

  it('does not send a read-only call again after the server’s own error', async () => {
    fetchMock.mockResolvedValueOnce(serverError()).mockResolvedValue(ok({ total: 3 }));
    const result = await settle(request(PublishApi.list, { method: 'POST', body: {} }));
    expect(result).toMatchObject({ status: 'rejected', reason: { code: 500 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
