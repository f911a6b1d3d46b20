import type { JobResult, PublishJob, RunHooks, RunPhase } from '@vidmatrix/publisher/types';
import type { Logger } from './log.ts';

/**
 * What the runner loop calls on the server's publish module (claim under a lease, report, finish),
 * authenticated by the runner token. The server side does not exist yet; this is the shape it serves.
 */
export interface RunnerApi {
  /** Claims the member's next due job under a lease; undefined when none is due. */
  claim(): Promise<PublishJob | undefined>;
  /** Reports a phase; also renews the lease. Resolves true when the job was cancelled meanwhile. */
  phase(jobId: string, phase: RunPhase): Promise<{ cancelled: boolean }>;
  progress(jobId: string, percent: number, text: string): Promise<void>;
  /** Write-ahead: must resolve before the submit click (publisher's `beforeSubmit`). */
  markSubmitting(jobId: string): Promise<void>;
  finish(jobId: string, result: JobResult): Promise<void>;
}

/** A running loop; `stop` cancels the current job (before submit only) and resolves when it has ended. */
export interface RunnerLoop {
  stop(): Promise<void>;
}

export interface RunnerLoopOptions {
  api: RunnerApi;
  /** publisher's `runJob` bound to this computer's options (browser path, headed, artefact folder). */
  runJob: (job: PublishJob, hooks: RunHooks) => Promise<JobResult>;
  /** Waits before the next claim when none was due; resolves early when the signal aborts. */
  idle: (signal: AbortSignal) => Promise<void>;
  log: Logger;
}

/** Claims and runs the member's jobs one at a time until stopped. */
export function startRunnerLoop(options: RunnerLoopOptions): RunnerLoop {
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let job: PublishJob | undefined;
      try {
        job = await options.api.claim();
      } catch (error) {
        options.log.warn('runner claim failed', { error: String(error) });
      }
      if (!job) {
        await options.idle(stopping.signal);
        continue;
      }
      await runOne(job, options, stopping.signal);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

async function runOne(job: PublishJob, options: RunnerLoopOptions, stopping: AbortSignal) {
  const cancel = new AbortController();
  const onStop = () => cancel.abort();
  stopping.addEventListener('abort', onStop);
  const { api, log } = options;
  try {
    const result = await options.runJob(job, {
      signal: cancel.signal,
      onPhase: async (phase) => {
        const { cancelled } = await api.phase(job.id, phase);
        if (cancelled) {
          cancel.abort();
        }
      },
      onProgress: ({ percent, text }) => {
        api
          .progress(job.id, percent, text)
          .catch((error: unknown) => log.warn('progress report failed', { job: job.id, error: String(error) }));
      },
      beforeSubmit: () => api.markSubmitting(job.id),
    });
    await api.finish(job.id, result);
    log.info('job finished', { job: job.id, outcome: result.outcome });
  } catch (error) {
    // The lease runs out and the server decides (a submitted job is never retried blindly).
    log.error('job run failed', { job: job.id, error: String(error) });
  } finally {
    stopping.removeEventListener('abort', onStop);
  }
}
