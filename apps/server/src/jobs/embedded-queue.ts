import { parseJobPayload, type JobName, type JobPayload } from '@vidmatrix/contract/jobs';
import { CompiledQueries } from '../db/compiled.ts';
import type { Db } from '../db/types.ts';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_CONCURRENCY,
  JOB_LEASE_MS,
  STALLED_JOB_ERROR,
  logJobFailure,
  retryDelayMs,
  silentJobLogger,
  type EnqueueOptions,
  type JobLogger,
  type HandleOptions,
  type JobHandler,
  type JobQueue,
} from './job-queue.ts';

/** How often idle workers look for due jobs, ms. */
const POLL_MS = 250;
/** How often the process running a job extends its lease (real time), ms: three beats per lease. */
export const HEARTBEAT_MS = JOB_LEASE_MS / 3;

export interface EmbeddedQueueOptions {
  /** Lease of a claimed job on the queue's clock, ms (default JOB_LEASE_MS). */
  leaseMs?: number;
  /** Real-time period of the lease heartbeat, ms (default HEARTBEAT_MS; tests use a short one). */
  heartbeatMs?: number;
}

/** The idle poll's query, compiled once per number of names (it runs four times a second). */
const dueQueries = new CompiledQueries();

interface Registered {
  handler: JobHandler<unknown>;
  options: HandleOptions<unknown>;
  running: number;
}

/**
 * The DB-backed queue: jobs are rows of `job`, claimed with a conditional update so several server
 * processes can share one database. Finished jobs are deleted; failed ones stay with their error.
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly handlers = new Map<JobName, Registered>();
  private readonly schedules: { name: JobName; everyMs: number; next: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: JobLogger = silentJobLogger,
    private readonly now: () => number = Date.now,
    options: EmbeddedQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  private readonly leaseMs: number;
  private readonly heartbeatMs: number;

  handle<N extends JobName>(
    name: N,
    handler: JobHandler<JobPayload<N>>,
    options: HandleOptions<JobPayload<N>> = {},
  ): void {
    this.handlers.set(name, {
      handler: handler as JobHandler<unknown>,
      options: options as HandleOptions<unknown>,
      running: 0,
    });
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<void> {
    const now = this.now();
    await this.db
      .insertInto('job')
      .values({
        name,
        payload: JSON.stringify(payload ?? null),
        status: 'queued',
        attempts: 0,
        max_attempts: options.attempts ?? DEFAULT_ATTEMPTS,
        run_at: now + (options.delayMs ?? 0),
        locked_until: null,
        last_error: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    this.wake();
  }

  every(name: JobName, everyMs: number): Promise<void> {
    this.schedules.push({ name, everyMs, next: this.now() + everyMs });
    return Promise.resolve();
  }

  start(): Promise<void> {
    this.closed = false;
    this.wake();
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pending = await this.db
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (Number(pending.n) === 0 && this.inFlight.size === 0) {
        return;
      }
      if (Date.now() > deadline) {
        throw new Error('Job queue did not drain in time');
      }
      this.wake();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private wake(): void {
    if (this.closed) {
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  private async tick(): Promise<void> {
    try {
      await this.runSchedules();
      const withRoom = [...this.handlers].filter(([, reg]) => freeSlots(reg) > 0).map(([name]) => name);
      // One query finds which of them have due work, so an idle poll costs one statement, not one
      // per job name four times a second (it showed in every request's CPU time).
      for (const name of await this.dueNames(withRoom)) {
        const reg = this.handlers.get(name);
        if (reg && freeSlots(reg) > 0) {
          await this.claim(name, reg, freeSlots(reg));
        }
      }
    } catch {
      // The database may be closing (shutdown, tests); the next tick tries again.
    }
    if (!this.closed) {
      this.timer = setTimeout(() => void this.tick(), POLL_MS);
    }
  }

  private async runSchedules(): Promise<void> {
    const now = this.now();
    for (const schedule of this.schedules) {
      if (schedule.next <= now) {
        schedule.next = now + schedule.everyMs;
        await this.enqueue(schedule.name, {}, { attempts: 1 });
      }
    }
  }

  /** Which of `names` have a job due: queued and due, or running with a lapsed lease. */
  private async dueNames(names: JobName[]): Promise<JobName[]> {
    if (names.length === 0) {
      return [];
    }
    const now = this.now();
    const rows = await dueQueries.execute(this.db, `dueNames|${names.length}`, { names, now }, (p) =>
      this.db
        .selectFrom('job')
        .select('name')
        .distinct()
        .where('name', 'in', p.names)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', p.now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', p.now)]),
          ]),
        ),
    );
    return rows.map((row) => row.name as JobName);
  }

  private async claim(name: JobName, reg: Registered, free: number): Promise<void> {
    const now = this.now();
    const due = await this.db
      .selectFrom('job')
      .select(['id', 'status', 'payload', 'attempts', 'max_attempts'])
      .where('name', '=', name)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('id')
      .limit(free)
      .execute();
    for (const job of due) {
      if (job.status === 'running' && job.attempts >= job.max_attempts) {
        await this.failStalled(name, reg, job);
        continue;
      }
      const claimed = await this.db
        .updateTable('job')
        .set({ status: 'running', attempts: job.attempts + 1, locked_until: now + this.leaseMs, updated_at: now })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        continue; // another process took it
      }
      reg.running += 1;
      const run = this.run(name, job.id, reg, job.payload, job.attempts + 1, job.max_attempts).finally(() => {
        reg.running -= 1;
        this.inFlight.delete(run);
        this.wake();
      });
      this.inFlight.add(run);
    }
  }

  /**
   * A job whose last attempt a dead process left unfinished: it fails (once, if several processes
   * find it) instead of running again, and its onFailed makes that visible.
   */
  private async failStalled(
    name: JobName,
    reg: Registered,
    job: { id: number; payload: string; attempts: number },
  ): Promise<void> {
    const now = this.now();
    const failed = await this.db
      .updateTable('job')
      .set({ status: 'failed', locked_until: null, last_error: STALLED_JOB_ERROR, updated_at: now })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) {
      return;
    }
    const error = new Error(STALLED_JOB_ERROR);
    logJobFailure(this.log, { name, id: job.id, attempt: job.attempts, maxAttempts: job.attempts }, error);
    await this.notifyFailed(name, job.id, reg, () => parseJobPayload(name, JSON.parse(job.payload)), error);
  }

  private async run(name: JobName, id: number, reg: Registered, raw: string, attempt: number, maxAttempts: number) {
    let payload: unknown;
    // The heartbeat lives in this process: killed with it, it stops, and the lease lapses.
    const heartbeat = setInterval(() => void this.renew(id, attempt), this.heartbeatMs);
    // The outcome is written only while this claim is current (attempts unchanged): a process that lost
    // its lease (paused past it) and finishes late must not end or reschedule another process's run.
    try {
      payload = parseJobPayload(name, JSON.parse(raw));
      await reg.handler(payload, { attempt, maxAttempts });
      await this.db.deleteFrom('job').where('id', '=', id).where('attempts', '=', attempt).execute();
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      logJobFailure(this.log, { name, id, attempt, maxAttempts }, error);
      const last = attempt >= maxAttempts;
      const now = this.now();
      const recorded = await this.db
        .updateTable('job')
        .set({
          status: last ? 'failed' : 'queued',
          run_at: now + retryDelayMs(attempt),
          locked_until: null,
          last_error: error.message.slice(0, 1000),
          updated_at: now,
        })
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .executeTakeFirst()
        .catch(() => undefined);
      if (last && payload !== undefined && Number(recorded?.numUpdatedRows ?? 0) === 1) {
        const parsed = payload;
        await this.notifyFailed(name, id, reg, () => parsed, error);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Runs the name's onFailed with the job's payload; a payload that does not parse is only logged. */
  private async notifyFailed(
    name: JobName,
    id: number,
    reg: Registered,
    payloadOf: () => unknown,
    error: Error,
  ): Promise<void> {
    try {
      await reg.options.onFailed?.(payloadOf(), error);
    } catch (err: unknown) {
      this.log.error({ job: name, jobId: id, err }, 'Job onFailed handler failed');
    }
  }

  /**
   * Extends the lease of a job this process runs. Only this claim's lease: a job another process
   * retook (its attempts moved on) or that already ended is left alone.
   */
  private async renew(id: number, attempt: number): Promise<void> {
    const now = this.now();
    await this.db
      .updateTable('job')
      .set({ locked_until: now + this.leaseMs, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .execute()
      .catch((err: unknown) => this.log.warn({ jobId: id, err }, 'Job lease not renewed'));
  }
}

function freeSlots(reg: Registered): number {
  return (reg.options.concurrency ?? DEFAULT_CONCURRENCY) - reg.running;
}
