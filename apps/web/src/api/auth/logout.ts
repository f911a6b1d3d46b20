import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import { post } from '../../lib/request.ts';

/** POST /api/member.Logout/logout; a failure (token already gone) does not stop the sign-out. */
export async function logout(): Promise<void> {
  try {
    await post<unknown>(AuthApi.logout, {}, { disableMessage: true });
  } catch {
    // The local session ends either way.
  }
}
