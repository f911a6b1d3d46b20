import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientLinks } from '@vidmatrix/contract/api/setting';
import { get } from '../../../lib/request.ts';
import { useUiStore } from '../../../lib/ui-store.ts';
import { siteKeys } from './site-keys.ts';

/** GET /api/setting.SystemVersion/getNewVersionInfo; stored as clientLinks on code 200 (SPEC §7). */
export async function getClientLinks(signal?: AbortSignal): Promise<ClientLinks> {
  const links = await get<ClientLinks>('/api/setting.SystemVersion/getNewVersionInfo', undefined, {
    signal,
    disableMessage: true,
  });
  useUiStore.getState().setClientLinks(links);
  return links;
}

/** The latest client's download links as a query. */
export function getClientLinksQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.clientLinks(),
    queryFn: ({ signal }) => getClientLinks(signal),
    staleTime: 10 * 60_000,
  });
}

/** Download links of the desktop client. */
export function useClientLinks() {
  return useQuery(getClientLinksQueryOptions());
}
