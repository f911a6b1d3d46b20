import { Msg } from '@vidmatrix/contract/messages';
import {
  PUBLISH_MAX_ATTEMPTS,
  PUBLISH_VERIFY_WINDOW_MS,
  isPreSubmit,
  retryBackoffMs,
  type PublishState,
} from '@vidmatrix/contract/rules/publish-state';
import type { PublishRepository } from './publish.repository.ts';
import { type JobRow, type MovedJob } from './publish.repository.ts';
import type { PublishQueueRepository } from './publish-queue.repository.ts';
import type { PublishDeps } from './publish-deps.ts';
import type { JobMoves } from './publish-moves.ts';
import { cleared } from './publish-moves.ts';

const SWEEP_BATCH = 500;

/** The sweep that hands lost leases on and moves what ran out of time. */
export class PublishSweepService {
  private readonly random: () => number;

  constructor(
    private readonly deps: PublishDeps,
    private readonly repo: PublishRepository,
    private readonly queue: PublishQueueRepository,
    private readonly moves: JobMoves,
  ) {
    this.random = deps.random ?? Math.random;
  }

  /**
   * The sweep (every few seconds, once across instances): leases that ran out before submit go back
   * to the queue (or fail after the last attempt); after submit they go to verification by another
   * runner; unanswered hand-offs fail; unproven verifications become unconfirmed; due scheduled jobs
   * are queued.
   */
  async sweep(): Promise<void> {
    const now = this.deps.now();
    for (const job of await this.queue.expiredLeases(now, SWEEP_BATCH)) {
      await this.expireLease(job, now);
    }
    for (const job of await this.queue.expiredActions(now, SWEEP_BATCH)) {
      const afterSubmit = !isPreSubmit(job.action_from as PublishState) || job.submit_clicked === 1;
      const moved = await this.repo.move(
        job.id,
        { from: ['needs_action'] },
        afterSubmit ? 'unconfirmed' : 'failed',
        { ...cleared, error_reason: 'action_timeout', last_error: Msg.publishActionTimeout },
        now,
      );
      if (moved) {
        await this.repo.closeAttempts(job.id, { outcome: 'action_timeout', error: 'action_timeout', ended_at: now });
        await this.moves.record(moved, 'action_timeout', {});
      }
    }
    for (const job of await this.queue.expiredVerifications(now, SWEEP_BATCH)) {
      const moved = await this.repo.move(
        job.id,
        { from: ['verifying'], unleased: true },
        'unconfirmed',
        { ...cleared, error_reason: 'verify_timeout', last_error: Msg.publishUnconfirmed },
        now,
      );
      if (moved) {
        await this.moves.record(moved, 'verify_timeout', {});
      }
    }
    for (const { id } of await this.queue.dueScheduled(now, SWEEP_BATCH)) {
      const moved = await this.repo.move(id, { from: ['scheduled'] }, 'queued', {}, now);
      if (moved) {
        await this.moves.record(moved, 'queued', {});
        this.moves.wake(moved.member_id);
      }
    }
  }

  private async expireLease(job: JobRow, now: number): Promise<void> {
    const state = job.state as PublishState;
    const guard = { from: [state], leaseOwner: job.lease_owner ?? -1, leaseExpiredBefore: now };
    const preSubmit =
      job.submit_clicked === 0 &&
      (isPreSubmit(state) || (state === 'needs_action' && isPreSubmit(job.action_from as PublishState)));
    let moved: MovedJob | undefined;
    if (!preSubmit) {
      // The submit may have happened: another runner only reads the works list back.
      moved = await this.repo.move(
        job.id,
        guard,
        'verifying',
        { ...cleared, verify_only: 1, verify_until: job.verify_until ?? now + PUBLISH_VERIFY_WINDOW_MS },
        now,
      );
    } else if (job.cancel_requested === 1) {
      moved = await this.repo.move(job.id, guard, 'cancelled', cleared, now);
    } else if (job.attempt_count < PUBLISH_MAX_ATTEMPTS) {
      moved = await this.repo.move(
        job.id,
        guard,
        'queued',
        { ...cleared, run_at: now + retryBackoffMs(job.attempt_count, this.random()), error_reason: 'lease_lost' },
        now,
      );
    } else {
      moved = await this.repo.move(job.id, guard, 'failed', { ...cleared, error_reason: 'lease_lost' }, now);
    }
    if (moved) {
      await this.repo.closeAttempts(job.id, { outcome: 'lease_lost', error: 'lease_lost', ended_at: now });
      await this.moves.record(moved, 'lease_lost', { from: state });
      this.moves.wake(moved.member_id);
    }
  }
}
