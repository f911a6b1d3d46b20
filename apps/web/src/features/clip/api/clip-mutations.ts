import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClipTaskApi, type ClipPreview, type ClipTaskInput } from '@vidmatrix/contract/api/clip-task';
import type { SetOssMediaUrlBody } from '@vidmatrix/contract/api/material';
import { materialKeys } from '../../../api/material/material-keys.ts';
import { post } from '../../../lib/request.ts';
import { clipKeys } from './clip-keys.ts';

/** addTask: plans the task and queues its renders. */
export function useAddClipTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ClipTaskInput) => post<{ id: number; total: number }>(ClipTaskApi.add, input),
    onSuccess: () => client.invalidateQueries({ queryKey: clipKeys.all }),
  });
}

/** preview: one quick low-resolution render of the first video. */
export function usePreviewClip() {
  return useMutation({ mutationFn: (input: ClipTaskInput) => post<ClipPreview>(ClipTaskApi.preview, input) });
}

/** cancelTask, retryTask and deleTask of one task. */
export function useClipTaskAction(action: 'cancel' | 'retry' | 'dele') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post<unknown>(ClipTaskApi[action], { id }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: clipKeys.all }),
        client.invalidateQueries({ queryKey: materialKeys.all }),
      ]),
  });
}

/** setOssMediaUrl: files the media of one step (apt_id) of a clip task (ap_id). */
export function setStepMedia(body: SetOssMediaUrlBody): Promise<unknown> {
  return post<unknown>(ClipTaskApi.setOssMediaUrl, body);
}
