import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PricingLevels } from '@vidmatrix/contract/api/content';
import { get, post } from '../../../lib/request.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { contentKeys } from './content-keys.ts';

/** GET /api/content.Pricing/levels: the levels as the server enforces them, and the caller's level. */
export function getPricing(signal?: AbortSignal): Promise<PricingLevels> {
  return get<PricingLevels>('/api/content.Pricing/levels', undefined, { signal });
}

/** Pricing as a query; keyed by sign-in, since a member also learns their own level. */
export function getPricingQueryOptions(signedIn: boolean) {
  return queryOptions({ queryKey: contentKeys.pricing(signedIn), queryFn: ({ signal }) => getPricing(signal) });
}

/**
 * The membership levels side by side. A member sees the visitor's levels (those the pre-rendered page
 * carries) as placeholder until their own answer says which level is theirs.
 */
export function usePricing() {
  const signedIn = useSessionStore((s) => Boolean(s.token));
  const client = useQueryClient();
  return useQuery({
    ...getPricingQueryOptions(signedIn),
    placeholderData: signedIn ? () => client.getQueryData(getPricingQueryOptions(false).queryKey) : undefined,
  });
}

/** POST /api/content.Pricing/upgrade: a request an operator handles (no payment provider here). */
export function requestUpgrade(levelId: number): Promise<{ request_id: number; status: 'pending' }> {
  return post('/api/content.Pricing/upgrade', { level_id: levelId }, { disableMessage: true });
}

/** Sends an upgrade request. */
export function useRequestUpgrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestUpgrade,
    onSuccess: () => client.invalidateQueries({ queryKey: getPricingQueryOptions(true).queryKey }),
  });
}
