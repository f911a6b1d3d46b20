import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberInfo } from '@vidmatrix/contract/api/member';
import { get } from '../../../lib/request.ts';
import { memberKeys } from './member-keys.ts';

/** GET /api/member.Member/info; null when the server has no data for the token. */
export function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo | null> {
  return get<MemberInfo | null>('/api/member.Member/info', undefined, { signal });
}

/** Member info as a query. */
export function memberInfoQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.info(),
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in member; pass enabled=false when there is no token. */
export function useMemberInfo(enabled = true) {
  return useQuery({ ...memberInfoQueryOptions(), enabled });
}
