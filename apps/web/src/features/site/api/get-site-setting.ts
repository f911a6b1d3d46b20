import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSetting } from '@vidmatrix/contract/api/setting';
import { get } from '../../../lib/request.ts';
import { siteKeys } from './site-keys.ts';

/** GET /api/setting.Setting/setting: public names and the footer's record numbers. */
export function getSiteSetting(signal?: AbortSignal): Promise<SiteSetting> {
  return get<SiteSetting>('/api/setting.Setting/setting', undefined, { signal, disableMessage: true });
}

/** Site setting as a query; it rarely changes. */
export function getSiteSettingQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.setting(),
    queryFn: ({ signal }) => getSiteSetting(signal),
    staleTime: 10 * 60_000,
  });
}

/** Public site setting. */
export function useSiteSetting() {
  return useQuery(getSiteSettingQueryOptions());
}
