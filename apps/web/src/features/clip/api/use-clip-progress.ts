import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClipTaskInfo } from '@vidmatrix/contract/api/clip-task';
import { onClipProgress, onSocketBound } from '../../../lib/socket.ts';
import { clipKeys } from './clip-keys.ts';

/**
 * Live clip progress from the websocket (`clip_progress`): a running video's fraction goes straight
 * into the cached task; any change of state refetches the task list and the task; so does every
 * (re)connect, since frames sent while the link was down are lost.
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
    const offBound = onSocketBound(refetch);
    return () => {
      offProgress();
      offBound();
    };
  }, [client]);
}
