import { BatchService } from './batch.service.ts';
import type { PublishDeps } from './publish-deps.ts';
import { JobClaimService } from './job-claim.service.ts';
import { JobLeaseService } from './job-lease.service.ts';
import { LongPolls } from './long-poll.ts';
import { JobMoves } from './publish-moves.ts';
import { PublishSweepService } from './publish-sweep.service.ts';
import { PublishLookupRepository } from './publish-lookup.repository.ts';
import { PublishQueueRepository } from './publish-queue.repository.ts';
import { PublishRepository } from './publish.repository.ts';
import { ReviewFollowRepository } from './review-follow.repository.ts';
import { RunnerRegistryService } from './runner-registry.service.ts';
import { RunnerRepository } from './runner.repository.ts';

/**
 * Batch publishing, one service per concern: the member's batches, the runner registry, claims under
 * a lease, the leased job's runner calls, and the sweep. Every state write is a compare-and-set
 * through the repository; each successful move is logged and pushed to the member's console (JobMoves).
 */
export type PublishServices = ReturnType<typeof createPublishServices>;

/** Builds the publish services and their repositories once, sharing one JobMoves and this instance's long polls. */
export function createPublishServices(deps: PublishDeps) {
  const repo = new PublishRepository(deps.db);
  const queue = new PublishQueueRepository(deps.db);
  const runnerRepo = new RunnerRepository(deps.db);
  /** Claims waiting on this instance, woken when jobs of their member become due here. */
  const longPolls = new LongPolls();
  const moves = new JobMoves(deps, repo, longPolls);
  return {
    batches: new BatchService(deps, repo, queue, new PublishLookupRepository(deps.db), moves),
    runners: new RunnerRegistryService(deps, runnerRepo),
    claims: new JobClaimService(deps, repo, queue, runnerRepo, moves, new ReviewFollowRepository(deps.db), longPolls),
    leases: new JobLeaseService(deps, repo, queue, runnerRepo, moves),
    sweeper: new PublishSweepService(deps, repo, queue, moves),
    longPolls,
  };
}
