import { createHash, randomBytes } from 'node:crypto';
import type { BatchSummary, PublishJobView, SchedulePolicy, batchAddBody } from '@vidmatrix/contract/api/publish';
import { Msg, fillMsg } from '@vidmatrix/contract/messages';
import { accountSelectability } from '@vidmatrix/contract/rules/account-selectability';
import { checkPublishContent, publishPlatformOf, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import {
  CLAIMABLE_STATES,
  PRE_SUBMIT_STATES,
  PUBLISH_ACCOUNT_SPACING_SEC,
  PUBLISH_BATCH_MAX_JOBS,
  isPreSubmit,
  isPublishState,
  spreadRunTimes,
  type PublishState,
} from '@vidmatrix/contract/rules/publish-state';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import { badRequest, notFound } from '../../errors.ts';
import { ruleText } from './publish-rule-text.ts';
import type { PublishRepository } from './publish.repository.ts';
import { type JobRow, type JobWithNames } from './publish.repository.ts';
import type { PublishQueueRepository } from './publish-queue.repository.ts';
import type { PublishLookupRepository } from './publish-lookup.repository.ts';
import type { PublishDeps } from './publish-deps.ts';
import type { JobMoves } from './publish-moves.ts';
import { PLATFORM_REFUSALS } from './failure-reasons.ts';
import { cleared, parseContent, screenshotUrl, type JobContent } from './publish-moves.ts';

/** Batches of video × account jobs as the member sees them: add, list, info, cancel, retry, resolve, answer. */
export class BatchService {
  private readonly random: () => number;

  constructor(
    private readonly deps: PublishDeps,
    private readonly repo: PublishRepository,
    private readonly queue: PublishQueueRepository,
    private readonly lookup: PublishLookupRepository,
    private readonly moves: JobMoves,
  ) {
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
    const materialRows = await this.lookup.materials(memberId, body.material_ids);
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
    const accountRows = await this.lookup.accounts(memberId, body.enterprise_account_ids);
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
    this.moves.wake(memberId);
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
      (await this.queue.accountHealth([...new Set(jobs.map((j) => j.enterprise_account_id))]))
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
          await this.moves.record(moved, 'cancelled', {});
        }
      } else if (isPreSubmit(state)) {
        const touched = await this.repo.touch(job.id, { from: PRE_SUBMIT_STATES }, { cancel_requested: 1 }, now);
        if (touched) {
          count++;
          await this.moves.record(touched, 'cancel_requested', {});
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
        await this.moves.record(moved, 'retried', {});
      }
    }
    if (count > 0) {
      this.moves.wake(memberId);
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
    await this.moves.record(moved, 'resolved', { published });
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
    await this.moves.record(moved, 'action_answered', {});
  }

  /** seoaivideo.BatchPublish/screenshot: the job's screenshot, for the job's member only (else 未找到). */
  async screenshot(memberId: number, jobId: number) {
    const job = await this.repo.findJob(memberId, jobId);
    if (!job?.screenshot_key) {
      throw notFound();
    }
    return this.deps.storage.read(job.screenshot_key);
  }

  /** The storage key of a cover: one of the member's own image materials. */
  private async coverOf(memberId: number, materialId: number): Promise<string> {
    const [row] = await this.lookup.materials(memberId, [materialId]);
    if (!row) {
      throw badRequest(Msg.publishCoverMissing);
    }
    if (row.file_type !== 'image') {
      throw badRequest(fillMsg(Msg.publishCoverNotImage, { file: row.file_name }));
    }
    return row.object_key;
  }
}
