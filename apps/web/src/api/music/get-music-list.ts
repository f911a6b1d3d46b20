import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MusicApi, type MusicList } from '@vidmatrix/contract/api/music';
import { post } from '../../lib/request.ts';
import { musicKeys, type MusicQuery } from './music-keys.ts';

/** POST getSystemMusic: a page of system or own music. */
export function getMusicList(query: MusicQuery, signal?: AbortSignal): Promise<MusicList> {
  return post<MusicList>(MusicApi.list, query, { signal });
}

/** A page of music as a query. */
export function getMusicListQueryOptions(query: MusicQuery) {
  return queryOptions({
    queryKey: musicKeys.list(query),
    queryFn: ({ signal }) => getMusicList(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of music. */
export function useMusicList(query: MusicQuery) {
  return useQuery(getMusicListQueryOptions(query));
}
