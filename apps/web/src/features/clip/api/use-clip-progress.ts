import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import type { MaterialProcessedFrameData } from '@vidmatrix/contract/events';
import { patchLive } from '../../../lib/live-patch.ts';
import { onClipProgress, onMaterialProcessed, onSocketBound } from '../../../lib/socket.ts';
import { clipKeys } from './clip-keys.ts';

/**
 * The task with the poster of a finished video that just got one (the material media job runs after
 * the render is done); the same task object when none of its videos is that material.
 */
export function withPoster(task: ClipTaskInfo, frame: MaterialProcessedFrameData): ClipTaskInfo {
  if (!frame.thumb_url || !task.outputs.some((o) => o.material_id === frame.material_id)) {
    return task;
  }
  return {
    ...task,
    outputs: task.outputs.map((o) => (o.material_id === frame.material_id ? { ...o, thumb_url: frame.thumb_url } : o)),
  };
}

/**
 * Live clip progress from the websocket (`clip_progress`): a running video's fraction goes straight
 * into the cached task; any change of state refetches the task list and the task; so does every
 * (re)connect, since frames sent while the link was down are lost. A `material_processed` frame puts a
 * finished video's poster into the cached tasks.
 */
export function useClipProgress(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refetch = () => void client.invalidateQueries({ queryKey: clipKeys.all });
    const offProgress = onClipProgress((frame) => {
      if (frame.output_id > 0 && frame.status === 'running') {
        client.setQueryData<ClipTaskInfo>(clipKeys.task(frame.task_id), (task) =>
          task
            ? {
                ...task,
                outputs: task.outputs.map((o) =>
                  o.id === frame.output_id ? { ...o, status: 'running', progress: frame.progress } : o,
                ),
              }
            : task,
        );
        return;
      }
      refetch();
    });
    const offPoster = onMaterialProcessed((frame) =>
      patchLive<ClipTaskInfo>(client, clipKeys.tasksWithVideos(), (task) => withPoster(task, frame)),
    );
    const offBound = onSocketBound(refetch);
    return () => {
      offProgress();
      offPoster();
      offBound();
    };
  }, [client]);
}
