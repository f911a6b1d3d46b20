import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTaskApi, type ClipFontItem } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** POST getFront: fonts the renderer has. */
export function getFonts(signal?: AbortSignal): Promise<ClipFontItem[]> {
  return post<ClipFontItem[]>(ClipTaskApi.getFront, undefined, { signal });
}

export function getFontsQueryOptions() {
  return queryOptions({ queryKey: clipKeys.fonts(), queryFn: ({ signal }) => getFonts(signal), staleTime: Infinity });
}

/** The fonts subtitles can use. */
export function useFonts() {
  return useQuery(getFontsQueryOptions());
}
