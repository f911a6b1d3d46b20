import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import type { LoginResult, RegisterBody } from '@vidmatrix/contract/api/auth';
import { post } from '../../../lib/request.ts';

/** POST /api/member.Register/register: signs up and returns the same tokens as a login; the form shows a refusal. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return post<LoginResult>(AuthApi.register, body, { disableMessage: true });
}
