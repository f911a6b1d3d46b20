import type { BatchService } from './batch.service.ts';
import type { JobClaimService } from './job-claim.service.ts';
import type { JobLeaseService } from './job-lease.service.ts';
import type { LongPolls } from './long-poll.ts';
import type { PublishSweepService } from './publish-sweep.service.ts';
import type { RunnerRegistryService } from './runner-registry.service.ts';

/**
 * Batch publishing, one service per concern: the member's batches, the runner registry, claims under
 * a lease, the leased job's runner calls, and the sweep. Every state write is a compare-and-set
 * through the repository; each successful move is logged and pushed to the member's console (JobMoves).
 * compose.ts builds them once over shared repositories, one JobMoves and this instance's long polls.
 */
export interface PublishServices {
  batches: BatchService;
  runners: RunnerRegistryService;
  claims: JobClaimService;
  leases: JobLeaseService;
  sweeper: PublishSweepService;
  /** Claims waiting on this instance, woken when jobs of their member become due here. */
  longPolls: LongPolls;
}
