import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MusicApi, type MusicList } from '@vidmatrix/contract/api/music';
import { post } from '../../lib/request.ts';
import { musicKeys } from './music-keys.ts';

/** The music dialog's search (getSystemMusic body). */
export interface MusicQuery {
  limit: number;
  page: number;
  keywords: string;
  cate_id: number | '';
  is_system_music: 0 | 1;
}

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
