import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MusicApi, type MusicCate, type MusicList } from '@vidmatrix/contract/api/music';
import { post } from '../../lib/request.ts';

/** Query keys of background music. */
export const musicKeys = {
  all: ['music'] as const,
  cates: () => [...musicKeys.all, 'cates'] as const,
  list: (body: MusicQuery) => [...musicKeys.all, 'list', body] as const,
};

/** The music dialog's search (getSystemMusic body). */
export interface MusicQuery {
  limit: number;
  page: number;
  keywords: string;
  cate_id: number | '';
  is_system_music: 0 | 1;
}

export function useMusicCates() {
  return useQuery({
    queryKey: musicKeys.cates(),
    queryFn: ({ signal }) => post<MusicCate[]>(MusicApi.cates, undefined, { signal }),
  });
}

export function useMusicList(query: MusicQuery) {
  return useQuery({
    queryKey: musicKeys.list(query),
    queryFn: ({ signal }) => post<MusicList>(MusicApi.list, query, { signal }),
    placeholderData: keepPreviousData,
  });
}
