import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { ChangelogEntry } from '@vidmatrix/contract/api/content';
import { usePageData } from '../../../lib/page-data.ts';
import { get } from '../../../lib/request.ts';
import { contentKeys } from '../../../api/content/content-keys.ts';

/** GET /api/content.ChangeLog/list: change log entries, newest first. */
export function getChangelog(signal?: AbortSignal): Promise<ChangelogEntry[]> {
  return get<ChangelogEntry[]>(ContentApi.changelog, undefined, { signal, disableMessage: true });
}

/** The change log. */
export function useChangelog() {
  return usePageData(contentKeys.changelog(), () => getChangelog(), { staleMs: 60_000 });
}
