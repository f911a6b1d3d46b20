import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BatchInfoResult } from '@vidmatrix/contract/api/publish';
import type { PublishJobFrameData } from '@vidmatrix/contract/events';
import { isPublishState } from '@vidmatrix/contract/rules/publish-state';
import { onPublishJob, onSocketBound } from '../../../lib/socket.ts';
import { publishKeys } from './publish-keys.ts';

/**
 * Applies one `publish_job` frame to the cached batch: upload percent in place; a new state refetches
 * the batch (link, error, screenshot, hand-off come with it) and the lists' counts.
 */
export function applyPublishFrame(client: QueryClient, frame: PublishJobFrameData): void {
  const key = publishKeys.batch(frame.batch_id);
  const cached = client.getQueryData<BatchInfoResult>(key);
  const job = cached?.jobs.find((j) => j.job_id === frame.job_id);
  if (cached && job && job.state === frame.state && isPublishState(frame.state)) {
    client.setQueryData<BatchInfoResult>(key, {
      ...cached,
      jobs: cached.jobs.map((j) => (j.job_id === frame.job_id ? { ...j, percent: frame.percent } : j)),
    });
    return;
  }
  void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: [...publishKeys.batches(), 'list'] });
}

/**
 * Follows publish progress over the console's socket while a publish page is open; after a
 * reconnect (frames sent meanwhile are lost) every batch query refetches, so progress resumes.
 */
export function usePublishFrames(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offFrame = onPublishJob((frame) => applyPublishFrame(client, frame));
    const offBound = onSocketBound(() => void client.invalidateQueries({ queryKey: publishKeys.batches() }));
    return () => {
      offFrame();
      offBound();
    };
  }, [client]);
}
