import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { AgreementStatus } from '@vidmatrix/contract/api/content';
import { get, post } from '../../lib/request.ts';

// The signed-in member's agreement: the console's policy panel asks for it, the sign-up form records
// it; the public /protocol page reads the agreement itself (features/content/api/get-agreement.ts).

/** Query keys of the member's agreement status. */
export const agreementKeys = { status: () => ['agreement-status'] as const };

/** GET /api/content.Agreement/status: whether the member agreed to the current version. */
export function getAgreementStatus(signal?: AbortSignal): Promise<AgreementStatus> {
  return get<AgreementStatus>(ContentApi.agreementStatus, undefined, { signal, disableMessage: true });
}

/** The member's agreement status as a query. */
export function getAgreementStatusQueryOptions() {
  return queryOptions({ queryKey: agreementKeys.status(), queryFn: ({ signal }) => getAgreementStatus(signal) });
}

/** Whether the signed-in member agreed to the current agreement. */
export function useAgreementStatus(enabled: boolean) {
  return useQuery({ ...getAgreementStatusQueryOptions(), enabled });
}

/** POST /api/content.Agreement/agree. */
export function agree(version: string): Promise<AgreementStatus> {
  return post<AgreementStatus>(ContentApi.agreementAgree, { version });
}

/** Agrees to a version; the status query then holds the answer. */
export function useAgree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: agree,
    onSuccess: (status) => client.setQueryData(getAgreementStatusQueryOptions().queryKey, status),
  });
}

/** Records that a new member agreed, on the sign-up form, to the version now current. */
export async function agreeToCurrent(): Promise<void> {
  const status = await getAgreementStatus();
  if (!status.agreed && status.version) {
    await agree(status.version);
  }
}
