import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountApi, type AccountList } from '@vidmatrix/contract/api/enterprise-account';
import { get } from '../../lib/request.ts';
import { accountKeys } from './account-keys.ts';

/** GET getEnterpriseAccountList with limit 0: every account of the given platforms (all when empty), flat. */
export function getSelectorAccounts(platformIds: readonly number[], signal?: AbortSignal): Promise<AccountList> {
  return get<AccountList>(
    AccountApi.selectorList,
    { platform_id: platformIds.length > 0 ? platformIds.join(',') : undefined, limit: 0 },
    { signal },
  );
}

/** The selector's accounts as a query. */
export function getSelectorAccountsQueryOptions(platformIds: readonly number[] = []) {
  return queryOptions({
    queryKey: accountKeys.selector(platformIds),
    queryFn: ({ signal }) => getSelectorAccounts(platformIds, signal),
  });
}

/** Every account of the given platforms, for choosing some. */
export function useSelectorAccounts(platformIds: readonly number[] = []) {
  return useQuery(getSelectorAccountsQueryOptions(platformIds));
}
