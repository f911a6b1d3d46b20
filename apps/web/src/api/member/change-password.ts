import { useMutation } from '@tanstack/react-query';
import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import type { ChangePasswordBody } from '@vidmatrix/contract/api/auth';
import { post } from '../../lib/request.ts';

/** POST /api/member.Member/changePassword. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return post<unknown>(AuthApi.changePassword, body);
}

/** Change-password mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
