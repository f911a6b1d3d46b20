import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberApi, type MemberInfo } from '@vidmatrix/contract/api/member';
import { get, SESSION_RETRY, SESSION_TRY_TIMEOUT_MS } from '../../lib/request.ts';
import { memberKeys } from './member-keys.ts';

/**
 * GET /api/member.Member/info; null when the server has no data for the token. A busy server is
 * tried again (SESSION_RETRY): the route guard signs the member out on this call's verdict only.
 */
export function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo | null> {
  return get<MemberInfo | null>(MemberApi.info, undefined, {
    signal,
    retry: SESSION_RETRY,
    timeout: SESSION_TRY_TIMEOUT_MS,
  });
}

/** Member info as a query. */
export function getMemberInfoQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.info(),
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in member; pass enabled=false when there is no token. */
export function useMemberInfo(enabled = true) {
  return useQuery({ ...getMemberInfoQueryOptions(), enabled });
}
