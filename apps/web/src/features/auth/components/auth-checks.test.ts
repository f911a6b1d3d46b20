import { describe, expect, it } from 'vitest';
import { AuthMsg as Msg } from '@vidmatrix/contract/messages-auth';
import { checkLogin, checkRegister, type RegisterValues } from './auth-checks.ts';

describe('checkLogin', () => {
  it('asks for the account and the password', () => {
    expect(checkLogin({ account: '  ', password: '', captcha_code: '' }, false)).toEqual({
      account: Msg.accountRequired,
      password: Msg.passwordRequired,
    });
  });
  it('asks for the captcha only once the server wants one', () => {
    const values = { account: 'demo', password: 'x', captcha_code: ' ' };
    expect(checkLogin(values, false)).toEqual({});
    expect(checkLogin(values, true)).toEqual({ captcha_code: Msg.captchaRequired });
  });
});

describe('checkRegister', () => {
  const good: RegisterValues = {
    account: 'new_member',
    nickname: '',
    password: 'secret123',
    confirm: 'secret123',
    captcha_code: 'ab3d',
    agree: 'on',
  };
  it('passes a good sign-up', () => {
    expect(checkRegister(good)).toEqual({});
  });
  it('says what is missing', () => {
    expect(
      checkRegister({ account: '', nickname: '', password: '', confirm: '', captcha_code: '', agree: '' }),
    ).toEqual({
      account: Msg.accountRequired,
      password: Msg.passwordRequired,
      confirm: Msg.passwordRequired,
      captcha_code: Msg.captchaRequired,
      agree: Msg.agreementRequired,
    });
  });
  it('applies the server’s account and password rules', () => {
    expect(checkRegister({ ...good, account: 'ab' }).account).toBe(Msg.accountFormat);
    expect(checkRegister({ ...good, account: '账号名字' }).account).toBe(Msg.accountFormat);
    expect(checkRegister({ ...good, password: '12345', confirm: '12345' }).password).toBe(Msg.passwordFormat);
  });
  it('wants the password twice the same', () => {
    expect(checkRegister({ ...good, confirm: 'secret124' })).toEqual({ confirm: Msg.passwordMismatch });
  });
});
