import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RunnerAuthApi, type AuthorizeView } from '@vidmatrix/contract/api/runner-auth';
import type { z } from 'zod';
import type { expiredAccountsResult } from '@vidmatrix/contract/api/runner-auth';
import { accountKeys } from '../../../api/account/account-keys.ts';
import { post } from '../../../lib/request.ts';

type ExpiredAccounts = z.infer<typeof expiredAccountsResult>;

/** How often the dialog reads the request while the websocket may have missed a frame, ms. */
const INFO_POLL_MS = 3_000;

/** POST runner.Authorize/start: a QR login through one of the member's online runners (else 请在客户端进行操作). */
export function startRunnerAuthorize(accountId: number): Promise<{ request_id: number }> {
  return post(RunnerAuthApi.start, { enterprise_account_id: accountId });
}

/** POST runner.Authorize/info */
export function getRunnerAuthorize(requestId: number, signal?: AbortSignal): Promise<AuthorizeView> {
  return post(RunnerAuthApi.info, { request_id: requestId }, { signal });
}

/** One authorization request; frames write into the same cache entry. */
export function getRunnerAuthorizeQueryOptions(requestId: number) {
  return queryOptions({
    queryKey: [...accountKeys.all, 'runner-authorize', requestId] as const,
    queryFn: ({ signal }) => getRunnerAuthorize(requestId, signal),
  });
}

const ENDED = new Set(['done', 'failed', 'cancelled', 'expired']);

/** The request shown in the dialog, read again now and then until it ends (a reconnect may skip frames). */
export function useRunnerAuthorize(requestId: number | null) {
  return useQuery({
    ...getRunnerAuthorizeQueryOptions(requestId ?? 0),
    enabled: requestId !== null,
    refetchInterval: (query) => (query.state.data && ENDED.has(query.state.data.state) ? false : INFO_POLL_MS),
  });
}

/** POST runner.Authorize/cancel */
export function useCancelRunnerAuthorize() {
  return useMutation({
    mutationFn: (requestId: number) => post(RunnerAuthApi.cancel, { request_id: requestId }, { disableMessage: true }),
  });
}

/** POST runner.Authorize/code: the SMS code the platform sent after the scan. */
export function useSendAuthorizeCode() {
  return useMutation({
    mutationFn: (body: { request_id: number; code: string }) => post(RunnerAuthApi.code, body),
  });
}

/** POST runner.Authorize/expired: the accounts whose login stopped working. */
export function getExpiredAccountsQueryOptions() {
  return queryOptions({
    queryKey: [...accountKeys.all, 'auth-expired'] as const,
    queryFn: ({ signal }) => post<ExpiredAccounts>(RunnerAuthApi.expired, {}, { signal }),
  });
}

export function useExpiredAccounts() {
  return useQuery(getExpiredAccountsQueryOptions());
}

/** Writes an `account_auth` frame into its request's cache entry. */
export function useWriteAuthorizeFrame() {
  const client = useQueryClient();
  return (view: AuthorizeView) => client.setQueryData(getRunnerAuthorizeQueryOptions(view.request_id).queryKey, view);
}
