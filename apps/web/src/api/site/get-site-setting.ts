import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSetting } from '@vidmatrix/contract/api/setting';
import { get } from '../../lib/request.ts';

/** Query key of the site setting (the public site's and the sign-in page's brand). */
const SITE_SETTING_KEY = ['site', 'setting'] as const;

/**
 * GET /api/setting.Setting/setting: public names and the footer's record numbers. On an agent's own
 * domain the server answers with the agent's name and logo (white-label).
 */
export function getSiteSetting(signal?: AbortSignal): Promise<SiteSetting> {
  return get<SiteSetting>('/api/setting.Setting/setting', undefined, { signal, disableMessage: true });
}

/** Site setting as a query; it rarely changes. */
export function getSiteSettingQueryOptions() {
  return queryOptions({
    queryKey: SITE_SETTING_KEY,
    queryFn: ({ signal }) => getSiteSetting(signal),
    staleTime: 10 * 60_000,
  });
}

/** Public site setting. */
export function useSiteSetting() {
  return useQuery(getSiteSettingQueryOptions());
}
