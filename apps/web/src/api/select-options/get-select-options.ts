import { queryOptions } from '@tanstack/react-query';
import { SELECT_OPTIONS_SIZE } from '@vidmatrix/contract/constants';
import { post } from '../../lib/request.ts';

/** Query keys of the select control's option lists, one per path. */
export const selectOptionKeys = {
  all: ['remote-select'] as const,
  path: (path: string) => [...selectOptionKeys.all, path] as const,
};

/** POSTs a caller-supplied path with size=999 (SPEC §2.6 select control). */
export function getSelectOptions(path: string, signal?: AbortSignal): Promise<unknown> {
  return post<unknown>(path, { size: SELECT_OPTIONS_SIZE }, { signal });
}

/** A select control's options as a query. */
export function getSelectOptionsQueryOptions(path: string) {
  return queryOptions({
    queryKey: selectOptionKeys.path(path),
    queryFn: ({ signal }) => getSelectOptions(path, signal),
  });
}
