import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountApi, type AuthLogList } from '@vidmatrix/contract/api/enterprise-account';
import { accountKeys } from '../../../components/account-selector/account-queries.ts';
import { get } from '../../../lib/request.ts';

/** GET EnterpriseAccount/authLog: the latest authorization changes of one account. */
export function authLogQueryOptions(accountId: number) {
  return queryOptions({
    queryKey: accountKeys.authLog(accountId),
    queryFn: ({ signal }) =>
      get<AuthLogList>(AccountApi.authLog, { enterprise_account_id: accountId, limit: 50 }, { signal }),
  });
}

export function useAuthLog(accountId: number | null) {
  return useQuery({ ...authLogQueryOptions(accountId ?? 0), enabled: accountId !== null });
}
