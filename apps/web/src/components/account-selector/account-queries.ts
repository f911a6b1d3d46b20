import { queryOptions } from '@tanstack/react-query';
import {
  AccountApi,
  type AccountList,
  type GroupList,
  type PlatformList,
} from '@vidmatrix/contract/api/enterprise-account';
import { get, post } from '../../lib/request.ts';

/**
 * Query keys of enterprise accounts, groups and platforms. Shared here because the account selector
 * (used by several features) reads the same data the account page changes; invalidating
 * `accountKeys.all` refreshes both.
 */
export const accountKeys = {
  all: ['enterprise-account'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (query: object) => [...accountKeys.lists(), query] as const,
  selector: (platformIds: readonly number[]) => [...accountKeys.all, 'selector', platformIds.join(',')] as const,
  groups: () => [...accountKeys.all, 'groups'] as const,
  platforms: () => ['platforms'] as const,
  authLog: (id: number) => [...accountKeys.all, 'auth-log', id] as const,
};

/** GET getEnterpriseAccountList with limit 0: every account of the given platforms (all when empty), flat. */
export function selectorAccountsQueryOptions(platformIds: readonly number[] = []) {
  return queryOptions({
    queryKey: accountKeys.selector(platformIds),
    queryFn: ({ signal }) =>
      get<AccountList>(
        AccountApi.selectorList,
        { platform_id: platformIds.length > 0 ? platformIds.join(',') : undefined, limit: 0 },
        { signal },
      ),
  });
}

/** GET EnterpriseAccountGroup/list with limit 0. */
export function groupsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.groups(),
    queryFn: ({ signal }) => get<GroupList>(AccountApi.groupList, { limit: 0 }, { signal }),
  });
}

/** POST setting.Platform/list?remarks=&page=1&limit=0: every platform; they change rarely. */
export function platformsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.platforms(),
    queryFn: ({ signal }) =>
      post<PlatformList>(AccountApi.platformList, undefined, { params: { remarks: '', page: 1, limit: 0 }, signal }),
    staleTime: 10 * 60_000,
  });
}
