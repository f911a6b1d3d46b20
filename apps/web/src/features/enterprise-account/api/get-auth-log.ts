import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountApi, type AuthLogList } from '@vidmatrix/contract/api/enterprise-account';
import { accountKeys } from '../../../api/account/account-keys.ts';
import { get } from '../../../lib/request.ts';

/** GET EnterpriseAccount/authLog: the latest authorization changes of one account. */
export function getAuthLog(accountId: number, signal?: AbortSignal): Promise<AuthLogList> {
  return get<AuthLogList>(AccountApi.authLog, { enterprise_account_id: accountId, limit: 50 }, { signal });
}

/** One account's authorization log as a query. */
export function getAuthLogQueryOptions(accountId: number) {
  return queryOptions({
    queryKey: accountKeys.authLog(accountId),
    queryFn: ({ signal }) => getAuthLog(accountId, signal),
  });
}

/** The authorization log of the account shown (none: idle). */
export function useAuthLog(accountId: number | null) {
  return useQuery({ ...getAuthLogQueryOptions(accountId ?? 0), enabled: accountId !== null });
}
