import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserCenterApi, type MemberSession } from '@vidmatrix/contract/api/user-center';
import { get } from '../../../lib/request.ts';
import { userCenterKeys } from './user-center-keys.ts';

/** GET /api/member.Member/sessions. */
export function getSessions(signal?: AbortSignal): Promise<MemberSession[]> {
  return get<MemberSession[]>(UserCenterApi.sessions, undefined, { signal });
}

/** The member's signed-in sessions as a query. */
export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: userCenterKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });
}

/** The member's signed-in sessions. */
export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
