import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTaskApi, type ClipTaskList } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** While a task renders its progress is polled this often, ms. */
export const CLIP_POLL_MS = 2000;

/** POST taskList. */
export function getClipTasks(page: number, limit: number, signal?: AbortSignal): Promise<ClipTaskList> {
  return post<ClipTaskList>(ClipTaskApi.list, { page, limit }, { signal });
}

/** Clip tasks as a query; polled while any of them is queued or running. */
export function getClipTasksQueryOptions(page: number, limit: number) {
  return queryOptions({
    queryKey: clipKeys.tasks(page, limit),
    queryFn: ({ signal }) => getClipTasks(page, limit, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((t) => t.status === 'queued' || t.status === 'running') ? CLIP_POLL_MS : false,
  });
}

/** A page of the member's clip tasks. */
export function useClipTasks(page: number, limit: number) {
  return useQuery(getClipTasksQueryOptions(page, limit));
}
