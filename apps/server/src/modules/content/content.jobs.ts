import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { ContentService } from './content.service.ts';

/** The one-off render of the seeded course videos (enqueued by the seed when one is missing). */
export function registerContentJobs(jobs: JobQueue, services: { content: ContentService }): JobSchedule[] {
  jobs.handle(Job.contentCourseVideos, async () => {
    await services.content.renderCourseVideos();
  });
  return [];
}
