import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RunnerListResult } from '@vidmatrix/contract/api/publish';
import { RUNNER_HEARTBEAT_MS } from '@vidmatrix/contract/rules/publish-state';
import { post } from '../../../lib/request.ts';
import { PublishApi, publishKeys } from './publish-keys.ts';

/** POST runner.Runner/list. */
export function getRunners(signal?: AbortSignal): Promise<RunnerListResult> {
  return post<RunnerListResult>(PublishApi.runnerList, {}, { signal });
}

/** The member's runners as a query, refreshed at the heartbeat's pace (online is derived from it). */
export function getRunnersQueryOptions() {
  return queryOptions({
    queryKey: publishKeys.runners(),
    queryFn: ({ signal }) => getRunners(signal),
    refetchInterval: RUNNER_HEARTBEAT_MS,
  });
}

/** The member's runners. */
export function useRunners() {
  return useQuery(getRunnersQueryOptions());
}
