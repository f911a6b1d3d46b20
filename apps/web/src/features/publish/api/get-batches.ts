import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PublishApi, type BatchListResult } from '@vidmatrix/contract/api/publish';
import { post } from '../../../lib/request.ts';
import { publishKeys } from './publish-keys.ts';

/** POST seoaivideo.BatchPublish/list. */
export function getBatches(page: number, limit: number, signal?: AbortSignal): Promise<BatchListResult> {
  return post<BatchListResult>(PublishApi.list, { page, limit }, { signal });
}

/** A page of batches as a query. */
export function getBatchesQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: publishKeys.batchList(page, limit),
    queryFn: ({ signal }) => getBatches(page, limit, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the member's batches with jobs per state. */
export function useBatches(page: number, limit: number) {
  return useQuery(getBatchesQueryOptions(page, limit));
}
