import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangelogEntry } from '@vidmatrix/contract/api/content';
import { get } from '../../../lib/request.ts';
import { contentKeys } from './content-keys.ts';

/** GET /api/content.ChangeLog/list: change log entries, newest first. */
export function getChangelog(signal?: AbortSignal): Promise<ChangelogEntry[]> {
  return get<ChangelogEntry[]>('/api/content.ChangeLog/list', undefined, { signal });
}

/** The change log as a query. */
export function getChangelogQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.changelog(),
    queryFn: ({ signal }) => getChangelog(signal),
    staleTime: 60_000,
  });
}

/** The change log. */
export function useChangelog() {
  return useQuery(getChangelogQueryOptions());
}
