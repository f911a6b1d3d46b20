import { queryOptions, useQuery } from '@tanstack/react-query';
import { MusicApi, type MusicCate } from '@vidmatrix/contract/api/music';
import { post } from '../../lib/request.ts';
import { musicKeys } from './music-keys.ts';

/** POST the music categories. */
export function getMusicCates(signal?: AbortSignal): Promise<MusicCate[]> {
  return post<MusicCate[]>(MusicApi.cates, undefined, { signal });
}

/** Music categories as a query. */
export function getMusicCatesQueryOptions() {
  return queryOptions({ queryKey: musicKeys.cates(), queryFn: ({ signal }) => getMusicCates(signal) });
}

/** The music categories. */
export function useMusicCates() {
  return useQuery(getMusicCatesQueryOptions());
}
