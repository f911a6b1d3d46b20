import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadBuild } from '@vidmatrix/contract/api/content';
import { get } from '../../../lib/request.ts';
import { siteKeys } from './site-keys.ts';

/** GET /api/content.Download/info: latest desktop builds; a link only when its file exists. */
export function getDownloads(signal?: AbortSignal): Promise<DownloadBuild[]> {
  return get<DownloadBuild[]>('/api/content.Download/info', undefined, { signal });
}

/** Latest builds as a query. */
export function getDownloadsQueryOptions() {
  return queryOptions({ queryKey: siteKeys.downloads(), queryFn: ({ signal }) => getDownloads(signal) });
}

/** Latest desktop builds. */
export function useDownloads() {
  return useQuery(getDownloadsQueryOptions());
}
