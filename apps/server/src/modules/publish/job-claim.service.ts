import type { ClaimedJob, claimBody } from '@vidmatrix/contract/api/publish';
import { PUBLISH_RULES, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { CLAIMABLE_STATES, PUBLISH_LEASE_MS, type PublishState } from '@vidmatrix/contract/rules/publish-state';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors.ts';
import type { LongPolls } from './long-poll.ts';
import { SERVER_RUNNERS_KEY } from './long-poll.ts';
import type { HarvestWorkRepository } from '../customer/harvest-work.repository.ts';
import type { PublishRepository } from './publish.repository.ts';
import { type ClaimCandidate, type MovedJob } from './publish.repository.ts';
import type { ReviewFollowRepository } from './review-follow.repository.ts';
import type { PublishQueueRepository } from './publish-queue.repository.ts';
import type { RunnerRepository } from './runner.repository.ts';
import type { PublishDeps } from './publish-deps.ts';
import type { JobMoves } from './publish-moves.ts';
import { cleared, parseBasis, parseContent } from './publish-moves.ts';
import type { RunnerIdentity } from './runner-registry.service.ts';

/** A claim refreshes the runner's last-seen time at most this often, ms (heartbeats always do). */
const RUNNER_SEEN_WRITE_MS = 5_000;
const DAY_MS = 24 * 60 * 60_000;
/** After a claim found no review read due for a member, claims skip looking for this long, ms (reads are minutes apart). */
const REVIEW_LOOKUP_PAUSE_MS = 30_000;

/** runner.Runner/claim: due jobs (and due review reads) handed to a runner under a lease, long-polled. */
export class JobClaimService {
  /** Per member: no review read is looked for before this (a claim loop must not pay a query each turn). */
  private readonly reviewQuietUntil = new Map<number, number>();
  private readonly random: () => number;

  constructor(
    private readonly deps: PublishDeps,
    private readonly repo: PublishRepository,
    private readonly queue: PublishQueueRepository,
    private readonly runnerRepo: RunnerRepository,
    private readonly moves: JobMoves,
    private readonly reviews: ReviewFollowRepository,
    readonly longPolls: LongPolls,
  ) {
    this.random = deps.random ?? Math.random;
  }

  /**
   * runner.Runner/claim: due jobs of the runner's member for its free slots, each under a lease. One
   * job per account at a time (a partial unique index makes it so even between instances), and no
   * more posts per account a day than the platform's cap. Waits up to `wait_ms` for a job to come due,
   * but never past `gone` (the runner's request closed): jobs claimed as it went are queued again.
   */
  async claim(runner: RunnerIdentity, body: z.output<typeof claimBody>, gone?: AbortSignal): Promise<ClaimedJob[]> {
    const seen = this.deps.now();
    const accountsHeld = body.accounts.length > 0 ? JSON.stringify(body.accounts) : undefined;
    // A runner claiming in a tight loop is written down only when something changed or every few seconds.
    if (
      runner.last_heartbeat === undefined ||
      runner.last_heartbeat === null ||
      seen - runner.last_heartbeat >= RUNNER_SEEN_WRITE_MS ||
      runner.version !== body.version ||
      (accountsHeld !== undefined && runner.accounts_held !== accountsHeld)
    ) {
      await this.runnerRepo.runnerSeen(runner.id, {
        last_heartbeat: seen,
        version: body.version,
        ...(accountsHeld !== undefined ? { accounts_held: accountsHeld } : {}),
      });
    }
    return this.longPolls.poll(
      runner.member_id ?? SERVER_RUNNERS_KEY,
      body.wait_ms,
      gone,
      () => this.claimOnce(runner, body.slots, body.accounts, body.busy_accounts),
      (jobs) => this.release(runner, jobs),
    );
  }

  /** Hands jobs just claimed for a request that has gone back at once: queued (or verify-only) and unleased. */
  private async release(runner: RunnerIdentity, jobs: readonly ClaimedJob[]): Promise<void> {
    const now = this.deps.now();
    for (const job of jobs.filter((j) => !j.review_only)) {
      const guard = { from: [job.verify_only ? 'verifying' : 'claimed'] as PublishState[], leaseOwner: runner.id };
      const moved = await this.repo.move(job.job_id, guard, job.verify_only ? 'verifying' : 'queued', cleared, now, {
        attempt: job.verify_only ? 0 : -1,
      });
      if (moved) {
        await this.repo.closeAttempts(job.job_id, { outcome: 'released', error: 'released', ended_at: now });
        await this.moves.record(moved, 'released', { runner_id: runner.id });
      }
    }
    this.moves.wake(runner.member_id);
  }

  private async claimOnce(
    runner: RunnerIdentity,
    slots: number,
    accounts: readonly number[],
    busy: readonly number[],
  ): Promise<ClaimedJob[]> {
    const now = this.deps.now();
    const candidates = await this.queue.claimCandidates(runner.member_id, now, accounts, busy, slots * 2 + 8);
    const posts = await this.queue.postsSince(
      [...new Set(candidates.map((c) => c.enterprise_account_id))],
      now - DAY_MS,
    );
    const taken = new Set<number>(busy);
    const picks: ClaimCandidate[] = [];
    // Concurrent claimers start at different places in the window of the oldest due jobs, so they
    // rarely race for the same rows (the window is a few times the slots, so order stays near run_at).
    const offset = candidates.length > slots ? Math.floor(this.random() * (candidates.length - slots + 1)) : 0;
    for (const job of [...candidates.slice(offset), ...candidates.slice(0, offset)]) {
      if (picks.length >= slots) {
        break;
      }
      const cap = PUBLISH_RULES[job.platform as PublishPlatform].dailyPostsMax;
      if (
        taken.has(job.enterprise_account_id) ||
        (job.state !== 'verifying' && (posts.get(job.enterprise_account_id) ?? 0) >= cap)
      ) {
        continue;
      }
      taken.add(job.enterprise_account_id);
      picks.push(job);
    }
    // Free slots left read review states that are due (accounts with a job picked above are skipped).
    const reviews = picks.length < slots ? await this.takeReviews(runner, slots - picks.length, accounts, taken) : [];
    if (picks.length === 0) {
      return reviews;
    }
    const lease = { lease_owner: runner.id, lease_until: now + PUBLISH_LEASE_MS };
    // The claim's writes (jobs, attempts, events) commit once. One statement claims the fresh jobs;
    // when another claimer took a job of one of these accounts meanwhile (the one-per-account index
    // refuses the statement and so the transaction), each job is claimed on its own.
    const write = async (
      repo: PublishRepository,
      harvest: Pick<HarvestWorkRepository, 'fenceForPublish'>,
      claimFresh: (ids: number[]) => Promise<MovedJob[]>,
    ) => {
      // Harvest exclusivity on the accounts' harvest rows: a pass that holds one keeps its job waiting,
      // and the fence keeps passes off the others while these jobs are leased (issue 23).
      const held = await harvest.fenceForPublish([...new Set(picks.map((j) => j.enterprise_account_id))], now);
      const open = picks.filter((j) => !held.has(j.enterprise_account_id));
      const moved = await claimFresh(open.filter((j) => j.state !== 'verifying').map((j) => j.id));
      for (const job of open.filter((j) => j.state === 'verifying')) {
        const one = await repo.move(job.id, { from: ['verifying'], unleased: true }, 'verifying', lease, now);
        if (one) {
          moved.push(one);
        }
      }
      const won = new Set(moved.map((m) => m.id));
      const out = picks.filter((j) => won.has(j.id));
      await repo.insertAttempts(
        out.map((job) => ({
          job_id: job.id,
          runner_id: runner.id,
          verify_only: job.state === 'verifying' ? 1 : 0,
          phase: job.state === 'verifying' ? 'verifying' : 'claimed',
          started_at: now,
        })),
      );
      await repo.appendEvents(this.moves.eventRows(moved, 'claimed', { runner_id: runner.id }));
      return { moved, out };
    };
    let result: { moved: MovedJob[]; out: ClaimCandidate[] };
    try {
      result = await this.deps.transaction(({ publishRepository: repo, harvestWorkRepository }) =>
        write(repo, harvestWorkRepository, (fresh) => repo.claimMany(fresh, lease, now)),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) {
        throw error;
      }
      result = await write(this.repo, this.deps.harvestWorkRepository, async (fresh) => {
        const moved: MovedJob[] = [];
        for (const id of fresh) {
          const one = await this.repo.move(id, { from: CLAIMABLE_STATES }, 'claimed', { ...lease, percent: 0 }, now, {
            attempt: 1,
          });
          if (one) {
            moved.push(one);
          }
        }
        return moved;
      });
    }
    const { moved, out } = result;
    for (const m of moved) {
      this.moves.push(m, '');
    }
    return [...out.map((job) => this.claimedView(job, false)), ...reviews];
  }

  /** Takes up to `free` due review reads of the member's posts, for accounts not in `taken`. */
  private async takeReviews(
    runner: RunnerIdentity,
    free: number,
    accounts: readonly number[],
    taken: Set<number>,
  ): Promise<ClaimedJob[]> {
    const now = this.deps.now();
    if (now < (this.reviewQuietUntil.get(runner.member_id ?? 0) ?? 0)) {
      return [];
    }
    const due = await this.reviews.due(runner.member_id, now, accounts, [...taken], free * 2);
    if (due.length === 0) {
      this.reviewQuietUntil.set(runner.member_id ?? 0, now + REVIEW_LOOKUP_PAUSE_MS);
    }
    const out: ClaimedJob[] = [];
    for (const job of due) {
      if (out.length < free && !taken.has(job.enterprise_account_id)) {
        if (await this.reviews.take(job.id, job.review_due_at, now + PUBLISH_LEASE_MS)) {
          taken.add(job.enterprise_account_id);
          out.push(this.claimedView(job, true));
        }
      }
    }
    return out;
  }

  /** A claimed job as the runner gets it. */
  private claimedView(job: ClaimCandidate, reviewOnly: boolean): ClaimedJob {
    const content = parseContent(job);
    return {
      job_id: job.id,
      verify_only: reviewOnly || job.state === 'verifying',
      platform: job.platform as PublishPlatform,
      enterprise_account_id: job.enterprise_account_id,
      ip_code: job.ip_code,
      title: content.title,
      description: content.description,
      topics: content.topics,
      file_name: content.fileName,
      video_url: this.deps.storage.publicUrl(content.objectKey),
      cover_url: content.coverKey ? this.deps.storage.publicUrl(content.coverKey) : '',
      schedule_at: job.schedule_at,
      work_id: job.work_id,
      lease_ms: PUBLISH_LEASE_MS,
      verify_basis: parseBasis(job),
      review_only: reviewOnly,
    };
  }
}
