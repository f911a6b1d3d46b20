import { LOGIN_CAPTCHA_AFTER_FAILURES, LOGIN_FAILURE_WINDOW_MS } from '@vidmatrix/contract/constants';
import { describe, expect, it } from 'vitest';
import { afterFailure, failureWindowStart, needsCaptcha } from './login-guard.ts';

const limit = LOGIN_CAPTCHA_AFTER_FAILURES;

describe('failure counting', () => {
  it('needs a captcha once the account or the address reaches the limit', () => {
    expect(needsCaptcha({ account: 0, ip: 0 })).toBe(false);
    expect(needsCaptcha({ account: limit - 1, ip: limit - 1 })).toBe(false);
    expect(needsCaptcha({ account: limit, ip: 0 })).toBe(true);
    expect(needsCaptcha({ account: 0, ip: limit })).toBe(true);
  });

  it('tells after the failure that reaches the limit', () => {
    expect(needsCaptcha(afterFailure({ account: limit - 1, ip: 0 }))).toBe(true);
    expect(needsCaptcha(afterFailure({ account: limit - 2, ip: limit - 2 }))).toBe(false);
  });

  it('counts over the window', () => {
    expect(failureWindowStart(LOGIN_FAILURE_WINDOW_MS + 5)).toBe(5);
  });
});
