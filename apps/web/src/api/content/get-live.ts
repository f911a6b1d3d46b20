import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { LiveList } from '@vidmatrix/contract/api/content';
import { usePageData } from '../../lib/page-data.ts';
import { get } from '../../lib/request.ts';
import { contentKeys } from './content-keys.ts';

/** How often the header and the live page ask whether a session is live, ms. */
const LIVE_REFRESH_MS = 60_000;

/** GET /api/content.Live/list: sessions and whether one is live now. */
export function getLive(signal?: AbortSignal): Promise<LiveList> {
  return get<LiveList>(ContentApi.liveList, undefined, { signal, disableMessage: true });
}

/** Live sessions, asked again every minute while shown (the header and the page share the calls). */
export function useLive() {
  return usePageData(contentKeys.live(), () => getLive(), { refreshMs: LIVE_REFRESH_MS });
}
