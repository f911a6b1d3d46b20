import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  AccountApi,
  type AccountAddBody,
  type AccountEditBody,
  type AuthCkStatusBody,
  type AccountGroupEditBody,
} from '@vidmatrix/contract/api/enterprise-account';
import { accountKeys } from '../../../api/account/account-keys.ts';
import { getLevelInfoQueryOptions } from '../../../api/member/get-level-info.ts';
import { post } from '../../../lib/request.ts';

/** Refreshes every account, group and selector query, and the level info holding the account quota. */
export function invalidateAccounts(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: accountKeys.all }),
    client.invalidateQueries({ queryKey: getLevelInfoQueryOptions().queryKey }),
  ]);
}

/** A mutation that refreshes accounts and the quota when it succeeds. */
function useAccountMutation<TVars>(mutationFn: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAccounts(client) });
}

export function useAddAccount() {
  return useAccountMutation((body: AccountAddBody) => post(AccountApi.add, body));
}

export function useEditAccount() {
  return useAccountMutation((body: AccountEditBody) => post(AccountApi.edit, body));
}

export function useDeleteAccounts() {
  return useAccountMutation((ids: number[]) => post(AccountApi.dele, { ids: ids.join(',') }));
}

export function useMoveAccounts() {
  return useAccountMutation((vars: { ids: number[]; group_id: number }) =>
    post(AccountApi.editGroup, { ids: vars.ids.join(','), group_id: vars.group_id }),
  );
}

export function useAddGroup() {
  return useAccountMutation((group_name: string) => post(AccountApi.groupAdd, { group_name }));
}

export function useRenameGroup() {
  return useAccountMutation((body: AccountGroupEditBody) => post(AccountApi.groupEdit, body));
}

export function useDeleteGroup() {
  return useAccountMutation((group_id: number) => post(AccountApi.groupDele, { group_id }));
}

/** POST customer.AuthPlatform/authCkStatus (after the desktop authorized an account). */
export function useAuthCkStatus() {
  return useAccountMutation((body: AuthCkStatusBody) => post(AccountApi.authCkStatus, body));
}
