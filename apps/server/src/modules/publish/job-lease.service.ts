import type {
  SchedulePolicy,
  VerifyBasis,
  beforeSubmitBody,
  finishBody,
  progressBody,
  reviewBody,
} from '@vidmatrix/contract/api/publish';
import { Msg } from '@vidmatrix/contract/messages';
import {
  LEASED_STATES,
  PUBLISH_ACCOUNT_SPACING_SEC,
  PUBLISH_ACTION_TIMEOUT_MS,
  PUBLISH_LEASE_MS,
  PUBLISH_MAX_ATTEMPTS,
  PUBLISH_RISK_COOLDOWN_MS,
  PUBLISH_VERIFY_WINDOW_MS,
  isPreSubmit,
  isRiskReason,
  nextPostAt,
  publishFailureText,
  retryBackoffMs,
  statesInto,
  type PublishState,
} from '@vidmatrix/contract/rules/publish-state';
import { REVIEW_RECHECK_MAX, reviewRecheckDelayMs } from '@vidmatrix/contract/rules/publish-result';
import type { z } from 'zod';
import type { PublishRepository } from './publish.repository.ts';
import { type JobPatch, type JobRow, type MovedJob } from './publish.repository.ts';
import type { PublishQueueRepository } from './publish-queue.repository.ts';
import type { RunnerRepository } from './runner.repository.ts';
import type { DomainEvents } from '../../lib/events.ts';
import type { PublishDeps } from './publish-deps.ts';
import type { JobMoves } from './publish-moves.ts';
import { PLATFORM_REFUSALS, TRANSIENT_REASONS } from './failure-reasons.ts';
import { cleared, leaseLost } from './publish-moves.ts';
import type { RunnerIdentity } from './runner-registry.service.ts';

/** The runner calls on a leased job: heartbeat, progress, the write-ahead submit, hand-offs, finish and review reads. */
export class JobLeaseService {
  private readonly random: () => number;

  constructor(
    private readonly deps: PublishDeps,
    private readonly repo: PublishRepository,
    private readonly queue: PublishQueueRepository,
    private readonly runnerRepo: RunnerRepository,
    private readonly moves: JobMoves,
  ) {
    this.random = deps.random ?? Math.random;
  }

  /**
   * runner.Runner/review: a published post's review state read again. Still 审核中: read again later
   * (each wait twice the last, up to a cap of reads); 未通过: the job becomes rejected; 已发布: done.
   */
  async review(runner: RunnerIdentity, body: z.output<typeof reviewBody>): Promise<void> {
    const [job] = await this.repo.jobsByIds([body.job_id]);
    if (!job || job.member_id !== runner.member_id || job.state !== 'published') {
      throw leaseLost();
    }
    const now = this.deps.now();
    const checks = job.review_checks + 1;
    const patch: JobPatch = {
      review_state: body.review_state,
      review_checks: checks,
      review_due_at:
        body.review_state === 'reviewing' && checks < REVIEW_RECHECK_MAX ? now + reviewRecheckDelayMs(checks) : null,
    };
    const moved =
      body.review_state === 'rejected'
        ? await this.repo.move(job.id, { from: ['published'] }, 'rejected', patch, now)
        : await this.repo.touch(job.id, { from: ['published'] }, patch, now);
    if (!moved) {
      throw leaseLost();
    }
    await this.moves.record(moved, 'review', { review_state: body.review_state });
  }

  /** runner.Runner/heartbeat: extends the leases the runner still holds; says per job whether to go on. */
  async heartbeat(runner: RunnerIdentity, jobIds: readonly number[], version: string, accounts: readonly number[]) {
    const now = this.deps.now();
    await this.runnerRepo.runnerSeen(runner.id, {
      last_heartbeat: now,
      ...(version ? { version } : {}),
      ...(accounts.length > 0 ? { accounts_held: JSON.stringify(accounts) } : {}),
    });
    await this.repo.extendLeases(runner.id, jobIds, now + PUBLISH_LEASE_MS);
    const rows = await this.repo.jobsByIds(jobIds);
    return jobIds.map((id) =>
      this.leaseStatus(
        runner,
        rows.find((r) => r.id === id),
      ),
    );
  }

  private leaseStatus(runner: RunnerIdentity, job: JobRow | undefined) {
    const held =
      job !== undefined && job.lease_owner === runner.id && (LEASED_STATES as readonly string[]).includes(job.state);
    const cancel = !held || (job.cancel_requested === 1 && isPreSubmit(job.state as PublishState));
    return { job_id: job?.id ?? 0, held, cancel };
  }

  private async heldJob(runner: RunnerIdentity, jobId: number): Promise<JobRow> {
    const [job] = await this.repo.jobsByIds([jobId]);
    // A server runner (member_id null) holds jobs of several members: its lease is what counts.
    if (!job || (runner.member_id !== null && job.member_id !== runner.member_id) || job.lease_owner !== runner.id) {
      throw leaseLost();
    }
    if (!(LEASED_STATES as readonly string[]).includes(job.state)) {
      throw leaseLost();
    }
    return job;
  }

  /** runner.Runner/progress: a phase reached, upload percent, or a hand-off to the member. */
  async progress(runner: RunnerIdentity, body: z.output<typeof progressBody>) {
    const job = await this.heldJob(runner, body.job_id);
    const now = this.deps.now();
    const guard = { leaseOwner: runner.id };
    const percent = body.percent ?? job.percent;
    let moved: MovedJob | undefined;
    if (body.phase === 'needs_action') {
      const action = body.action;
      const screenshotKey = action?.screenshot
        ? await this.moves.storeScreenshot(job, action.screenshot)
        : job.screenshot_key;
      moved = await this.repo.move(
        job.id,
        { ...guard, from: [job.state as PublishState].filter((s) => statesInto('needs_action').includes(s)) },
        'needs_action',
        {
          action_kind: action?.kind ?? 'captcha',
          action_prompt: action?.prompt ?? body.text,
          action_image: action?.image ?? '',
          action_from: job.state,
          action_until: now + PUBLISH_ACTION_TIMEOUT_MS,
          action_answer: null,
          screenshot_key: screenshotKey,
        },
        now,
      );
    } else if (job.state === body.phase) {
      moved = await this.repo.touch(job.id, { ...guard, from: [body.phase] }, { percent }, now);
    } else {
      const from = statesInto(body.phase).filter((s) => s === job.state);
      const patch: JobPatch =
        body.phase === 'verifying' ? { percent, verify_until: now + PUBLISH_VERIFY_WINDOW_MS } : { percent };
      moved = await this.repo.move(job.id, { ...guard, from }, body.phase, patch, now);
      if (moved) {
        await this.repo.attemptPhase(job.id, body.phase);
      }
    }
    if (!moved) {
      throw leaseLost();
    }
    await this.moves.record(moved, body.phase, { percent, text: body.text }, body.text);
    return this.leaseStatus(runner, { ...job, state: moved.state });
  }

  /**
   * runner.Runner/beforeSubmit: the write-ahead record. The job becomes `submitting` (compare-and-set,
   * refused once cancelled or lost) and only then does the runner click submit; from here on no
   * automatic retry ever posts it again.
   */
  async beforeSubmit(runner: RunnerIdentity, body: z.output<typeof beforeSubmitBody>): Promise<void> {
    const now = this.deps.now();
    const jobId = body.job_id;
    const basis: VerifyBasis = { listed_ids: body.listed_ids, submitted_at: body.submitted_at };
    const moved = await this.repo.move(
      jobId,
      { from: statesInto('submitting'), leaseOwner: runner.id, notCancelled: true },
      'submitting',
      { submitted_at: now, percent: 100, verify_basis: JSON.stringify(basis) },
      now,
    );
    if (!moved) {
      throw leaseLost();
    }
    await this.repo.attemptPhase(jobId, 'submitting');
    // The account's next post waits the batch's spacing plus jitter, whichever batch it comes from.
    const policy = await this.queue.batchPolicy(moved.batch_id);
    const spacingSec = policy ? (JSON.parse(policy) as SchedulePolicy).spacing_sec : undefined;
    await this.queue.spaceNextPost(
      moved.enterprise_account_id,
      moved.member_id,
      nextPostAt(now, (spacingSec ?? PUBLISH_ACCOUNT_SPACING_SEC) * 1000, this.random()),
      now,
    );
    await this.moves.record(moved, 'submitting', {});
  }

  /** runner.Runner/action: the member's answer to the job's hand-off, once given. */
  async action(
    runner: RunnerIdentity,
    jobId: number,
  ): Promise<{ status: 'waiting' | 'answered' | 'gone'; code: string }> {
    const [job] = await this.repo.jobsByIds([jobId]);
    if (!job || job.lease_owner !== runner.id || !(LEASED_STATES as readonly string[]).includes(job.state)) {
      return { status: 'gone', code: '' };
    }
    if (job.state === 'needs_action') {
      return { status: 'waiting', code: '' };
    }
    return job.action_answer === null ? { status: 'gone', code: '' } : { status: 'answered', code: job.action_answer };
  }

  /** runner.Runner/finish: how the job ended, with its artefacts; the state it is in now. */
  async finish(runner: RunnerIdentity, body: z.output<typeof finishBody>): Promise<PublishState> {
    const job = await this.heldJob(runner, body.job_id);
    const now = this.deps.now();
    const screenshotKey = body.error?.screenshot ? await this.moves.storeScreenshot(job, body.error.screenshot) : '';
    const state = job.state as PublishState;
    const guard = { from: [state], leaseOwner: runner.id };
    const base: JobPatch = {
      ...cleared,
      submit_clicked: body.submit_clicked || job.submit_clicked === 1 ? 1 : 0,
      ...(screenshotKey ? { screenshot_key: screenshotKey } : {}),
    };
    const reason = body.error?.reason ?? (body.outcome === 'needs_action' ? 'action_timeout' : '');
    const errorText = body.error ? publishFailureText(body.error.reason, body.error.page_text ?? '') : '';
    let to: PublishState;
    let patch: JobPatch = base;
    const preSubmit =
      !base.submit_clicked &&
      (isPreSubmit(state) || (state === 'needs_action' && isPreSubmit(job.action_from as PublishState)));
    switch (body.outcome) {
      case 'published':
      case 'platform_scheduled':
      case 'rejected':
        to = body.outcome;
        patch = {
          ...base,
          work_id: body.work_id || job.work_id,
          link: body.permalink || job.link,
          review_state: body.review_state,
          // A post found while 审核中 is read again later (the claim hands the read out when due).
          review_due_at:
            body.outcome === 'published' && body.review_state === 'reviewing' && (body.work_id || job.work_id)
              ? now + reviewRecheckDelayMs(0)
              : null,
          review_checks: 0,
        };
        break;
      case 'unconfirmed':
        to = 'unconfirmed';
        patch = { ...base, error_reason: reason || 'unconfirmed', last_error: Msg.publishUnconfirmed };
        break;
      case 'failed':
      case 'needs_action':
        if (preSubmit && reason === 'cancelled' && job.cancel_requested === 1) {
          to = 'cancelled';
        } else if (preSubmit && TRANSIENT_REASONS.has(reason) && job.attempt_count < PUBLISH_MAX_ATTEMPTS) {
          to = 'queued';
          patch = {
            ...base,
            run_at: now + retryBackoffMs(job.attempt_count, this.random()),
            error_reason: reason,
            last_error: errorText,
          };
        } else if (base.submit_clicked && !PLATFORM_REFUSALS.has(reason) && state !== 'verifying') {
          // The click happened and the platform did not clearly refuse: a post may exist.
          to = 'unconfirmed';
          patch = { ...base, error_reason: reason, last_error: Msg.publishUnconfirmed };
        } else {
          to = state === 'verifying' ? 'unconfirmed' : 'failed';
          patch = {
            ...base,
            error_reason: reason,
            last_error: reason === 'action_timeout' ? Msg.publishActionTimeout : errorText,
          };
        }
        break;
    }
    const moved = await this.repo.move(job.id, guard, to, patch, now);
    if (!moved) {
      throw leaseLost();
    }
    if (isRiskReason(reason)) {
      // The platform flagged the account: none of its jobs is claimed until the cooldown ends.
      await this.queue.coolDown(
        job.enterprise_account_id,
        job.member_id,
        now + PUBLISH_RISK_COOLDOWN_MS[reason],
        reason,
        now,
      );
    }
    await this.repo.closeAttempts(job.id, {
      outcome: body.outcome,
      error: body.error ? `${body.error.reason}: ${body.error.message}` : '',
      screenshot_key: screenshotKey,
      url: body.error?.url ?? '',
      page_text: body.error?.page_text ?? '',
      ended_at: now,
    });
    await this.moves.record(moved, 'finished', { outcome: body.outcome, reason, work_id: body.work_id });
    if (reason === 'logged_out') {
      const loggedOut = { memberId: job.member_id, accountId: job.enterprise_account_id, foundBy: 'publish' as const };
      await this.deps.events.emit('account.logged_out', loggedOut);
    }
    if (to === 'queued') {
      this.moves.wake(job.member_id);
    }
    return to;
  }

  /**
   * `account.logged_out` found by a harvest pass: the account's publishing rests as after a job's own
   * logged_out, so its waiting jobs say why instead of each failing on the login page. A job that found
   * it has rested the account in its own finish.
   */
  async accountLoggedOut({ memberId, accountId, foundBy }: DomainEvents['account.logged_out']): Promise<void> {
    if (foundBy === 'publish') {
      return;
    }
    const now = this.deps.now();
    await this.queue.coolDown(accountId, memberId, now + PUBLISH_RISK_COOLDOWN_MS.logged_out, 'logged_out', now);
  }
}
