import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { UploadService } from './upload.service.ts';

/** How often the cleanup of abandoned uploads runs, ms. */
const CLEANUP_EVERY_MS = 60 * 60_000;

/** The hourly job removing uploads abandoned for a day. */
export function registerUploadJobs(jobs: JobQueue, services: { uploads: UploadService }): JobSchedule[] {
  jobs.handle(Job.uploadCleanup, async () => {
    await services.uploads.cleanup();
  });
  return [{ name: Job.uploadCleanup, everyMs: CLEANUP_EVERY_MS }];
}
