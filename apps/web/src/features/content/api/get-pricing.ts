import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { PricingLevels } from '@vidmatrix/contract/api/content';
import { peekPageData, usePageData } from '../../../lib/page-data.ts';
import { get, post } from '../../../lib/request.ts';
import { usePageToken } from '../../../lib/session-store.ts';
import { contentKeys } from '../../../api/content/content-keys.ts';

/** GET /api/content.Pricing/levels: the levels as the server enforces them, and the caller's level. */
export function getPricing(signal?: AbortSignal): Promise<PricingLevels> {
  return get<PricingLevels>(ContentApi.pricingLevels, undefined, { signal, disableMessage: true });
}

/**
 * The membership levels side by side, keyed by sign-in (a member also learns their own level). A member
 * sees the visitor's levels (those the pre-rendered page carries) as placeholder until their own answer;
 * while the page hydrates, the visitor's page itself (its HTML).
 */
export function usePricing() {
  const signedIn = Boolean(usePageToken());
  return usePageData(contentKeys.pricing(signedIn), () => getPricing(), {
    placeholder: signedIn ? () => peekPageData<PricingLevels>(contentKeys.pricing(false)) : undefined,
  });
}

/** POST /api/content.Pricing/upgrade: a request an operator handles (no payment provider here). */
export function requestUpgrade(levelId: number): Promise<{ request_id: number; status: 'pending' }> {
  return post(ContentApi.pricingUpgrade, { level_id: levelId }, { disableMessage: true });
}
