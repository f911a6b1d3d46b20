import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ContentApi } from '@vidmatrix/contract/api/content-paths';
import type { HelpArticle } from '@vidmatrix/contract/api/content';
import { get } from '../../../lib/request.ts';
import { contentKeys } from '../../../api/content/content-keys.ts';

/** GET /api/content.Help/list: help articles holding a keyword (all when empty). */
export function getHelp(keyword: string, signal?: AbortSignal): Promise<HelpArticle[]> {
  return get<HelpArticle[]>(ContentApi.helpList, keyword ? { keyword } : undefined, { signal });
}

/** Help articles as a query. */
export function getHelpQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: contentKeys.help(keyword),
    queryFn: ({ signal }) => getHelp(keyword, signal),
    placeholderData: keepPreviousData,
  });
}

/** Help articles. */
export function useHelp(keyword: string) {
  return useQuery(getHelpQueryOptions(keyword));
}
