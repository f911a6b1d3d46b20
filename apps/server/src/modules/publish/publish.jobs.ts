import { Job } from '@vidmatrix/contract/jobs';
import { PUBLISH_SWEEP_MS } from '@vidmatrix/contract/rules/publish-state';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { PublishService } from './publish.service.ts';

/** The publish sweep: lost leases, unanswered hand-offs, unproven verifications, due scheduled jobs. */
export function registerPublishJobs(jobs: JobQueue, services: { publish: PublishService }): JobSchedule[] {
  jobs.handle(Job.publishSweep, () => services.publish.sweep(), { concurrency: 1 });
  return [{ name: Job.publishSweep, everyMs: PUBLISH_SWEEP_MS }];
}
