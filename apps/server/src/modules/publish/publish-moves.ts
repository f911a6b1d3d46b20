import { createHash, randomBytes } from 'node:crypto';
import { type VerifyBasis, PublishApi } from '@vidmatrix/contract/api/publish';
import { Code } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { AppError } from '../../errors.ts';
import { PRIVATE_STORAGE_PREFIX } from '../../storage/storage.ts';
import type { LongPolls } from './long-poll.ts';
import { SERVER_RUNNERS_KEY } from './long-poll.ts';
import type { PublishRepository } from './publish.repository.ts';
import { type JobPatch, type JobRow, type MovedJob } from './publish.repository.ts';
import type { PublishDeps } from './publish-deps.ts';

/** The copy and file of a job, frozen when the batch was made. */
export interface JobContent {
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

/** A claim refreshes the runner's last-seen time at most this often, ms (heartbeats always do). */

export function leaseLost(): AppError {
  return new AppError(Code.forbidden, Msg.runnerLeaseLost);
}

/** Where the console reads a job's screenshot: the member-checked route, never public storage. */
export function screenshotUrl(job: Pick<JobRow, 'id' | 'screenshot_key'>): string {
  if (!job.screenshot_key) {
    return '';
  }
  const version = createHash('sha256').update(job.screenshot_key).digest('hex').slice(0, 12);
  return `${PublishApi.screenshot}?job_id=${job.id}&v=${version}`;
}

export function parseContent(job: Pick<JobRow, 'content'>): JobContent {
  return JSON.parse(job.content) as JobContent;
}

/** The basis a runner recorded with `submitting`; none recorded: nothing known (verification then needs the list's times). */
export function parseBasis(job: Pick<JobRow, 'verify_basis'>): VerifyBasis {
  return job.verify_basis ? (JSON.parse(job.verify_basis) as VerifyBasis) : { listed_ids: null, submitted_at: null };
}

/** What leaving a runner's hands clears: lease and hand-off. */
export const cleared = {
  lease_owner: null,
  lease_until: null,
  action_until: null,
} satisfies JobPatch;

/**
 * What every publish service does after a successful compare-and-set: log the move in the job's
 * event log, push it to the member's console, and wake this instance's claims waiting for it.
 */
export class JobMoves {
  constructor(
    private readonly deps: Pick<PublishDeps, 'now' | 'realtime' | 'storage'>,
    private readonly repo: PublishRepository,
    private readonly longPolls: LongPolls,
  ) {}

  /** Wakes this instance's claims waiting for the member's jobs (server runners' too: they may serve the member). */
  wake(memberId: number | null): void {
    if (memberId !== null) {
      this.longPolls.wake(memberId);
    }
    this.longPolls.wake(SERVER_RUNNERS_KEY);
  }

  async storeScreenshot(job: JobRow, base64: string): Promise<string> {
    // Under the private prefix /storage does not serve (and 128 random bits where storage is a public bucket).
    const key = `${PRIVATE_STORAGE_PREFIX}publish/${job.id}/${job.attempt_count}-${randomBytes(16).toString('hex')}.png`;
    await this.deps.storage.put(key, Buffer.from(base64, 'base64'), 'image/png');
    return key;
  }

  /** The event-log rows of moves of one kind (appended with one insert). */
  eventRows(moved: readonly MovedJob[], type: string, data: Record<string, unknown>) {
    const at = this.deps.now();
    return moved.map((m) => ({
      job_id: m.id,
      seq: m.seq,
      type,
      data: JSON.stringify({ state: m.state, ...data }),
      at,
    }));
  }

  push(moved: MovedJob, text: string): void {
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
  async record(moved: MovedJob, type: string, data: Record<string, unknown>, text = ''): Promise<void> {
    await this.repo.appendEvent(moved.id, moved.seq, type, { state: moved.state, ...data }, this.deps.now());
    this.push(moved, text);
  }
}
