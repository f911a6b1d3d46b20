import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { Msg } from '../messages.ts';
import { ACCOUNT_NAME_PATTERN } from '../rules/credentials.ts';
import { text } from './common.ts';

export { AuthApi } from './auth-paths.ts';

/** Where the client runs: `pc` in the desktop shell, `web` in a browser (SPEC §3). */
export const clientPlatform = z.enum(['pc', 'web']);
export type ClientPlatform = z.infer<typeof clientPlatform>;

/** Account names: letters, digits and underscores, 4–32 characters (rules/credentials.ts). */
export const accountName = z.string({ error: Msg.accountFormat }).trim().regex(ACCOUNT_NAME_PATTERN, Msg.accountFormat);
/** Passwords: 6–64 characters. */
export const password = z
  .string({ error: Msg.passwordFormat })
  .min(PASSWORD_MIN_LENGTH, Msg.passwordFormat)
  .max(PASSWORD_MAX_LENGTH, Msg.passwordFormat);

/** POST /api/member.Login/login (SPEC §3 login payload). */
export const loginBody = z.object({
  account: text(Msg.accountRequired).trim().min(1, Msg.accountRequired).max(64, Msg.accountFormat),
  password: z.string({ error: Msg.passwordRequired }).min(1, Msg.passwordRequired).max(128),
  captcha_id: text().max(64).optional().default(''),
  captcha_code: text().max(16).optional().default(''),
  ajcaptcha: text().max(2048).optional().default(''),
  platform: clientPlatform.optional().default('web'),
});
export type LoginBody = z.input<typeof loginBody>;

/** The three tokens a login returns (SPEC §3). */
export const loginResult = z.object({
  ApiToken: z.string(),
  nfc_api_token: z.string(),
  digital_api_token: z.string(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** Data of a failed login: whether the next attempt needs a captcha. */
export const loginFailure = z.object({ need_captcha: z.boolean() });
export type LoginFailure = z.infer<typeof loginFailure>;

/** GET /api/member.Login/captcha: a fresh image captcha. */
export const captchaResult = z.object({
  captcha_id: z.string(),
  /** SVG markup of the image. */
  image: z.string(),
});
export type CaptchaResult = z.infer<typeof captchaResult>;

/** POST /api/member.Register/register: a new member signs up (captcha always required). */
export const registerBody = z.object({
  account: accountName,
  password,
  nickname: text().trim().max(32, Msg.textTooLong).optional().default(''),
  captcha_id: text(Msg.captchaRequired).min(1, Msg.captchaRequired).max(64),
  captcha_code: text(Msg.captchaRequired).trim().min(1, Msg.captchaRequired).max(16),
  platform: clientPlatform.optional().default('web'),
});
export type RegisterBody = z.input<typeof registerBody>;

/** POST /api/member.Member/changePassword (the /setting page). */
export const changePasswordBody = z.object({
  old_password: z.string({ error: Msg.passwordRequired }).min(1, Msg.passwordRequired).max(128),
  new_password: password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
