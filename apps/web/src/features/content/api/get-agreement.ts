import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementDoc, AgreementStatus } from '@vidmatrix/contract/api/content';
import { get, post } from '../../../lib/request.ts';
import { contentKeys } from './content-keys.ts';

/** GET /api/content.Agreement/current: the user agreement or the privacy policy. */
export function getAgreement(kind: 'agreement' | 'privacy', signal?: AbortSignal): Promise<AgreementDoc> {
  return get<AgreementDoc>('/api/content.Agreement/current', { kind }, { signal });
}

/** An agreement as a query. */
export function getAgreementQueryOptions(kind: 'agreement' | 'privacy') {
  return queryOptions({ queryKey: contentKeys.agreement(kind), queryFn: ({ signal }) => getAgreement(kind, signal) });
}

/** The current user agreement or privacy policy. */
export function useAgreement(kind: 'agreement' | 'privacy') {
  return useQuery(getAgreementQueryOptions(kind));
}

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
