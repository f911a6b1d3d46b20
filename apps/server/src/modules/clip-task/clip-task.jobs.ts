import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { ClipTaskService } from './clip-task.service.ts';

/** Clip renders: one job per video, `concurrency` at once in this process (CLIP_CONCURRENCY). */
export function registerClipTaskJobs(
  jobs: JobQueue,
  services: { clipTasks: ClipTaskService; clipConcurrency: number },
): JobSchedule[] {
  const { clipTasks } = services;
  jobs.handle(Job.clipRender, (p) => clipTasks.render(p.outputId), {
    concurrency: services.clipConcurrency,
    onFailed: (p, error) => clipTasks.markFailed(p.outputId, error),
  });
  return [];
}
