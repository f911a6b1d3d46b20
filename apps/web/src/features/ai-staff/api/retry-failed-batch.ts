import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PublishApi, type CountResult } from '@vidmatrix/contract/api/publish';
import { post } from '../../../lib/request.ts';
import { aiStaffKeys } from './ai-staff-keys.ts';

/** seoaivideo.BatchPublish/retryFailed of a whole batch: its failed jobs a retry may queue again. */
export function retryFailedBatch(batchId: number): Promise<CountResult> {
  return post<CountResult>(PublishApi.retryFailed, { batch_id: batchId });
}

/** Retries a batch's failed jobs; the AI staff's figures and to-dos are read again. */
export function useRetryFailedBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryFailedBatch,
    onSuccess: () => client.invalidateQueries({ queryKey: aiStaffKeys.all }),
  });
}
