import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RunnerListResult } from '@vidmatrix/contract/api/publish';
import { RUNNER_HEARTBEAT_MS } from '@vidmatrix/contract/rules/publish-state';
import { RunnerTokenApi } from '@vidmatrix/contract/api/runner-auth';
import { post } from '../../lib/request.ts';
import { runnerKeys } from './runner-keys.ts';

/** POST runner.Runner/list: the member's runners, the server runners, and whether any can serve the member. */
export function getRunners(signal?: AbortSignal): Promise<RunnerListResult> {
  return post<RunnerListResult>(RunnerTokenApi.list, {}, { signal });
}

/** The runners as a query, refreshed at the heartbeat's pace (online is derived from it). */
export function getRunnersQueryOptions() {
  return queryOptions({
    queryKey: runnerKeys.all,
    queryFn: ({ signal }) => getRunners(signal),
    refetchInterval: RUNNER_HEARTBEAT_MS,
  });
}

/** The runners that can serve the member (the 发布器 tab, and the guidance where none can). */
export function useRunners() {
  return useQuery(getRunnersQueryOptions());
}
