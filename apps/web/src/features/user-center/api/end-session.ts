import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserCenterApi, type EndSessionBody } from '@vidmatrix/contract/api/user-center';
import { post } from '../../../lib/request.ts';
import { getSessionsQueryOptions } from './get-sessions.ts';

/** POST /api/member.Member/endSession. */
export function endSession(body: EndSessionBody): Promise<unknown> {
  return post<unknown>(UserCenterApi.endSession, body);
}

/** Signs one session out, then reloads the list. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
