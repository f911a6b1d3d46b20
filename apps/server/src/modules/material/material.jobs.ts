import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { MaterialService } from './material.service.ts';
import type { MediaProcessingService } from './media-processing.service.ts';

/** How often the expiry job runs, ms. */
const EXPIRE_EVERY_MS = 60 * 60_000;

/** Media processing of new materials, and the hourly expiry. */
export function registerMaterialJobs(
  jobs: JobQueue,
  services: { materials: MaterialService; mediaProcessing: MediaProcessingService },
): JobSchedule[] {
  const { materials, mediaProcessing } = services;
  jobs.handle(Job.materialMedia, (p) => mediaProcessing.process(p.materialId), {
    concurrency: 2,
    onFailed: (p, error) => mediaProcessing.markFailed(p.materialId, error),
    recover: async () => (await mediaProcessing.unprocessed()).map((materialId) => ({ materialId })),
  });
  jobs.handle(Job.materialExpire, async () => {
    await materials.expire();
  });
  return [{ name: Job.materialExpire, everyMs: EXPIRE_EVERY_MS }];
}
