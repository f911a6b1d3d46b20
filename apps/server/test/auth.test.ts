import { CAPTCHA_TTL_MS, LOGIN_CAPTCHA_AFTER_FAILURES, TOKEN_TTL_MS } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  auth,
  createTestApp,
  DEMO_PASSWORD,
  login,
  randomIp,
  TEST_CAPTCHA_TEXT,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function postLogin(payload: Record<string, string>, remoteAddress = randomIp()) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/member.Login/login', payload, remoteAddress });
  return { status: res.statusCode, body: res.json<Answer<{ need_captcha?: boolean } | null>>() };
}

async function newCaptcha(): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/member.Login/captcha', remoteAddress: randomIp() });
  const body = res.json<Answer<{ captcha_id: string; image: string }>>();
  expect(body.code).toBe(200);
  return body.data.captcha_id;
}

async function getInfo(token: string | undefined) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/member.Member/info',
    headers: token === undefined ? {} : auth(token),
  });
  return { status: res.statusCode, body: res.json<Answer<{ username: string } | null>>() };
}

async function register(payload: Record<string, string>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/member.Register/register',
    payload,
    remoteAddress: randomIp(),
  });
  return { status: res.statusCode, body: res.json<Answer>() };
}

describe('login', () => {
  it('returns three distinct tokens for the right password', async () => {
    const tokens = await login(ctx.app);
    expect(tokens.ApiToken).toMatch(/^[\w-]{43}$/);
    expect(new Set([tokens.ApiToken, tokens.nfc_api_token, tokens.digital_api_token]).size).toBe(3);
  });

  it('refuses a wrong password with need_captcha false at first', async () => {
    const { status, body } = await postLogin({ account: 'demo', password: 'nope-nope' });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: Msg.loginFailed, data: { need_captcha: false } });
  });

  it('answers an unknown account like a wrong password', async () => {
    const { body } = await postLogin({ account: 'nobody_here', password: 'whatever' });
    expect(body.msg).toBe(Msg.loginFailed);
  });

  it('refuses an empty account with the Chinese message', async () => {
    const { status, body } = await postLogin({ account: '', password: 'x' });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: Msg.accountRequired, data: null });
  });

  it('requires a captcha after repeated failures of one account', async () => {
    await addMember(ctx, 'captcha_acct', 'right-pass');
    for (let i = 1; i <= LOGIN_CAPTCHA_AFTER_FAILURES; i++) {
      const { body } = await postLogin({ account: 'captcha_acct', password: 'wrong' });
      expect(body.data).toEqual({ need_captcha: i >= LOGIN_CAPTCHA_AFTER_FAILURES });
    }
    // From a fresh address, with the right password: the account still needs a captcha.
    const missing = await postLogin({ account: 'captcha_acct', password: 'right-pass' });
    expect(missing.body).toEqual({ code: 400, msg: Msg.captchaRequired, data: { need_captcha: true } });

    const wrong = await postLogin({
      account: 'captcha_acct',
      password: 'right-pass',
      captcha_id: await newCaptcha(),
      captcha_code: 'zzzz',
    });
    expect(wrong.body).toEqual({ code: 400, msg: Msg.captchaWrong, data: { need_captcha: true } });

    const right = await postLogin({
      account: 'captcha_acct',
      password: 'right-pass',
      captcha_id: await newCaptcha(),
      captcha_code: TEST_CAPTCHA_TEXT.toLowerCase(),
    });
    expect(right.body.code).toBe(200);
    // Success clears the account's failures.
    await login(ctx.app, 'captcha_acct', 'right-pass');
  });

  it('requires a captcha after repeated failures from one address', async () => {
    await addMember(ctx, 'ip_victim', 'right-pass');
    const attacker = randomIp();
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER_FAILURES; i++) {
      await postLogin({ account: `ghost_${i}`, password: 'wrong' }, attacker);
    }
    const fromAttacker = await postLogin({ account: 'ip_victim', password: 'right-pass' }, attacker);
    expect(fromAttacker.body).toEqual({ code: 400, msg: Msg.captchaRequired, data: { need_captcha: true } });
    // The same account from another address is not affected.
    await login(ctx.app, 'ip_victim', 'right-pass');
  });

  it('forgets failures outside the window', async () => {
    await addMember(ctx, 'window_acct', 'right-pass');
    for (let i = 0; i < LOGIN_CAPTCHA_AFTER_FAILURES; i++) {
      await postLogin({ account: 'window_acct', password: 'wrong' });
    }
    ctx.clock.advance(16 * 60_000);
    await login(ctx.app, 'window_acct', 'right-pass');
  });
});

describe('captcha', () => {
  it('is an SVG image', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/member.Login/captcha' });
    expect(res.json<Answer<{ image: string }>>().data.image).toContain('<svg');
  });

  it('is single use', async () => {
    const captchaId = await newCaptcha();
    const first = await register({
      account: 'single_use_1',
      password: 'secret-123',
      captcha_id: captchaId,
      captcha_code: TEST_CAPTCHA_TEXT,
    });
    expect(first.body.code).toBe(200);
    const again = await register({
      account: 'single_use_2',
      password: 'secret-123',
      captcha_id: captchaId,
      captcha_code: TEST_CAPTCHA_TEXT,
    });
    expect(again.body).toEqual({ code: 400, msg: Msg.captchaWrong, data: { need_captcha: true } });
  });

  it('expires after CAPTCHA_TTL_MS', async () => {
    const captchaId = await newCaptcha();
    ctx.clock.advance(CAPTCHA_TTL_MS + 1);
    const { body } = await register({
      account: 'too_late',
      password: 'secret-123',
      captcha_id: captchaId,
      captcha_code: TEST_CAPTCHA_TEXT,
    });
    expect(body.msg).toBe(Msg.captchaWrong);
  });
});

describe('tokens', () => {
  it('401 without, with a wrong, and with a non-api token', async () => {
    const tokens = await login(ctx.app);
    for (const token of [undefined, '', 'not-a-token', tokens.nfc_api_token, tokens.digital_api_token]) {
      const { status, body } = await getInfo(token);
      expect(status).toBe(401);
      expect(body).toEqual({ code: 401, msg: Msg.tokenInvalid, data: null });
    }
  });

  it('logout revokes all three tokens of that login only', async () => {
    const first = await login(ctx.app);
    const second = await login(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/member.Logout/logout',
      headers: auth(first.ApiToken),
    });
    expect(res.json()).toEqual({ code: 200, msg: Msg.loggedOut, data: null });
    expect((await getInfo(first.ApiToken)).status).toBe(401);
    expect((await getInfo(second.ApiToken)).status).toBe(200);
  });

  it('logout with a dead token still answers 200', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/member.Logout/logout', headers: auth('dead') });
    expect(res.statusCode).toBe(200);
  });

  it('expires after TOKEN_TTL_MS', async () => {
    const tokens = await login(ctx.app);
    ctx.clock.advance(TOKEN_TTL_MS + 1);
    expect((await getInfo(tokens.ApiToken)).status).toBe(401);
  });
});

describe('register', () => {
  it('creates a member that can use its tokens', async () => {
    const { body } = await register({
      account: 'new_member',
      password: 'secret-123',
      nickname: '新用户',
      captcha_id: await newCaptcha(),
      captcha_code: TEST_CAPTCHA_TEXT,
    });
    expect(body.code).toBe(200);
    expect(body.msg).toBe(Msg.registered);
    const { ApiToken } = body.data as { ApiToken: string };
    const info = await getInfo(ApiToken);
    expect(info.body.data?.username).toBe('new_member');
  });

  it('refuses a taken account', async () => {
    const { status, body } = await register({
      account: 'demo',
      password: 'secret-123',
      captcha_id: await newCaptcha(),
      captcha_code: TEST_CAPTCHA_TEXT,
    });
    expect(status).toBe(400);
    expect(body.msg).toBe(Msg.accountTaken);
  });

  it('refuses bad input with the Chinese message', async () => {
    const captcha = { captcha_id: 'x', captcha_code: 'y' };
    expect((await register({ account: 'a!', password: 'secret-123', ...captcha })).body.msg).toBe(Msg.accountFormat);
    expect((await register({ account: 'okay_name', password: '123', ...captcha })).body.msg).toBe(Msg.passwordFormat);
    expect((await register({ account: 'okay_name', password: 'secret-123' })).body).toEqual({
      code: 400,
      msg: Msg.captchaRequired,
      data: null,
    });
  });

  it('always needs a right captcha', async () => {
    const { body } = await register({
      account: 'no_captcha',
      password: 'secret-123',
      captcha_id: await newCaptcha(),
      captcha_code: 'wxyz',
    });
    expect(body.msg).toBe(Msg.captchaWrong);
  });
});

describe('change password', () => {
  it('refuses a wrong old password', async () => {
    await addMember(ctx, 'pw_wrong', 'old-pass-1');
    const { ApiToken } = await login(ctx.app, 'pw_wrong', 'old-pass-1');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/member.Member/changePassword',
      headers: auth(ApiToken),
      payload: { old_password: 'not-it', new_password: 'new-pass-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Answer>().msg).toBe(Msg.oldPasswordWrong);
  });

  it('changes it, keeps this login and revokes the others', async () => {
    await addMember(ctx, 'pw_change', 'old-pass-1');
    const current = await login(ctx.app, 'pw_change', 'old-pass-1');
    const other = await login(ctx.app, 'pw_change', 'old-pass-1');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/member.Member/changePassword',
      headers: auth(current.ApiToken),
      payload: { old_password: 'old-pass-1', new_password: 'new-pass-1' },
    });
    expect(res.json()).toEqual({ code: 200, msg: Msg.updated, data: null });
    expect((await getInfo(current.ApiToken)).status).toBe(200);
    expect((await getInfo(other.ApiToken)).status).toBe(401);
    await expect(login(ctx.app, 'pw_change', 'old-pass-1')).rejects.toThrow();
    await login(ctx.app, 'pw_change', 'new-pass-1');
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/member.Member/changePassword',
      payload: { old_password: DEMO_PASSWORD, new_password: 'new-pass-1' },
    });
    expect(res.statusCode).toBe(401);
  });
});
