import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { DownloadBuild } from '@vidmatrix/contract/api/content';
import { usePageData } from '../../../lib/page-data.ts';
import { get } from '../../../lib/request.ts';
import { siteKeys } from '../../../api/site/site-keys.ts';

/** GET /api/content.Download/info: latest desktop builds; a link only when its file exists. */
export function getDownloads(signal?: AbortSignal): Promise<DownloadBuild[]> {
  return get<DownloadBuild[]>(ContentApi.downloadInfo, undefined, { signal });
}

/** Latest desktop builds. */
export function useDownloads() {
  return usePageData(siteKeys.downloads(), () => getDownloads());
}
