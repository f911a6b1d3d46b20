import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublishApi, type BatchInfoResult } from '@vidmatrix/contract/api/publish';
import { post } from '../../../lib/request.ts';
import { publishKeys } from './publish-keys.ts';

/** POST seoaivideo.BatchPublish/info. */
export function getBatch(batchId: number, signal?: AbortSignal): Promise<BatchInfoResult> {
  return post<BatchInfoResult>(PublishApi.info, { batch_id: batchId }, { signal });
}

/** One batch and its video × account jobs as a query. */
export function getBatchQueryOptions(batchId: number) {
  return queryOptions({ queryKey: publishKeys.batch(batchId), queryFn: ({ signal }) => getBatch(batchId, signal) });
}

/** One batch and its jobs. */
export function useBatch(batchId: number) {
  return useQuery(getBatchQueryOptions(batchId));
}
