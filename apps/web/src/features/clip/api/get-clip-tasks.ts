import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTaskApi, type ClipTaskList } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** POST taskList. */
export function getClipTasks(page: number, limit: number, signal?: AbortSignal): Promise<ClipTaskList> {
  return post<ClipTaskList>(ClipTaskApi.list, { page, limit }, { signal });
}

/** Clip tasks as a query (kept live by useClipProgress, not polled). */
export function getClipTasksQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: clipKeys.tasks(page, limit),
    queryFn: ({ signal }) => getClipTasks(page, limit, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page of the member's clip tasks. */
export function useClipTasks(page: number, limit: number) {
  return useQuery(getClipTasksQueryOptions(page, limit));
}
