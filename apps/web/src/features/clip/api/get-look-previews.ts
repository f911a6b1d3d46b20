import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTemplateApi, type ClipLookPreviews } from '@vidmatrix/contract/api/clip-template';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** POST seoaivideo.VideoTemplate/looks: a preview image per look and per transition, drawn by the server. */
export function getLookPreviews(signal?: AbortSignal): Promise<ClipLookPreviews> {
  return post<ClipLookPreviews>(ClipTemplateApi.looks, undefined, { signal });
}

export function getLookPreviewsQueryOptions() {
  return queryOptions({
    queryKey: clipKeys.looks(),
    queryFn: ({ signal }) => getLookPreviews(signal),
    staleTime: Infinity,
  });
}

/** What each look and transition does, to show beside its option. */
export function useLookPreviews() {
  return useQuery(getLookPreviewsQueryOptions());
}
