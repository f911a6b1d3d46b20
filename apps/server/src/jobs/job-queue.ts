import type { JobName, JobPayload } from '@vidmatrix/contract/jobs';

/**
 * The job queue: background work (thumbnails, expiry, message delivery) named in the catalogue
 * `@vidmatrix/contract/jobs` with a JSON payload. Two backends share this interface: the embedded
 * DB-backed queue (default, polled in the server process) and BullMQ on Redis when REDIS_URL is set.
 *
 * Usage: `jobs.handle('material.media', (p) => …)` once at startup (in `modules/<f>/<f>.jobs.ts`),
 * then `await jobs.enqueue('material.media', { materialId })` anywhere. Payloads are validated
 * against the catalogue before the handler runs. Handlers must be idempotent: a job runs at least
 * once and is retried (with backoff) until `attempts` is used up, then `onFailed` runs. A run that a
 * dead process left unfinished (its lease lapsed) uses up an attempt too, on both backends: a job that
 * kills its process every time ends failed, not in an endless loop.
 */
export interface JobQueue {
  /** Registers the handler of a job name; call before `start`. */
  handle<N extends JobName>(name: N, handler: JobHandler<JobPayload<N>>, options?: HandleOptions<JobPayload<N>>): void;
  /** Queues a job; resolves once it is stored (it runs later). */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  /** Runs `name` (with an empty payload) every `everyMs`, once across all server instances. */
  every(name: JobName, everyMs: number): Promise<void>;
  /** Starts the workers. */
  start(): Promise<void>;
  /** Stops the workers, letting running jobs finish. */
  close(): Promise<void>;
  /** Resolves when no job is waiting or running (tests and the CLI). */
  drain(timeoutMs?: number): Promise<void>;
}

export type JobHandler<T> = (payload: T, context: JobContext) => Promise<void>;

export interface JobContext {
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface HandleOptions<T> {
  /** Jobs of this name run at most this many at once per process (default 2). */
  concurrency?: number;
  /** Called once when the last attempt failed: make the failure visible to the user. */
  onFailed?: (payload: T, error: Error) => Promise<void>;
  /**
   * The jobs of this name the database says are unfinished. A queue that can lose its jobs (BullMQ,
   * when Redis comes back empty after a crash) queues these again; handlers are idempotent, so one
   * that was still queued or running elsewhere does no harm.
   */
  recover?: () => Promise<T[]>;
  /**
   * Tries of the jobs this queue queues itself (`recover`), as the name's callers pass to `enqueue`
   * (default DEFAULT_ATTEMPTS). Without it a recovered job got the default, not its own count.
   */
  attempts?: number;
}

export interface EnqueueOptions {
  /** Tries before giving up (default 3). */
  attempts?: number;
  /** Wait before the first run, ms. */
  delayMs?: number;
}

/** Default tries of a job. */
export const DEFAULT_ATTEMPTS = 3;
/** The error of a job whose last attempt was left unfinished by a dead process. */
export const STALLED_JOB_ERROR = 'The job stopped with its process on its last attempt';
/**
 * A running job's lease, ms: when the process running it dies, the job runs again once this lapses.
 * Short, so a killed process's work resumes within half a minute; while the handler runs, its process
 * keeps extending it (the embedded queue's heartbeat, BullMQ's lock renewal at half the lease).
 */
export const JOB_LEASE_MS = 30_000;
/** Default concurrency per job name and process. */
export const DEFAULT_CONCURRENCY = 2;

/** What a backend logs with (pino and Fastify's logger fit). */
export interface JobLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A logger that drops everything (tests and tools that build a queue without one). */
export const silentJobLogger: JobLogger = { warn: () => undefined, error: () => undefined };

/** Logs one failed attempt of a job: a warning while retries remain, an error on the last. */
export function logJobFailure(
  log: JobLogger,
  job: { name: string; id: string | number | undefined; attempt: number; maxAttempts: number },
  error: unknown,
): void {
  const last = job.attempt >= job.maxAttempts;
  const fields = { job: job.name, jobId: job.id, attempt: job.attempt, maxAttempts: job.maxAttempts, err: error };
  if (last) {
    log.error(fields, 'Job failed, no attempts left');
  } else {
    log.warn(fields, 'Job failed, will retry');
  }
}

/** Exponential backoff before retry `attempt` (1-based): 1 s, 2 s, 4 s … capped at 1 min. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

/** A job that runs on a fixed period (with an empty payload), wherever jobs run. */
export interface JobSchedule {
  name: JobName;
  everyMs: number;
}
