import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementStatus } from '@vidmatrix/contract/api/content';
import { get, post } from '../../../lib/request.ts';
import { contentKeys } from './content-keys.ts';

// The signed-in member's agreement (the console's policy panel), with TanStack Query as the console's
// other data; the public /protocol page reads the agreement itself through get-agreement.ts.

/** GET /api/content.Agreement/status: whether the member agreed to the current version. */
export function getAgreementStatus(signal?: AbortSignal): Promise<AgreementStatus> {
  return get<AgreementStatus>('/api/content.Agreement/status', undefined, { signal, disableMessage: true });
}

/** The member's agreement status as a query. */
export function getAgreementStatusQueryOptions() {
  return queryOptions({ queryKey: contentKeys.agreementStatus(), queryFn: ({ signal }) => getAgreementStatus(signal) });
}

/** Whether the signed-in member agreed to the current agreement. */
export function useAgreementStatus(enabled: boolean) {
  return useQuery({ ...getAgreementStatusQueryOptions(), enabled });
}

/** POST /api/content.Agreement/agree. */
export function agree(version: string): Promise<AgreementStatus> {
  return post<AgreementStatus>('/api/content.Agreement/agree', { version });
}

/** Agrees to a version; the status query then holds the answer. */
export function useAgree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: agree,
    onSuccess: (status) => client.setQueryData(getAgreementStatusQueryOptions().queryKey, status),
  });
}
