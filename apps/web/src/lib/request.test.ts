import { describe, expect, it } from 'vitest';
import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';
import {
  buildHeaders,
  buildUrl,
  classifyTransportError,
  decideBlobJson,
  decideEnvelope,
  isJsonContentType,
  transportFailure,
  transportMessage,
} from './request.ts';

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
