import { parseJobPayload, type JobName, type JobPayload } from '@vidmatrix/contract/jobs';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
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

/**
 * The BullMQ backend (REDIS_URL): one BullMQ queue per job name, workers in this process. Queues and
 * workers share `connection` (from the process's Redis factory, which closes it); BullMQ adds and
 * closes the blocking connections its workers need.
 */
export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly handlers = new Map<JobName, { handler: JobHandler<unknown>; options: HandleOptions<unknown> }>();
  /** Names with a repeating schedule (their period, ms): their next run always waits as a delayed job. */
  private readonly scheduled = new Map<string, number>();
  /** The check for lost data in progress (at start, and after every reconnect). */
  private checking: Promise<void> = Promise.resolve();
  private readonly onReady = (): void => {
    this.checking = this.checking.then(() => this.recoverIfLost());
  };

  constructor(
    /** A connection with `maxRetriesPerRequest: null`, as BullMQ requires. */
    private readonly connection: Redis,
    /** Key prefix; tests use their own to share one Redis. */
    private readonly prefix = 'vidmatrix-jobs',
    private readonly log: JobLogger = silentJobLogger,
  ) {}

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  handle<N extends JobName>(
    name: N,
    handler: JobHandler<JobPayload<N>>,
    options: HandleOptions<JobPayload<N>> = {},
  ): void {
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, options: options as HandleOptions<unknown> });
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<void> {
    await this.queue(name).add(name, payload ?? {}, {
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      delay: options.delayMs ?? 0,
      backoff: { type: 'custom' },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async every(name: JobName, everyMs: number): Promise<void> {
    this.scheduled.set(name, everyMs);
    // Each run is a job of its own: one attempt (the next run is the retry), gone once done.
    await this.queue(name).upsertJobScheduler(
      `${name}:every`,
      { every: everyMs },
      { name, data: {}, opts: { attempts: 1, removeOnComplete: true, removeOnFail: 1000 } },
    );
  }

  start(): Promise<void> {
    for (const [name, { handler, options }] of this.handlers) {
      const worker = new Worker(
        name,
        async (job) => {
          const maxAttempts = attemptsOf(job);
          // attemptsStarted counts every run, the ones a dead worker left unfinished (stalled) too: as
          // on the embedded queue, those use up attempts, and past the last one the job fails.
          if (job.attemptsStarted > maxAttempts) {
            throw new UnrecoverableError(STALLED_JOB_ERROR);
          }
          await handler(parseJobPayload(name, job.data), { attempt: job.attemptsStarted, maxAttempts });
        },
        {
          connection: this.connection,
          prefix: this.prefix,
          concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
          // The embedded queue's lease: a dead worker's job is found stalled and rerun after at most
          // two of these (BullMQ checks every stalledInterval); the lock renews at half of it.
          lockDuration: JOB_LEASE_MS,
          stalledInterval: JOB_LEASE_MS,
          // Stalls are bounded per job by its attempts (above), not by BullMQ's own count.
          maxStalledCount: Number.MAX_SAFE_INTEGER,
          settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
        },
      );
      worker.on('failed', (job, error) => {
        if (!job) {
          return;
        }
        // attemptsMade already counts the attempt that just failed.
        const maxAttempts = attemptsOf(job);
        logJobFailure(this.log, { name, id: job.id, attempt: job.attemptsMade, maxAttempts }, error);
        if (job.attemptsMade >= maxAttempts || error instanceof UnrecoverableError) {
          void options.onFailed?.(job.data, error).catch((err: unknown) => {
            this.log.error({ job: name, jobId: job.id, err }, 'Job onFailed handler failed');
          });
        }
      });
      worker.on('error', (err) => this.log.error({ job: name, err }, 'Job worker error'));
      this.workers.push(worker);
    }
    // Redis restarted without its data (no persistence, or a crash before it wrote): every queued job
    // and schedule is gone. Each reconnect looks for the marker this process's queue set; the first
    // process to find it missing sets it again and queues what the database says is unfinished.
    this.connection.on('ready', this.onReady);
    this.onReady();
    return this.checking;
  }

  /** The key whose absence says Redis lost the queue's data since it was last set. */
  private get markerKey(): string {
    return `${this.prefix}:data-marker`;
  }

  private async recoverIfLost(): Promise<void> {
    try {
      if ((await this.connection.set(this.markerKey, String(Date.now()), 'NX')) !== 'OK') {
        return;
      }
      let requeued = 0;
      for (const [name, everyMs] of this.scheduled) {
        await this.every(name as JobName, everyMs);
      }
      for (const [name, { options }] of this.handlers) {
        for (const payload of (await options.recover?.()) ?? []) {
          await this.enqueue(name, payload as JobPayload<typeof name>, { attempts: options.attempts });
          requeued += 1;
        }
      }
      if (requeued > 0 || this.scheduled.size > 0) {
        this.log.warn(
          { requeued, schedules: this.scheduled.size },
          'Job queue found empty in Redis: schedules set again, unfinished jobs queued again from the database',
        );
      }
    } catch (err) {
      // Redis went away again: the next reconnect checks again.
      this.log.error({ err }, 'Job queue recovery failed');
      await this.connection.del(this.markerKey).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.connection.off('ready', this.onReady);
    await this.checking;
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }

  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let pending = 0;
      for (const [name, queue] of this.queues) {
        const states = this.scheduled.has(name)
          ? (['waiting', 'active', 'prioritized'] as const)
          : (['waiting', 'active', 'delayed', 'prioritized'] as const);
        const counts = await queue.getJobCounts(...states);
        pending += Object.values(counts).reduce((a, b) => a + b, 0);
      }
      if (pending === 0) {
        return;
      }
      if (Date.now() > deadline) {
        throw new Error('Job queue did not drain in time');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A job's attempts: BullMQ gives a scheduler's runs `attempts: 0`, which means one. */
function attemptsOf(job: Job): number {
  return Math.max(1, job.opts.attempts ?? 1);
}
