import { queryOptions, useQuery } from '@tanstack/react-query';
import { MemberApi, type Menu, type MenusResult } from '@vidmatrix/contract/api/member';
import { post, SESSION_RETRY, SESSION_TRY_TIMEOUT_MS } from '../../lib/request.ts';
import { memberKeys } from './member-keys.ts';

/** POST /api/member.Member/noAuthinfo: the member's menu tree (its pages become routes, so retried like user info). */
export async function getMenus(signal?: AbortSignal): Promise<Menu[]> {
  const data = await post<MenusResult | null>(
    MemberApi.menus,
    {},
    { signal, retry: SESSION_RETRY, timeout: SESSION_TRY_TIMEOUT_MS },
  );
  return data?.menus ?? [];
}

/** Menus are loaded once per session (SPEC §2.2): never stale until sign-out clears the cache. */
export function getMenusQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.menus(),
    queryFn: ({ signal }) => getMenus(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The member's menus. */
export function useMenus(enabled = true) {
  return useQuery({ ...getMenusQueryOptions(), enabled });
}
