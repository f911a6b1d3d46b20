import { DRIFT_SWEEP_MS } from '@vidmatrix/contract/constants';
import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { ConnectorService } from './connector.service.ts';

/** The daily drift check: every hour, online runners not checked for a day are asked to check the pages. */
export function registerConnectorJobs(jobs: JobQueue, services: { connectors: ConnectorService }): JobSchedule[] {
  jobs.handle(Job.publishDriftSweep, () => services.connectors.sweepDrift().then(() => undefined), {
    concurrency: 1,
  });
  return [{ name: Job.publishDriftSweep, everyMs: DRIFT_SWEEP_MS }];
}
