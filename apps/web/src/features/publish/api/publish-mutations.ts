import { getRunnersQueryOptions } from '../../../api/runner/get-runners.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PublishApi,
  type BatchAddBody,
  type BatchAddResult,
  type CountResult,
  type RunnerCreateResult,
} from '@vidmatrix/contract/api/publish';
import { RunnerTokenApi } from '@vidmatrix/contract/api/runner-auth';
import { post } from '../../../lib/request.ts';
import { publishKeys } from './publish-keys.ts';

/** BatchPublish/add: checks every video × account against its platform's rules, then queues the jobs. */
export function useAddBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchAddBody) => post<BatchAddResult>(PublishApi.add, body),
    onSuccess: () => client.invalidateQueries({ queryKey: publishKeys.batches() }),
  });
}

/** cancel / retryFailed of a batch (all of it, or only `job_ids`). */
export function useBatchJobsAction(action: 'cancel' | 'retryFailed') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { batch_id: number; job_ids?: number[] }) => post<CountResult>(PublishApi[action], body),
    onSuccess: () => client.invalidateQueries({ queryKey: publishKeys.batches() }),
  });
}

/** resolveUnconfirmed: the member checked the account and says whether the post is there. */
export function useResolveUnconfirmed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { job_id: number; published: boolean; link?: string }) =>
      post<null>(PublishApi.resolveUnconfirmed, body),
    onSuccess: () => client.invalidateQueries({ queryKey: publishKeys.batches() }),
  });
}

/** answerAction: the SMS/captcha code typed, or '' once the QR was scanned. */
export function useAnswerAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { job_id: number; code: string }) => post<null>(PublishApi.answerAction, body),
    onSuccess: () => client.invalidateQueries({ queryKey: publishKeys.batches() }),
  });
}

/** runner.Runner/create: the token comes back once. */
export function useCreateRunner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => post<RunnerCreateResult>(RunnerTokenApi.create, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: getRunnersQueryOptions().queryKey }),
  });
}

/** runner.Runner/revoke. */
export function useRevokeRunner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runnerId: number) => post<null>(RunnerTokenApi.revoke, { runner_id: runnerId }),
    onSuccess: () => client.invalidateQueries({ queryKey: getRunnersQueryOptions().queryKey }),
  });
}
