import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountApi, type GroupList } from '@vidmatrix/contract/api/enterprise-account';
import { get } from '../../lib/request.ts';
import { accountKeys } from './account-keys.ts';

/** GET EnterpriseAccountGroup/list with limit 0: every account group. */
export function getAccountGroups(signal?: AbortSignal): Promise<GroupList> {
  return get<GroupList>(AccountApi.groupList, { limit: 0 }, { signal });
}

/** Account groups as a query. */
export function getAccountGroupsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.groups(), queryFn: ({ signal }) => getAccountGroups(signal) });
}

/** The member's account groups. */
export function useAccountGroups() {
  return useQuery(getAccountGroupsQueryOptions());
}
