/**
 * The part of the SPEC §8 catalogue the sign-in and sign-up forms show (issue 2: the spec implies these
 * but does not word them). Its own module so /homeLogin and /register, each within 120 KB gzip of JS
 * (issue 12), do not ship the whole catalogue; `Msg` in messages.ts includes every entry here.
 */
export const AuthMsg = {
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  loginFailed: '账号或密码错误',
  accountDisabled: '账号已被禁用',
  tooManyAttempts: '操作过于频繁，请稍后再试',
  accountTaken: '该账号已被注册',
  accountFormat: '账号为4-32位字母、数字或下划线',
  passwordFormat: '密码长度为6-64位',
  passwordMismatch: '两次输入的密码不一致',
  oldPasswordWrong: '原密码错误',
  agreementRequired: '请阅读并同意用户协议和隐私政策',
  registered: '注册成功',
  loggedOut: '退出成功',
} as const;
