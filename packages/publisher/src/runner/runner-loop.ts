import { join } from 'node:path';
import type { ClaimedJob } from '@vidmatrix/contract/api/publish';
import { RUNNER_CLAIM_WAIT_MS, RUNNER_HEARTBEAT_MS } from '@vidmatrix/contract/rules/publish-state';
import type { PublisherOptions } from '../run-job.ts';
import { pause } from '../deadline.ts';
import { profileDirOf, runAuthTask } from './auth-loop.ts';
import { runHarvestPass, type HarvestOptions } from './harvest-pass.ts';
import { ConnectorSync } from './connector-sync.ts';
import { runDriftTask } from './drift-task.ts';
import { proxyOf } from './proxy.ts';
import { RunnerClient } from './runner-client.ts';
import { runOne } from './run-one.ts';

export { proxyOf } from './proxy.ts';

/** How a runner is set up. */
export interface RunnerOptions {
  serverUrl: string;
  token: string;
  /** Profiles (one per account), downloaded videos and failure artefacts live under it. */
  workDir: string;
  /** Browser and connector settings (artefactDir defaults to workDir/artefacts). */
  publisher?: Partial<PublisherOptions>;
  /** Jobs run at once (each on its own account). */
  slots?: number;
  /** How long one claim waits on the server for a due job, ms. */
  claimWaitMs?: number;
  heartbeatMs?: number;
  /** How often a hand-off polls for the member's answer, ms. */
  actionPollMs?: number;
  version?: string;
  /** Take the member's account authorizations (QR logins, login checks) too; default true. */
  authorize?: boolean;
  /**
   * Only jobs of these accounts (a server runner: the accounts whose profiles it holds, so it never
   * takes a job whose login lives on a member's desktop); none held: no job is claimed. Default: any.
   */
  accountsHeld?: () => Promise<number[]>;
  log?: (message: string, data?: Record<string, unknown>) => void;
  fetch?: typeof fetch;
  /** Harvest comments and messages of the accounts whose member turned it on (issue 23); false: never. */
  harvest?: HarvestOptions | false;
  /** How often a free slot asks for a due harvest pass, ms. */
  harvestPollMs?: number;
}

/** A running runner loop. */
export interface RunnerHandle {
  /** Stops claiming, lets running jobs end, then resolves. */
  stop(): Promise<void>;
  /** Resolves when the loop has ended (after stop). */
  done: Promise<void>;
}

/** Version a runner reports to the console. */
export const RUNNER_VERSION = '0.1.0';
/** A failed claim (server down, network) is tried again after this, ms. */
const CLAIM_RETRY_MS = 2_000;
/** A free slot asks for a due harvest pass this often (passes are minutes apart per account), ms. */
const HARVEST_POLL_MS = 5_000;
/** Past the due moment the server names, so the claim does not arrive a clock tick early, ms. */
const HARVEST_DUE_SLACK_MS = 50;

interface Running {
  job: ClaimedJob;
  abort: AbortController;
  done: Promise<void>;
}

/**
 * Starts the runner loop: claim (long poll) → for each job download its video and run it in the
 * account's own profile with hooks wired to the server (progress, write-ahead submit, hand-offs),
 * heartbeat while it runs, finish with the result and artefacts. The desktop shell embeds the same.
 */
export function startRunner(options: RunnerOptions): RunnerHandle {
  const client = new RunnerClient(options.serverUrl, options.token, options.fetch);
  const slots = options.slots ?? 1;
  const version = options.version ?? RUNNER_VERSION;
  const log = options.log ?? (() => undefined);
  const base: PublisherOptions = { artefactDir: join(options.workDir, 'artefacts'), ...options.publisher };
  const sync = new ConnectorSync(client, log);
  // The operator's definitions are fetched before the first claim (a failure leaves the built-in ones).
  const ready = sync.refresh().catch(() => undefined);
  /** The publisher options of the next job or login: the connector definitions in use now. */
  const publisher = () => sync.options(base);
  const running = new Map<number, Running>();
  /** Authorizations running, by account (a profile opens in one browser at a time). */
  const authorizing = new Map<number, Promise<void>>();
  const stopping = new AbortController();
  /** The drift check running (one at a time), and the account whose profile it holds now. */
  let drift: Promise<void> | undefined;
  let driftAccount: number | undefined;

  const beat = setInterval(() => {
    const ids = [...running.keys()];
    if (ids.length === 0) {
      return;
    }
    client.heartbeat(ids, version).then(
      (statuses) => {
        for (const s of statuses) {
          if (s.cancel) {
            running.get(s.job_id)?.abort.abort();
          }
        }
      },
      (err: unknown) => log('heartbeat failed', { err: String(err) }),
    );
  }, options.heartbeatMs ?? RUNNER_HEARTBEAT_MS);

  /** Harvest passes running, by account. */
  const harvesting = new Map<number, Promise<void>>();
  const busyAccounts = () =>
    [...running.values()]
      .map((r) => r.job.enterprise_account_id)
      .concat([...authorizing.keys()], [...harvesting.keys()], driftAccount === undefined ? [] : [driftAccount]);
  /** Starts the drift check the server asked for, unless one runs; it skips accounts a job or login holds. */
  const startDrift = () => {
    drift ??= runDriftTask(client, sync, {
      workDir: options.workDir,
      publisher: base,
      isBusy: (id) => busyAccounts().includes(id),
      onAccount: (id) => {
        driftAccount = id;
      },
      signal: stopping.signal,
      log,
    })
      .then(
        (findings) => log('drift check finished', { findings }),
        (err: unknown) => log('drift check failed', { err: String(err) }),
      )
      .finally(() => {
        drift = undefined;
      });
  };
  const claimWaitMs = options.claimWaitMs ?? RUNNER_CLAIM_WAIT_MS;

  /** One claim loop (jobs, or authorizations): wait for a free slot, claim, start each; drain on stop. */
  const claimLoop = async <T>(
    what: 'job' | 'authorization',
    active: () => Promise<void>[],
    claim: (free: number) => Promise<T[]>,
    start: (item: T) => void,
  ) => {
    while (!stopping.signal.aborted) {
      const busy = active();
      if (busy.length >= slots) {
        await Promise.race(busy);
        continue;
      }
      let items: T[];
      try {
        items = await claim(slots - busy.length);
      } catch (err) {
        if (stopping.signal.aborted) {
          break;
        }
        log(`${what} claim failed`, { err: String(err) });
        await pause(CLAIM_RETRY_MS, stopping.signal);
        continue;
      }
      items.forEach(start);
    }
    await Promise.all(active());
  };

  const jobLoop = claimLoop(
    'job',
    // Harvest passes share the slots: a pass and a job never run at once beyond them.
    () => [...running.values()].map((r) => r.done).concat([...harvesting.values()]),
    async (free) => {
      const held = await options.accountsHeld?.();
      if (held?.length === 0) {
        // Nothing it could run yet: look again after a QR login may have made a profile.
        await pause(Math.min(claimWaitMs, CLAIM_RETRY_MS), stopping.signal);
        return [];
      }
      await ready;
      const answer = await client.claim(
        {
          slots: free,
          wait_ms: claimWaitMs,
          version,
          busy_accounts: busyAccounts(),
          ...(held ? { accounts: held } : {}),
          connectors_version: sync.current,
        },
        stopping.signal,
      );
      // Newer definitions are in place before the jobs of this answer start.
      await sync.seen(answer.connectors_version);
      if (answer.drift_check) {
        startDrift();
      }
      return answer.jobs;
    },
    (job) => {
      const abort = new AbortController();
      running.set(job.job_id, {
        job,
        abort,
        done: runOne(client, job, abort, publisher(), options, log)
          .catch((err: unknown) => log('job crashed', { job: job.job_id, err: String(err) }))
          .finally(() => running.delete(job.job_id)),
      });
    },
  );
  const authLoop =
    options.authorize === false
      ? undefined
      : claimLoop(
          'authorization',
          () => [...authorizing.values()],
          async (free) => {
            await ready;
            const answer = await client.authClaim(
              { slots: free, wait_ms: claimWaitMs, busy_accounts: busyAccounts(), connectors_version: sync.current },
              stopping.signal,
            );
            await sync.seen(answer.connectors_version);
            // A runner holding no profile claims no jobs: the check reaches it here (login pages at least).
            if (answer.drift_check) {
              startDrift();
            }
            return answer.tasks;
          },
          (task) => {
            const account = task.enterprise_account_id;
            authorizing.set(
              account,
              runAuthTask(
                client,
                task,
                { workDir: options.workDir, publisher: publisher(), proxy: proxyOf(task.ip_code) },
                log,
                stopping.signal,
              )
                .catch((err: unknown) => log('authorization crashed', { request: task.request_id, err: String(err) }))
                .finally(() => authorizing.delete(account)),
            );
          },
        );
  const harvestOptions = options.harvest;
  const harvestLoop =
    harvestOptions === false
      ? undefined
      : (async () => {
          const pollMs = options.harvestPollMs ?? HARVEST_POLL_MS;
          while (!stopping.signal.aborted) {
            const free = slots - running.size - harvesting.size;
            const held = free > 0 ? await options.accountsHeld?.() : undefined;
            // Asked again when the server says the next read falls due, at most a poll later.
            let waitMs = pollMs;
            if (free > 0 && held?.length !== 0) {
              const { work, next_in_ms: nextInMs } = await client
                .harvestClaim({ slots: free, busy_accounts: busyAccounts(), ...(held ? { accounts: held } : {}) })
                .catch((err: unknown) => {
                  log('harvest claim failed', { err: String(err) });
                  return { work: [], next_in_ms: 0 };
                });
              if (nextInMs > 0) {
                waitMs = Math.min(pollMs, nextInMs + HARVEST_DUE_SLACK_MS);
              }
              for (const w of work) {
                const account = {
                  id: String(w.account_id),
                  profileDir: profileDirOf(options.workDir, w.platform, w.account_id),
                  proxy: proxyOf(w.ip_code),
                };
                harvesting.set(
                  w.account_id,
                  runHarvestPass(client, w, account, publisher(), harvestOptions ?? {}, log, stopping.signal)
                    .catch((err: unknown) => log('harvest pass crashed', { account: w.account_id, err: String(err) }))
                    .finally(() => harvesting.delete(w.account_id)),
                );
              }
              if (work.length > 0) {
                continue;
              }
            }
            await pause(waitMs, stopping.signal);
          }
          await Promise.all(harvesting.values());
        })();
  const done = Promise.all([jobLoop, authLoop, harvestLoop])
    .then(() => drift)
    .then(() => undefined)
    .finally(() => clearInterval(beat));
  return {
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
