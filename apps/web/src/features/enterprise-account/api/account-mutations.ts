import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AccountApi,
  type AccountAddBody,
  type AccountEditBody,
  type AuthCkStatusBody,
  type AccountGroupEditBody,
} from '@vidmatrix/contract/api/enterprise-account';
import { accountKeys } from '../../../components/account-selector/account-queries.ts';
import { post } from '../../../lib/request.ts';

/** A mutation that refreshes every account, group and quota query when it succeeds. */
function useAccountMutation<TVars>(mutationFn: (vars: TVars) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
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
