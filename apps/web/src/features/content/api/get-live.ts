import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveList } from '@vidmatrix/contract/api/content';
import { get } from '../../../lib/request.ts';
import { contentKeys } from './content-keys.ts';

/** How often the header asks whether a session is live, ms. */
const LIVE_REFRESH_MS = 60_000;

/** GET /api/content.Live/list: sessions and whether one is live now. */
export function getLive(signal?: AbortSignal): Promise<LiveList> {
  return get<LiveList>('/api/content.Live/list', undefined, { signal, disableMessage: true });
}

/** Live sessions as a query, refreshed while the page is open. */
export function getLiveQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.live(),
    queryFn: ({ signal }) => getLive(signal),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** Live sessions. */
export function useLive() {
  return useQuery(getLiveQueryOptions());
}
