import { useMutation } from '@tanstack/react-query';
import type { LoginResult, RegisterBody } from '@vidmatrix/contract/api/auth';
import { post } from '../../../lib/request.ts';

/** POST /api/member.Register/register: signs up and returns the same tokens as a login. */
export function register(body: RegisterBody): Promise<LoginResult> {
  return post<LoginResult>('/api/member.Register/register', body);
}

/** Register mutation. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
