import { AUTH_SWEEP_MS } from '@vidmatrix/contract/constants';
import { Job } from '@vidmatrix/contract/jobs';
import { PUBLISH_SWEEP_MS } from '@vidmatrix/contract/rules/publish-state';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { RunnerAuthService } from './runner-auth.service.ts';

/** The daily login check of every authorized account, and the end of authorizations nobody finished. */
export function registerRunnerAuthJobs(jobs: JobQueue, services: { runnerAuth: RunnerAuthService }): JobSchedule[] {
  jobs.handle(Job.accountAuthSweep, () => services.runnerAuth.sweep().then(() => undefined), { concurrency: 1 });
  jobs.handle(Job.accountAuthExpire, () => services.runnerAuth.expire().then(() => undefined), { concurrency: 1 });
  return [
    { name: Job.accountAuthSweep, everyMs: AUTH_SWEEP_MS },
    { name: Job.accountAuthExpire, everyMs: PUBLISH_SWEEP_MS },
  ];
}
