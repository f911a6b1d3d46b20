import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { AccountImportService } from './account-import.service.ts';

/** How often old import records are pruned, ms. */
const IMPORT_PRUNE_EVERY_MS = 60 * 60_000;

/** The hourly prune of import records past their keep time. */
export function registerEnterpriseAccountJobs(
  jobs: JobQueue,
  services: { accountImport: AccountImportService },
): JobSchedule[] {
  jobs.handle(Job.accountImportPrune, async () => {
    await services.accountImport.pruneImports();
  });
  return [{ name: Job.accountImportPrune, everyMs: IMPORT_PRUNE_EVERY_MS }];
}
