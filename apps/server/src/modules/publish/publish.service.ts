import { createHash, randomBytes } from 'node:crypto';
import type {
  BatchSummary,
  ClaimedJob,
  PublishJobView,
  SchedulePolicy,
  VerifyBasis,
  batchAddBody,
  beforeSubmitBody,
  claimBody,
  finishBody,
  progressBody,
  reviewBody,
} from '@vidmatrix/contract/api/publish';
import { SCREENSHOT_PATH } from '@vidmatrix/contract/api/publish';
import { Code } from '@vidmatrix/contract/envelope';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import { accountSelectability } from '@vidmatrix/contract/rules/account-selectability';
import {
  PUBLISH_RULES,
  checkPublishContent,
  publishPlatformOf,
  type PublishPlatform,
} from '@vidmatrix/contract/rules/publish-rules';
import {
  CLAIMABLE_STATES,
  LEASED_STATES,
  PRE_SUBMIT_STATES,
  PUBLISH_ACCOUNT_SPACING_SEC,
  PUBLISH_ACTION_TIMEOUT_MS,
  PUBLISH_BATCH_MAX_JOBS,
  PUBLISH_LEASE_MS,
  PUBLISH_MAX_ATTEMPTS,
  PUBLISH_RISK_COOLDOWN_MS,
  PUBLISH_VERIFY_WINDOW_MS,
  isPreSubmit,
  isPublishState,
  isRiskReason,
  nextPostAt,
  publishFailureText,
  retryBackoffMs,
  spreadRunTimes,
  statesInto,
  type PublishState,
} from '@vidmatrix/contract/rules/publish-state';
import { REVIEW_RECHECK_MAX, reviewRecheckDelayMs } from '@vidmatrix/contract/rules/publish-result';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import type { Db } from '../../db/types.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import { PRIVATE_STORAGE_PREFIX, type StorageDriver } from '../../storage/storage.ts';
import { generateToken, hashToken } from '../auth/token.ts';
import { LongPolls, SERVER_RUNNERS_KEY } from './long-poll.ts';
import { ruleText } from './publish-rule-text.ts';
import {
  PublishRepository,
  type ClaimCandidate,
  type JobPatch,
  type JobRow,
  type JobWithNames,
  type MovedJob,
  type RunnerRow,
} from './publish.repository.ts';
import { ReviewFollowRepository } from './review-follow.repository.ts';

/** The copy and file of a job, frozen when the batch was made. */
interface JobContent {
  title: string;
  description: string;
  topics: string[];
  fileName: string;
  objectKey: string;
  sizeBytes: number;
  durationSec: number;
  /** The batch's cover image (a material of the member), when one was chosen. */
  coverKey?: string;
}

/** Failures worth an automatic retry before submit (a rule or a logged-out account will not heal by itself). */
const TRANSIENT_REASONS = new Set([
  'upload_failed',
  'upload_timeout',
  'processing_timeout',
  'fill_failed',
  'phase_timeout',
  'error',
]);
/** Failures after the click where the platform answered no and created nothing: the member may re-post. */
const PLATFORM_REFUSALS = new Set(['submit_rejected', 'rate_limited']);
/** A claim refreshes the runner's last-seen time at most this often, ms (heartbeats always do). */
const RUNNER_SEEN_WRITE_MS = 5_000;
const DAY_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 500;
/** After a claim found no review read due for a member, claims skip looking for this long, ms (reads are minutes apart). */
const REVIEW_LOOKUP_PAUSE_MS = 30_000;

export interface PublishDeps {
  db: Db;
  now: () => number;
  storage: StorageDriver;
  realtime: RealtimePublisher;
  /** [0,1): jitter of spacing and backoff (tests pin it). */
  random?: () => number;
  /** A job's login check found the account logged out (its cookie_auth_status becomes 2). */
  onLoggedOut?: (memberId: number, enterpriseAccountId: number) => Promise<void>;
}

/** The authenticated runner of a runner call. */
export type RunnerIdentity = Pick<RunnerRow, 'id' | 'member_id'> &
  Partial<Pick<RunnerRow, 'last_heartbeat' | 'version' | 'accounts_held' | 'drift_due_at' | 'connectors_version'>>;

function leaseLost(): AppError {
  return new AppError(Code.forbidden, Msg.runnerLeaseLost);
}

/** Where the console reads a job's screenshot: the member-checked route, never public storage. */
function screenshotUrl(job: Pick<JobRow, 'id' | 'screenshot_key'>): string {
  if (!job.screenshot_key) {
    return '';
  }
  const version = createHash('sha256').update(job.screenshot_key).digest('hex').slice(0, 12);
  return `${SCREENSHOT_PATH}?job_id=${job.id}&v=${version}`;
}

function parseContent(job: Pick<JobRow, 'content'>): JobContent {
  return JSON.parse(job.content) as JobContent;
}

/** The basis a runner recorded with `submitting`; none recorded: nothing known (verification then needs the list's times). */
function parseBasis(job: Pick<JobRow, 'verify_basis'>): VerifyBasis {
  return job.verify_basis ? (JSON.parse(job.verify_basis) as VerifyBasis) : { listed_ids: null, submitted_at: null };
}

/**
 * Batch publishing: batches of video × account jobs, the runner API (claim under a lease, heartbeat,
 * progress, write-ahead submit, finish) and the sweep that hands lost leases on. Every state write
 * is a compare-and-set through the repository; each successful move is logged and pushed to the
 * member's console.
 */
export class PublishService {
  private readonly repo: PublishRepository;
  private readonly reviews: ReviewFollowRepository;
  /** Per member: no review read is looked for before this (a claim loop must not pay a query each turn). */
  private readonly reviewQuietUntil = new Map<number, number>();
  private readonly random: () => number;
  /** Claims waiting on this instance, woken when jobs of their member become due here. */
  readonly longPolls = new LongPolls();

  constructor(private readonly deps: PublishDeps) {
    this.repo = new PublishRepository(deps.db);
    this.reviews = new ReviewFollowRepository(deps.db);
    this.random = deps.random ?? Math.random;
  }

  /** seoaivideo.BatchPublish/add: checks every video × account against the rules, then queues the jobs. */
  async addBatch(
    memberId: number,
    body: z.output<typeof batchAddBody>,
  ): Promise<{ batch_id: number; job_count: number }> {
    const now = this.deps.now();
    const jobCount = body.material_ids.length * body.enterprise_account_ids.length;
    if (jobCount > PUBLISH_BATCH_MAX_JOBS) {
      throw badRequest(fillMsg(Msg.publishTooManyJobs, { n: PUBLISH_BATCH_MAX_JOBS }));
    }
    const materialRows = await this.repo.materials(memberId, body.material_ids);
    const materials = body.material_ids.map((id) => {
      const row = materialRows.find((m) => m.id === id);
      if (!row) {
        throw badRequest(Msg.publishMaterialMissing);
      }
      if (row.file_type !== 'video') {
        throw badRequest(fillMsg(Msg.publishNotVideo, { video: row.file_name }));
      }
      return row;
    });
    const coverKey = body.cover_material_id ? await this.coverOf(memberId, body.cover_material_id) : undefined;
    const accountRows = await this.repo.accounts(memberId, body.enterprise_account_ids);
    const accounts = body.enterprise_account_ids.map((id) => {
      const row = accountRows.find((a) => a.id === id);
      if (!row) {
        throw badRequest(Msg.accountNotOwned);
      }
      const platform = publishPlatformOf(row.platform_id);
      if (!platform) {
        throw badRequest(fillMsg(Msg.publishPlatformUnsupported, { account: row.nickname }));
      }
      const selectable = accountSelectability(row, { publish: true });
      if (!selectable.selectable) {
        throw badRequest(
          fillMsg(Msg.publishAccountNotSelectable, {
            account: row.nickname,
            reason: selectable.tooltip ?? Msg.notAuthorized,
          }),
        );
      }
      return { ...row, platform };
    });

    const policy = body.schedule;
    const start = policy.start_at ?? now;
    const spacingMs = (policy.spacing_sec ?? PUBLISH_ACCOUNT_SPACING_SEC) * 1000;
    const nonce = randomBytes(12).toString('hex');
    const jobs = accounts.flatMap((account) => {
      const platformTimer = policy.platform_timer && policy.start_at !== undefined;
      // The platform's own timer publishes at start_at; the upload itself happens now.
      const runAts = spreadRunTimes(platformTimer ? now : start, materials.length, spacingMs, this.random);
      return materials.map((material, i) => {
        const copy = body.copies.find((c) => c.material_id === material.id) ?? body;
        const content: JobContent = {
          title: copy.title.trim(),
          description: copy.description,
          topics: copy.topics,
          fileName: material.file_name,
          objectKey: material.object_key,
          sizeBytes: material.size,
          durationSec: material.duration_ms / 1000,
          ...(coverKey ? { coverKey } : {}),
        };
        const scheduleAt = platformTimer ? start : undefined;
        const violation = checkPublishContent(
          account.platform,
          { ...content, durationSec: material.duration_ms > 0 ? content.durationSec : undefined, scheduleAt },
          now,
        )[0];
        if (violation) {
          throw badRequest(
            fillMsg(Msg.publishRuleBroken, {
              video: material.file_name,
              account: account.nickname,
              rule: ruleText(violation),
            }),
            { material_id: material.id, enterprise_account_id: account.id, rule: violation.code },
          );
        }
        const runAt = runAts[i] ?? now;
        const snapshot = JSON.stringify(content);
        return {
          member_id: memberId,
          material_id: material.id,
          enterprise_account_id: account.id,
          platform: account.platform,
          content: snapshot,
          run_at: runAt,
          schedule_at: scheduleAt ?? null,
          state: runAt > now ? 'scheduled' : 'queued',
          idempotency_key: createHash('sha256')
            .update(`${nonce}|${account.id}|${material.id}|${snapshot}`)
            .digest('hex'),
          created_at: now,
          updated_at: now,
        };
      });
    });
    const batchId = await this.repo.insertBatch(
      {
        member_id: memberId,
        title: body.title.trim(),
        material_ids: JSON.stringify(body.material_ids),
        account_ids: JSON.stringify(body.enterprise_account_ids),
        copy: JSON.stringify({
          title: body.title,
          description: body.description,
          topics: body.topics,
          copies: body.copies,
        }),
        schedule_policy: JSON.stringify(policy satisfies SchedulePolicy),
        created_at: now,
      },
      jobs,
    );
    this.wake(memberId);
    return { batch_id: batchId, job_count: jobs.length };
  }

  /** seoaivideo.BatchPublish/list */
  async listBatches(memberId: number, page: number, limit: number): Promise<{ list: BatchSummary[]; count: number }> {
    const { rows, count } = await this.repo.listBatches(memberId, page, limit);
    const counts = await this.repo.stateCounts(rows.map((r) => r.id));
    return { list: rows.map((row) => this.summary(row, counts)), count };
  }

  private summary(
    row: { id: number; title: string; material_ids: string; account_ids: string; created_at: number },
    counts: { batch_id: number; state: string; n: number }[],
  ): BatchSummary {
    const states: Record<string, number> = {};
    let jobCount = 0;
    for (const c of counts.filter((c) => c.batch_id === row.id)) {
      states[c.state] = c.n;
      jobCount += c.n;
    }
    return {
      batch_id: row.id,
      title: row.title,
      video_count: (JSON.parse(row.material_ids) as number[]).length,
      account_count: (JSON.parse(row.account_ids) as number[]).length,
      job_count: jobCount,
      states,
      create_time: formatServerTime(row.created_at),
    };
  }

  /** seoaivideo.BatchPublish/info: the batch and its video × account matrix. */
  async batchInfo(memberId: number, batchId: number) {
    const batch = await this.repo.findBatch(memberId, batchId);
    if (!batch) {
      throw notFound();
    }
    const [jobs, counts] = await Promise.all([this.repo.batchJobs(batchId), this.repo.stateCounts([batchId])]);
    const now = this.deps.now();
    const coolingUntil = new Map(
      (await this.repo.accountHealth([...new Set(jobs.map((j) => j.enterprise_account_id))]))
        .filter((h) => h.cooldown_until > now)
        .map((h) => [h.enterprise_account_id, h.cooldown_until]),
    );
    // A waiting job of a paused account says why it waits.
    const waitText = (job: JobWithNames): string => {
      const until = coolingUntil.get(job.enterprise_account_id);
      return until !== undefined && (CLAIMABLE_STATES as readonly string[]).includes(job.state)
        ? fillMsg(Msg.publishAccountCoolingDown, { account: job.nickname ?? '', until: formatServerTime(until) })
        : '';
    };
    return {
      batch: this.summary(batch, counts),
      jobs: jobs.map((job): PublishJobView => {
        const content = parseContent(job);
        return {
          job_id: job.id,
          material_id: job.material_id,
          file_name: content.fileName,
          enterprise_account_id: job.enterprise_account_id,
          nickname: job.nickname ?? '',
          platform: job.platform as PublishPlatform,
          state: job.state as PublishState,
          percent: job.percent,
          run_at: job.run_at,
          attempts: job.attempt_count,
          work_id: job.work_id,
          link: job.link,
          review_state: job.review_state,
          submit_clicked: job.submit_clicked === 1,
          error_reason: job.error_reason,
          error_text: job.last_error || waitText(job),
          screenshot_url: screenshotUrl(job),
          action:
            job.state === 'needs_action'
              ? {
                  kind: job.action_kind as 'sms' | 'captcha' | 'real_name',
                  prompt: job.action_prompt,
                  image: job.action_image,
                  screenshot_url: screenshotUrl(job),
                  deadline: job.action_until ?? 0,
                }
              : null,
        };
      }),
    };
  }

  private async batchJobsOf(memberId: number, batchId: number, jobIds: readonly number[]): Promise<JobRow[]> {
    const batch = await this.repo.findBatch(memberId, batchId);
    if (!batch) {
      throw notFound();
    }
    const jobs = await this.repo.batchJobs(batchId);
    return jobIds.length > 0 ? jobs.filter((j) => jobIds.includes(j.id)) : jobs;
  }

  /** seoaivideo.BatchPublish/cancel: waiting jobs stop now; running ones before submit stop at their next heartbeat. */
  async cancel(memberId: number, batchId: number, jobIds: readonly number[]): Promise<number> {
    const now = this.deps.now();
    let count = 0;
    for (const job of await this.batchJobsOf(memberId, batchId, jobIds)) {
      const state = job.state as PublishState;
      if ((CLAIMABLE_STATES as readonly string[]).includes(state)) {
        const moved = await this.repo.move(job.id, { from: [state] }, 'cancelled', {}, now);
        if (moved) {
          count++;
          await this.record(moved, 'cancelled', {});
        }
      } else if (isPreSubmit(state)) {
        const touched = await this.repo.touch(job.id, { from: PRE_SUBMIT_STATES }, { cancel_requested: 1 }, now);
        if (touched) {
          count++;
          await this.record(touched, 'cancel_requested', {});
        }
      }
    }
    return count;
  }

  /**
   * seoaivideo.BatchPublish/retryFailed: queues the failed jobs again. A failure after the submit
   * click is re-posted only when the platform itself refused it; unconfirmed jobs never are.
   */
  async retryFailed(memberId: number, batchId: number, jobIds: readonly number[]): Promise<number> {
    const now = this.deps.now();
    let count = 0;
    for (const job of await this.batchJobsOf(memberId, batchId, jobIds)) {
      if (job.state !== 'failed' || (job.submit_clicked === 1 && !PLATFORM_REFUSALS.has(job.error_reason))) {
        continue;
      }
      const moved = await this.repo.move(
        job.id,
        { from: ['failed'] },
        'queued',
        {
          ...cleared,
          run_at: now,
          attempt_count: 0,
          submit_clicked: 0,
          submitted_at: null,
          error_reason: '',
          last_error: '',
        },
        now,
      );
      if (moved) {
        count++;
        await this.record(moved, 'retried', {});
      }
    }
    if (count > 0) {
      this.wake(memberId);
    }
    return count;
  }

  /** seoaivideo.BatchPublish/resolveUnconfirmed: the member checked the account and says what happened. */
  async resolveUnconfirmed(memberId: number, jobId: number, published: boolean, link: string): Promise<void> {
    const job = await this.repo.findJob(memberId, jobId);
    if (!job) {
      throw notFound();
    }
    const now = this.deps.now();
    // "Not published" makes it a plain failure the member may re-post (the submit left nothing behind).
    const moved = published
      ? await this.repo.move(jobId, { from: ['unconfirmed'] }, 'published', { link: link || job.link }, now)
      : await this.repo.move(
          jobId,
          { from: ['unconfirmed'] },
          'failed',
          { submit_clicked: 0, error_reason: 'not_published', last_error: Msg.publishUnconfirmed },
          now,
        );
    if (!moved) {
      throw badRequest(Msg.publishJobChanged);
    }
    await this.record(moved, 'resolved', { published });
  }

  /** seoaivideo.BatchPublish/answerAction: the member's code (or "scanned") for a hand-off; the runner goes on. */
  async answerAction(memberId: number, jobId: number, code: string): Promise<void> {
    const job = await this.repo.findJob(memberId, jobId);
    if (!job) {
      throw notFound();
    }
    const back = isPublishState(job.action_from) ? job.action_from : 'claimed';
    const moved = await this.repo.move(
      jobId,
      { from: ['needs_action'], leaseOwner: job.lease_owner ?? -1 },
      back,
      { action_answer: code, action_until: null },
      this.deps.now(),
    );
    if (!moved) {
      throw badRequest(Msg.publishJobChanged);
    }
    await this.record(moved, 'action_answered', {});
  }

  /** runner.Runner/create: the token is answered once and stored only as its hash. */
  async createRunner(memberId: number, name: string) {
    const token = `vmr_${generateToken()}`;
    const id = await this.repo.insertRunner({
      member_id: memberId,
      name,
      token_hash: hashToken(token),
      created_at: this.deps.now(),
    });
    return { runner_id: id, name, token };
  }

  /** runner.Runner/revoke: the token stops working and the runner's leases end now. */
  async revokeRunner(memberId: number, runnerId: number): Promise<void> {
    if (!(await this.repo.revokeRunner(memberId, runnerId, this.deps.now()))) {
      throw notFound();
    }
  }

  /** The live runner a token belongs to; 401 otherwise. */
  async authenticateRunner(token: string | undefined): Promise<RunnerIdentity> {
    const runner = token ? await this.repo.runnerByTokenHash(hashToken(token)) : undefined;
    if (!runner) {
      throw new AppError(Code.unauthorized, Msg.runnerTokenInvalid);
    }
    return runner;
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
      await this.repo.runnerSeen(runner.id, {
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
        await this.record(moved, 'released', { runner_id: runner.id });
      }
    }
    this.wake(runner.member_id);
  }

  private async claimOnce(
    runner: RunnerIdentity,
    slots: number,
    accounts: readonly number[],
    busy: readonly number[],
  ): Promise<ClaimedJob[]> {
    const now = this.deps.now();
    const candidates = await this.repo.claimCandidates(runner.member_id, now, accounts, busy, slots * 2 + 8);
    const posts = await this.repo.postsSince(
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
    const fresh = picks.filter((j) => j.state !== 'verifying').map((j) => j.id);
    // The claim's writes (jobs, attempts, events) commit once. One statement claims the fresh jobs;
    // when another claimer took a job of one of these accounts meanwhile (the one-per-account index
    // refuses the statement and so the transaction), each job is claimed on its own.
    const write = async (repo: PublishRepository, claimFresh: () => Promise<MovedJob[]>) => {
      const moved = await claimFresh();
      for (const job of picks.filter((j) => j.state === 'verifying')) {
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
      await repo.appendEvents(this.eventRows(moved, 'claimed', { runner_id: runner.id }));
      return { moved, out };
    };
    let result: { moved: MovedJob[]; out: ClaimCandidate[] };
    try {
      result = await this.repo.transaction((repo) => write(repo, () => repo.claimMany(fresh, lease, now)));
    } catch (error) {
      if (!isUniqueViolation(error)) {
        throw error;
      }
      result = await write(this.repo, async () => {
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
      this.push(m, '');
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
    await this.record(moved, 'review', { review_state: body.review_state });
  }

  /** The storage key of a cover: one of the member's own image materials. */
  private async coverOf(memberId: number, materialId: number): Promise<string> {
    const [row] = await this.repo.materials(memberId, [materialId]);
    if (!row) {
      throw badRequest(Msg.publishCoverMissing);
    }
    if (row.file_type !== 'image') {
      throw badRequest(fillMsg(Msg.publishCoverNotImage, { file: row.file_name }));
    }
    return row.object_key;
  }

  /** Wakes this instance's claims waiting for the member's jobs (server runners' too: they may serve the member). */
  private wake(memberId: number | null): void {
    if (memberId !== null) {
      this.longPolls.wake(memberId);
    }
    this.longPolls.wake(SERVER_RUNNERS_KEY);
  }

  /** runner.Runner/heartbeat: extends the leases the runner still holds; says per job whether to go on. */
  async heartbeat(runner: RunnerIdentity, jobIds: readonly number[], version: string, accounts: readonly number[]) {
    const now = this.deps.now();
    await this.repo.runnerSeen(runner.id, {
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
        ? await this.storeScreenshot(job, action.screenshot)
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
    await this.record(moved, body.phase, { percent, text: body.text }, body.text);
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
    const policy = await this.repo.batchPolicy(moved.batch_id);
    const spacingSec = policy ? (JSON.parse(policy) as SchedulePolicy).spacing_sec : undefined;
    await this.repo.spaceNextPost(
      moved.enterprise_account_id,
      moved.member_id,
      nextPostAt(now, (spacingSec ?? PUBLISH_ACCOUNT_SPACING_SEC) * 1000, this.random()),
      now,
    );
    await this.record(moved, 'submitting', {});
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
    const screenshotKey = body.error?.screenshot ? await this.storeScreenshot(job, body.error.screenshot) : '';
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
      await this.repo.coolDown(
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
    await this.record(moved, 'finished', { outcome: body.outcome, reason, work_id: body.work_id });
    if (reason === 'logged_out') {
      await this.deps.onLoggedOut?.(job.member_id, job.enterprise_account_id);
    }
    if (to === 'queued') {
      this.wake(job.member_id);
    }
    return to;
  }

  /** seoaivideo.BatchPublish/screenshot: the job's screenshot, for the job's member only (else 未找到). */
  async screenshot(memberId: number, jobId: number) {
    const job = await this.repo.findJob(memberId, jobId);
    if (!job?.screenshot_key) {
      throw notFound();
    }
    return this.deps.storage.read(job.screenshot_key);
  }

  private async storeScreenshot(job: JobRow, base64: string): Promise<string> {
    // Under the private prefix /storage does not serve (and 128 random bits where storage is a public bucket).
    const key = `${PRIVATE_STORAGE_PREFIX}publish/${job.id}/${job.attempt_count}-${randomBytes(16).toString('hex')}.png`;
    await this.deps.storage.put(key, Buffer.from(base64, 'base64'), 'image/png');
    return key;
  }

  /**
   * The sweep (every few seconds, once across instances): leases that ran out before submit go back
   * to the queue (or fail after the last attempt); after submit they go to verification by another
   * runner; unanswered hand-offs fail; unproven verifications become unconfirmed; due scheduled jobs
   * are queued.
   */
  async sweep(): Promise<void> {
    const now = this.deps.now();
    for (const job of await this.repo.expiredLeases(now, SWEEP_BATCH)) {
      await this.expireLease(job, now);
    }
    for (const job of await this.repo.expiredActions(now, SWEEP_BATCH)) {
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
        await this.record(moved, 'action_timeout', {});
      }
    }
    for (const job of await this.repo.expiredVerifications(now, SWEEP_BATCH)) {
      const moved = await this.repo.move(
        job.id,
        { from: ['verifying'], unleased: true },
        'unconfirmed',
        { ...cleared, error_reason: 'verify_timeout', last_error: Msg.publishUnconfirmed },
        now,
      );
      if (moved) {
        await this.record(moved, 'verify_timeout', {});
      }
    }
    for (const { id } of await this.repo.dueScheduled(now, SWEEP_BATCH)) {
      const moved = await this.repo.move(id, { from: ['scheduled'] }, 'queued', {}, now);
      if (moved) {
        await this.record(moved, 'queued', {});
        this.wake(moved.member_id);
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
      await this.record(moved, 'lease_lost', { from: state });
      this.wake(moved.member_id);
    }
  }

  /** The event-log rows of moves of one kind (appended with one insert). */
  private eventRows(moved: readonly MovedJob[], type: string, data: Record<string, unknown>) {
    const at = this.deps.now();
    return moved.map((m) => ({
      job_id: m.id,
      seq: m.seq,
      type,
      data: JSON.stringify({ state: m.state, ...data }),
      at,
    }));
  }

  private push(moved: MovedJob, text: string): void {
    this.deps.realtime.publish(moved.member_id, {
      type: 'publish_job',
      data: {
        batch_id: moved.batch_id,
        job_id: moved.id,
        state: moved.state,
        percent: moved.percent,
        text,
        seq: moved.seq,
      },
    });
  }

  /** Logs a move in the job's event log and pushes it to the member's console. */
  private async record(moved: MovedJob, type: string, data: Record<string, unknown>, text = ''): Promise<void> {
    await this.repo.appendEvent(moved.id, moved.seq, type, { state: moved.state, ...data }, this.deps.now());
    this.push(moved, text);
  }
}

/** What leaving a runner's hands clears: lease and hand-off. */
const cleared = {
  lease_owner: null,
  lease_until: null,
  action_until: null,
} satisfies JobPatch;
