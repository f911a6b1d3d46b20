import { queryOptions, useQuery } from '@tanstack/react-query';
import { MaterialApi, type Material } from '@vidmatrix/contract/api/material';
import { post } from '../../../lib/request.ts';
import { publishKeys } from './publish-keys.ts';

/**
 * POST file.File/info?file_id= for each id: the videos a link chose (去发布 from a clip task). Not
 * abortable: the console remounts its page while menus load on a fresh visit, and a cancelled first
 * fetch left the form without its videos.
 */
export function getVideos(ids: readonly number[]): Promise<Material[]> {
  return Promise.all(ids.map((id) => post<Material>(MaterialApi.info, undefined, { params: { file_id: id } })));
}

/** The materials of `ids` as a query (none while `ids` is empty). */
export function getVideosQueryOptions(ids: readonly number[]) {
  return queryOptions({
    queryKey: publishKeys.videos(ids),
    queryFn: () => getVideos(ids),
    staleTime: Infinity,
  });
}

/** The materials of `ids`, once. */
export function useVideos(ids: readonly number[]) {
  return useQuery({ ...getVideosQueryOptions(ids), enabled: ids.length > 0 });
}
