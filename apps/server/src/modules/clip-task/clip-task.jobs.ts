import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { ClipRenderService } from './clip-render.service.ts';

/** Clip renders: one job per video, `concurrency` at once in this process (CLIP_CONCURRENCY). */
export function registerClipTaskJobs(
  jobs: JobQueue,
  services: { clipRender: ClipRenderService; clipConcurrency: number },
): JobSchedule[] {
  const { clipRender } = services;
  jobs.handle(Job.clipRender, (p, { attempt }) => clipRender.render(p.outputId, attempt), {
    concurrency: services.clipConcurrency,
    onFailed: (p, error) => clipRender.markFailed(p.outputId, error),
  });
  return [];
}
