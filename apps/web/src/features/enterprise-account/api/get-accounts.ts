import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AccountApi, type AccountList } from '@vidmatrix/contract/api/enterprise-account';
import { accountKeys } from '../../../api/account/account-keys.ts';
import { get } from '../../../lib/request.ts';

/** The account page's filters and page. */
export interface AccountQuery {
  page: number;
  limit: number;
  /** '' = every group; 0 = no group. */
  group_id: number | '';
  remarks: string;
  /** 0 = every platform. */
  platform_id: number;
}

/** The list's filters: its query but the page. */
export type AccountFilters = Pick<AccountQuery, 'group_id' | 'remarks' | 'platform_id'>;

/** The list call's filter parameters (also the export's). */
export function accountFilterParams(filters: AccountFilters) {
  return {
    group_id: filters.group_id === '' ? undefined : filters.group_id,
    remarks: filters.remarks || undefined,
    platform_id: filters.platform_id || undefined,
  };
}

/** The list call's parameters for a query. */
export function accountParams(query: AccountQuery) {
  return { page: query.page, limit: query.limit, ...accountFilterParams(query) };
}

/** GET EnterpriseAccount/list: main accounts of one page, sub-accounts as children. */
export function getAccounts(query: AccountQuery, signal?: AbortSignal): Promise<AccountList> {
  return get<AccountList>(AccountApi.list, accountParams(query), { signal });
}

/** A page of accounts as a query. */
export function getAccountsQueryOptions(query: AccountQuery) {
  return queryOptions({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => getAccounts(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of accounts. */
export function useAccounts(query: AccountQuery) {
  return useQuery(getAccountsQueryOptions(query));
}
