import { SettingApi } from '@vidmatrix/contract/api/setting-paths';
import type { ClientLinks } from '@vidmatrix/contract/api/setting';
import { loadPageData, usePageData } from '../../lib/page-data.ts';
import { get } from '../../lib/request.ts';
import { useUiStore } from '../../lib/ui-store.ts';
import { siteKeys } from './site-keys.ts';

/** GET /api/setting.SystemVersion/getNewVersionInfo; stored as clientLinks on code 200 (SPEC §7). */
export async function getClientLinks(signal?: AbortSignal): Promise<ClientLinks> {
  const links = await get<ClientLinks>(SettingApi.clientLinks, undefined, {
    signal,
    disableMessage: true,
  });
  useUiStore.getState().setClientLinks(links);
  return links;
}

const CLIENT_LINKS_STALE_MS = 10 * 60_000;

/** Loads the client links into the cache /download reads (the session load's last step). */
export function loadClientLinks(): Promise<void> {
  return loadPageData(siteKeys.clientLinks(), () => getClientLinks());
}

/** Download links of the desktop client. */
export function useClientLinks() {
  return usePageData(siteKeys.clientLinks(), () => getClientLinks(), { staleMs: CLIENT_LINKS_STALE_MS });
}
