import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import type { LoginBody, LoginFailure, LoginResult } from '@vidmatrix/contract/api/auth';
import { post, RequestError } from '../../../lib/request.ts';

/** The full SPEC §3 login payload: every field is sent, empty when unused (no slider captcha here). */
export function loginPayload(body: LoginBody): Required<LoginBody> {
  return {
    account: body.account,
    password: body.password,
    captcha_id: body.captcha_id ?? '',
    captcha_code: body.captcha_code ?? '',
    ajcaptcha: body.ajcaptcha ?? '',
    platform: body.platform ?? 'web',
  };
}

/** POST /api/member.Login/login: the three tokens. A refusal is not toasted: the form shows it. */
export function login(body: LoginBody): Promise<LoginResult> {
  return post<LoginResult>(AuthApi.login, loginPayload(body), { disableMessage: true });
}

/** True when a failed login says the next attempt needs a captcha. */
export function needsCaptcha(error: unknown): boolean {
  if (!(error instanceof RequestError) || typeof error.data !== 'object' || error.data === null) {
    return false;
  }
  return (error.data as Partial<LoginFailure>).need_captcha === true;
}
