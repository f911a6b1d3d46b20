import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HarvestWorkApi, type HarvestAccountsResult } from '@vidmatrix/contract/api/harvest-work';
import { post } from '../../lib/request.ts';
import { harvestKeys } from './harvest-keys.ts';

/** POST customer.Harvest/accounts: every account with its harvesting switch and state. */
export function getHarvestAccounts(signal?: AbortSignal): Promise<HarvestAccountsResult> {
  return post<HarvestAccountsResult>(HarvestWorkApi.accounts, undefined, { signal });
}

/** The harvest accounts as a query (the accounts page's switch and the /ai/lead page read the same). */
export function getHarvestAccountsQueryOptions() {
  return queryOptions({
    queryKey: harvestKeys.accounts(),
    queryFn: ({ signal }) => getHarvestAccounts(signal),
  });
}

/** How often an open 评论私信采集 list is read again: a pass updates 上次采集 and may pause an account. */
const HARVEST_ACCOUNTS_REFRESH_MS = 10_000;

/** The harvest accounts, read again every few seconds while `enabled` (the dialog is open). */
export function useHarvestAccounts(enabled = true) {
  return useQuery({
    ...getHarvestAccountsQueryOptions(),
    enabled,
    refetchInterval: enabled ? HARVEST_ACCOUNTS_REFRESH_MS : false,
  });
}

/** Turns harvesting on or off for one account; the list is read again after. */
export function useSetHarvestEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { accountId: number; enabled: boolean }) =>
      post(HarvestWorkApi.setEnabled, { account_ids: [vars.accountId], enabled: vars.enabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: getHarvestAccountsQueryOptions().queryKey }),
  });
}
