import { describe, expect, it } from 'vitest';
import { loginPayload } from './login.ts';

describe('loginPayload', () => {
  it('sends every SPEC §3 field, ajcaptcha included', () => {
    expect(loginPayload({ account: 'demo', password: 'pw', platform: 'pc' })).toEqual({
      account: 'demo',
      password: 'pw',
      captcha_id: '',
      captcha_code: '',
      ajcaptcha: '',
      platform: 'pc',
    });
    expect(Object.keys(loginPayload({ account: 'a', password: 'b' }))).toEqual([
      'account',
      'password',
      'captcha_id',
      'captcha_code',
      'ajcaptcha',
      'platform',
    ]);
  });
});
