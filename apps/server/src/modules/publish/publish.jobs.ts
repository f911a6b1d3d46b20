import { Job } from '@vidmatrix/contract/jobs';
import { PUBLISH_SWEEP_MS } from '@vidmatrix/contract/rules/publish-state';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { PublishServices } from './publish.service.ts';

/** The publish sweep: lost leases, unanswered hand-offs, unproven verifications, due scheduled jobs. */
export function registerPublishJobs(jobs: JobQueue, services: { publish: PublishServices }): JobSchedule[] {
  jobs.handle(Job.publishSweep, () => services.publish.sweeper.sweep(), { concurrency: 1 });
  return [{ name: Job.publishSweep, everyMs: PUBLISH_SWEEP_MS }];
}
