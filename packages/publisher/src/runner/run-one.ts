import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { ClaimedJob, FinishBody } from '@vidmatrix/contract/api/publish';
import { runJob, type PublisherOptions } from '../run-job.ts';
import { pause } from '../deadline.ts';
import { ProfileBusyError } from '../profile-lock.ts';
import type { JobResult, PublishJob, RunHooks } from '../types.ts';
import { profileDirOf } from './auth-loop.ts';
import { downloadOnce } from './download.ts';
import { proxyOf } from './proxy.ts';
import { type RunnerClient, ServerRefusal } from './runner-client.ts';
import type { RunnerOptions } from './runner-loop.ts';
import { reviewOnly, verifyOnly } from './verify-only.ts';

/** Upload percent is reported at most this often per job, ms. */
const PROGRESS_EVERY_MS = 1_000;

/** Runs one claimed job (or review read) and reports how it ended; a refused finish means the lease was lost. */
export async function runOne(
  client: RunnerClient,
  claimed: ClaimedJob,
  abort: AbortController,
  publisher: PublisherOptions,
  options: RunnerOptions,
  log: NonNullable<RunnerOptions['log']>,
): Promise<void> {
  const jobId = claimed.job_id;
  const account = {
    id: String(claimed.enterprise_account_id),
    profileDir: profileDirOf(options.workDir, claimed.platform, claimed.enterprise_account_id),
    proxy: proxyOf(claimed.ip_code),
  };
  if (claimed.review_only) {
    // A published post still under review: one read of its state, reported (no video, no finish).
    const review = await reviewOnly(claimed, account, publisher).catch((err: unknown) => {
      log('review read failed', { job: jobId, err: String(err) });
      return undefined;
    });
    if (review) {
      await client
        .review({ job_id: jobId, review_state: review.reviewState, work_id: claimed.work_id })
        .catch((err: unknown) => log('review refused', { job: jobId, err: String(err) }));
    }
    return;
  }
  let result: JobResult;
  try {
    const videoPath = await downloadOnce(client, claimed.video_url, claimed.file_name, options.workDir, jobId);
    // The cover's URL ends with its storage key, whose extension is the image's.
    const coverPath = claimed.cover_url
      ? await downloadOnce(
          client,
          claimed.cover_url,
          new URL(claimed.cover_url, 'http://x').pathname,
          options.workDir,
          jobId,
        )
      : undefined;
    const job: PublishJob = {
      id: String(jobId),
      platform: claimed.platform,
      account,
      videoPath,
      ...(coverPath ? { coverPath } : {}),
      title: claimed.title,
      description: claimed.description,
      topics: claimed.topics,
      scheduleAt: claimed.schedule_at ?? undefined,
    };
    result = claimed.verify_only
      ? await verifyOnly(job, claimed, publisher)
      : await runJob(job, hooksFor(client, jobId, abort, options), publisher);
  } catch (err) {
    // Before the browser did anything (download, launch): nothing was submitted.
    const busy = err instanceof ProfileBusyError;
    if (busy) {
      // The operator's line; the member reads the reason's Chinese words (publishFailureText), never this.
      log(
        'job not started: the account profile is in use by another browser session (holder below); the server queues it again while attempts remain',
        {
          job: jobId,
          account: claimed.enterprise_account_id,
          profile: err.profileDir,
          holder_pid: err.holder.pid,
          holder_host: err.holder.host,
          holder_is_this_process: err.holder.pid === process.pid && err.holder.host === hostname(),
        },
      );
    }
    result = {
      outcome: claimed.verify_only ? 'unconfirmed' : 'failed',
      phase: 'preparing',
      submitClicked: false,
      error: {
        reason: busy ? 'profile_busy' : 'error',
        message: err instanceof Error ? err.message : String(err),
        url: '',
        pageText: '',
      },
      connectorVersion: '',
    };
  }
  const body: FinishBody = {
    job_id: jobId,
    outcome: result.outcome,
    submit_clicked: result.submitClicked,
    work_id: result.workId ?? '',
    permalink: result.permalink ?? '',
    review_state: result.reviewState ?? '',
  };
  if (result.error) {
    const shot = result.error.screenshotPath
      ? await readFile(result.error.screenshotPath).then(
          (b) => b.toString('base64'),
          () => undefined,
        )
      : undefined;
    body.error = {
      reason: result.error.reason,
      message: result.error.message.slice(0, 4000),
      url: result.error.url.slice(0, 2000),
      page_text: result.error.pageText.slice(0, 4000),
      ...(shot ? { screenshot: shot } : {}),
    };
  }
  try {
    const state = await client.finish(body);
    log('job finished', { job: jobId, outcome: result.outcome, state });
  } catch (err) {
    // A lost lease: the server already handed the job on (requeued or to verification).
    log('finish refused', { job: jobId, err: String(err) });
  }
}

/**
 * Hooks of one job: every report goes to the server; a refused report (lease lost) aborts the job.
 * Reports go out one at a time, in order: an upload percent sent unawaited must not reach the server
 * after the job moved on, where it would be refused as a lost lease.
 */
function hooksFor(client: RunnerClient, jobId: number, abort: AbortController, options: RunnerOptions): RunHooks {
  const pollMs = options.actionPollMs ?? 1_000;
  let lastProgress = 0;
  let reports: Promise<unknown> = Promise.resolve();
  /** Queues a report after the ones before it; its own failure is the caller's to handle. */
  const inOrder = <T>(send: () => Promise<T>): Promise<T> => {
    const sent = reports.then(send);
    reports = sent.catch(() => undefined);
    return sent;
  };
  const lost = (err: unknown) => {
    if (err instanceof ServerRefusal) {
      abort.abort();
    }
  };
  return {
    signal: abort.signal,
    onPhase: async (phase) => {
      // `submitting` is recorded by beforeSubmit, `needs_action` by onNeedsAction with its prompt.
      if (phase === 'submitting' || phase === 'needs_action') {
        return;
      }
      const status = await inOrder(() => client.progress({ job_id: jobId, phase })).catch((err: unknown) => {
        lost(err);
        return undefined;
      });
      if (status?.cancel) {
        abort.abort();
      }
    },
    onProgress: ({ percent, text }) => {
      const now = Date.now();
      if (now - lastProgress < PROGRESS_EVERY_MS && percent < 100) {
        return;
      }
      lastProgress = now;
      inOrder(() => client.progress({ job_id: jobId, phase: 'uploading', percent, text: text.slice(0, 500) })).catch(
        lost,
      );
    },
    beforeSubmit: (basis) =>
      inOrder(() =>
        client.beforeSubmit({
          job_id: jobId,
          listed_ids: basis.listedIds ? [...basis.listedIds] : null,
          submitted_at: basis.submittedAt,
        }),
      ),
    onNeedsAction: async (request) => {
      await inOrder(() =>
        client.progress({
          job_id: jobId,
          phase: 'needs_action',
          text: request.prompt.slice(0, 500),
          action: {
            kind: request.kind,
            prompt: request.prompt.slice(0, 500),
            image: request.image ?? '',
            screenshot: request.screenshot.toString('base64'),
          },
        }),
      );
      for (;;) {
        const answer = await client.action(jobId);
        if (answer.status === 'answered') {
          return { code: answer.code };
        }
        if (answer.status === 'gone') {
          throw new Error('the hand-off ended without an answer');
        }
        await pause(pollMs, abort.signal);
        if (abort.signal.aborted) {
          throw new Error('cancelled while waiting for an answer');
        }
      }
    },
  };
}
