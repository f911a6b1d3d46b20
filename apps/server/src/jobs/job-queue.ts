/**
 * The job queue: background work (thumbnails, expiry, message delivery) named by a string with a
 * JSON payload. Two backends share this interface: the embedded DB-backed queue (default, polled in
 * the server process) and BullMQ on Redis when REDIS_URL is set.
 *
 * Usage: `jobs.handle('media.process', async (p: {id: number}) => …)` once at startup, then
 * `await jobs.enqueue('media.process', {id})` anywhere. Handlers must be idempotent: a job runs at
 * least once and is retried (with backoff) until `attempts` is used up, then `onFailed` runs.
 */
export interface JobQueue {
  /** Registers the handler of a job name; call before `start`. */
  handle<T>(name: string, handler: JobHandler<T>, options?: HandleOptions<T>): void;
  /** Queues a job; resolves once it is stored (it runs later). */
  enqueue<T>(name: string, payload: T, options?: EnqueueOptions): Promise<void>;
  /** Runs `name` (with an empty payload) every `everyMs`, once across all server instances. */
  every(name: string, everyMs: number): Promise<void>;
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
}

export interface EnqueueOptions {
  /** Tries before giving up (default 3). */
  attempts?: number;
  /** Wait before the first run, ms. */
  delayMs?: number;
}

/** Default tries of a job. */
export const DEFAULT_ATTEMPTS = 3;
/** Default concurrency per job name and process. */
export const DEFAULT_CONCURRENCY = 2;

/** Exponential backoff before retry `attempt` (1-based): 1 s, 2 s, 4 s … capped at 1 min. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
