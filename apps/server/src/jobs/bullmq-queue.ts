import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_CONCURRENCY,
  retryDelayMs,
  type EnqueueOptions,
  type HandleOptions,
  type JobHandler,
  type JobQueue,
} from './job-queue.ts';

/** The BullMQ backend (REDIS_URL): one BullMQ queue per job name, workers in this process. */
export class BullJobQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly handlers = new Map<string, { handler: JobHandler<unknown>; options: HandleOptions<unknown> }>();
  private readonly connection: ConnectionOptions;
  /** Names with a repeating schedule: their next run always waits as a delayed job. */
  private readonly scheduled = new Set<string>();

  constructor(
    redisUrl: string,
    /** Key prefix; tests use their own to share one Redis. */
    private readonly prefix = 'vidmatrix-jobs',
  ) {
    const url = new URL(redisUrl);
    this.connection = {
      host: url.hostname,
      port: Number(url.port || 6379),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      db: Number(url.pathname.slice(1) || 0),
      maxRetriesPerRequest: null,
    };
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  handle<T>(name: string, handler: JobHandler<T>, options: HandleOptions<T> = {}): void {
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, options: options as HandleOptions<unknown> });
  }

  async enqueue<T>(name: string, payload: T, options: EnqueueOptions = {}): Promise<void> {
    await this.queue(name).add(name, payload ?? {}, {
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      delay: options.delayMs ?? 0,
      backoff: { type: 'custom' },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async every(name: string, everyMs: number): Promise<void> {
    this.scheduled.add(name);
    await this.queue(name).upsertJobScheduler(`${name}:every`, { every: everyMs }, { name, data: {} });
  }

  start(): Promise<void> {
    for (const [name, { handler, options }] of this.handlers) {
      const worker = new Worker(
        name,
        async (job) => handler(job.data, { attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? 1 }),
        {
          connection: this.connection,
          prefix: this.prefix,
          concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
          settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
        },
      );
      worker.on('failed', (job, error) => {
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
          void options.onFailed?.(job.data, error).catch(() => undefined);
        }
      });
      worker.on('error', () => undefined);
      this.workers.push(worker);
    }
    return Promise.resolve();
  }

  async close(): Promise<void> {
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
