import { Job } from '@vidmatrix/contract/jobs';
import { JOB_LEASE_MS, type JobQueue, type JobSchedule } from '../../jobs/job-queue.ts';
import type { ClipRenderService } from './clip-render.service.ts';
import { CLIP_RENDER_ATTEMPTS } from './clip-task.service.ts';

/**
 * Clip renders: one job per video, `concurrency` at once in this process (CLIP_CONCURRENCY). When the
 * queue lost its jobs, every video still queued or running is queued again as a resumed job; one whose
 * render still beats is looked at again a lease later, until it ends or its render stops beating.
 */
export function registerClipTaskJobs(
  jobs: JobQueue,
  services: { clipRender: ClipRenderService; clipConcurrency: number },
): JobSchedule[] {
  const { clipRender } = services;
  jobs.handle(
    Job.clipRender,
    async (p, { attempt }) => {
      if ((await clipRender.render(p.outputId, attempt, p.resume)) === 'held') {
        await jobs.enqueue(Job.clipRender, p, { delayMs: JOB_LEASE_MS, attempts: CLIP_RENDER_ATTEMPTS });
      }
    },
    {
      concurrency: services.clipConcurrency,
      onFailed: (p, error) => clipRender.markFailed(p.outputId, error),
      recover: async () => (await clipRender.unfinished()).map((outputId) => ({ outputId, resume: true })),
      attempts: CLIP_RENDER_ATTEMPTS,
    },
  );
  return [];
}
