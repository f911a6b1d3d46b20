import { SettingApi } from '@vidmatrix/contract/api/setting-paths';
import type { SiteSetting } from '@vidmatrix/contract/api/setting';
import { usePageData } from '../../lib/page-data.ts';
import { get } from '../../lib/request.ts';
import { siteKeys } from './site-keys.ts';

/**
 * GET /api/setting.Setting/setting: public names and the footer's record numbers. On an agent's own
 * domain the server answers with the agent's name and logo (white-label).
 */
export function getSiteSetting(signal?: AbortSignal): Promise<SiteSetting> {
  return get<SiteSetting>(SettingApi.setting, undefined, { signal, disableMessage: true });
}

/**
 * Public site setting; it rarely changes. Read through the public pages' light cache, not TanStack
 * Query: /login imports it at once, and TanStack Query would put it over its 120 KB budget (issue 12).
 */
export function useSiteSetting() {
  return usePageData(siteKeys.setting(), () => getSiteSetting(), { staleMs: 10 * 60_000 });
}
