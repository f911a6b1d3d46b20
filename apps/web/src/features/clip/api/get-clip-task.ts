import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClipTaskApi, type ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** POST taskInfo. */
export function getClipTask(id: number, signal?: AbortSignal): Promise<ClipTaskInfo> {
  return post<ClipTaskInfo>(ClipTaskApi.info, { id }, { signal });
}

/** One task with its videos (kept live by useClipProgress). */
export function getClipTaskQueryOptions(id: number) {
  return queryOptions({
    queryKey: clipKeys.task(id),
    queryFn: ({ signal }) => getClipTask(id, signal),
  });
}

/** A task with its videos (not fetched while `id` is null). */
export function useClipTask(id: number | null) {
  return useQuery({ ...getClipTaskQueryOptions(id ?? 0), enabled: id !== null });
}
