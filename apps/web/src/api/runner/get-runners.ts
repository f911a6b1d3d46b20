import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RunnerListResult } from '@vidmatrix/contract/api/publish';
import { RUNNER_HEARTBEAT_MS } from '@vidmatrix/contract/rules/publish-state';
import { post } from '../../lib/request.ts';

/** runner.Runner/list: the member's runners, the server runners, and whether any can serve the member. */
export const RUNNER_LIST_PATH = '/api/runner.Runner/list';

/** POST runner.Runner/list. */
export function getRunners(signal?: AbortSignal): Promise<RunnerListResult> {
  return post<RunnerListResult>(RUNNER_LIST_PATH, {}, { signal });
}

/** The runners as a query, refreshed at the heartbeat's pace (online is derived from it). */
export function getRunnersQueryOptions() {
  return queryOptions({
    queryKey: ['runners'] as const,
    queryFn: ({ signal }) => getRunners(signal),
    refetchInterval: RUNNER_HEARTBEAT_MS,
  });
}

/** The runners that can serve the member (the 发布器 tab, and the guidance where none can). */
export function useRunners() {
  return useQuery(getRunnersQueryOptions());
}
