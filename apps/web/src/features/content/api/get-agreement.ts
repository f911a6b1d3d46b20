import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { AgreementDoc } from '@vidmatrix/contract/api/content';
import { usePageData } from '../../../lib/page-data.ts';
import { get } from '../../../lib/request.ts';
import { contentKeys } from '../../../api/content/content-keys.ts';

/** GET /api/content.Agreement/current: the user agreement or the privacy policy. */
export function getAgreement(kind: 'agreement' | 'privacy', signal?: AbortSignal): Promise<AgreementDoc> {
  return get<AgreementDoc>(ContentApi.agreementCurrent, { kind }, { signal, disableMessage: true });
}

/** The current user agreement or privacy policy (/protocol). */
export function useAgreement(kind: 'agreement' | 'privacy') {
  return usePageData(contentKeys.agreement(kind), () => getAgreement(kind));
}
