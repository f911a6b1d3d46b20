import { join } from 'node:path';
import { z } from 'zod';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import { readJson, writeJson } from './json-file.ts';
import type { Logger } from './log.ts';

/** A running runner loop (publisher's `startRunner` handle): stop ends claiming and waits for running jobs. */
export interface RunnerLoop {
  stop(): Promise<void>;
}

/** The shell's runner: its id on the server (to revoke it) and its token (shown once when created). */
export interface RunnerCredential {
  runnerId: number;
  token: string;
}

const credential = z.object({ runnerId: z.number().int().positive(), token: z.string().min(1) });

/** Where the shell keeps each member's runner token, sealed by the OS keychain (Electron safeStorage). */
export interface RunnerTokenStore {
  get(memberId: number): Promise<RunnerCredential | undefined>;
  set(memberId: number, credential: RunnerCredential): Promise<void>;
  forget(memberId: number): Promise<void>;
}

/** Seals a secret at rest (safeStorage in the thin layer). */
export interface Sealer {
  seal(text: string): string;
  open(sealed: string): string;
}

/** A JSON file of sealed credentials per member id (one that no longer reads is treated as absent). */
export function fileTokenStore(userDataDir: string, sealer: Sealer): RunnerTokenStore {
  const file = join(userDataDir, 'runner-tokens.json');
  const load = async () => {
    const parsed = z.record(z.string(), z.string()).safeParse(await readJson(file));
    return parsed.success ? parsed.data : {};
  };
  return {
    async get(memberId) {
      const sealed = (await load())[String(memberId)];
      if (sealed === undefined) {
        return undefined;
      }
      try {
        const parsed = credential.safeParse(JSON.parse(sealer.open(sealed)));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    async set(memberId, value) {
      await writeJson(file, { ...(await load()), [String(memberId)]: sealer.seal(JSON.stringify(value)) });
    },
    async forget(memberId) {
      const all = await load();
      delete all[String(memberId)];
      await writeJson(file, all);
    },
  };
}

/** The server's runner-token calls, made with the member's own token (runner.Runner/create, revoke). */
export interface RunnerTokenIssuer {
  issue(session: DesktopSession): Promise<RunnerCredential>;
  revoke(credential: RunnerCredential, session: DesktopSession): Promise<void>;
}

export interface TaskSyncDeps {
  tokens: RunnerTokenStore;
  issuer: RunnerTokenIssuer;
  startLoop: (credential: RunnerCredential, session: DesktopSession) => RunnerLoop;
  log: Logger;
}

/**
 * Task sync (SPEC §6): the runner loop runs for the signed-in member with their stored runner token
 * (issued once, then reused), and signing out stops it and forgets the token (SPEC §4). Calls are
 * serialized so a quick sign-in/sign-out pair never leaves a loop behind.
 */
export class TaskSync {
  #queue: Promise<void> = Promise.resolve();
  #running: { session: DesktopSession; loop: RunnerLoop; credential: RunnerCredential } | undefined;

  constructor(private readonly deps: TaskSyncDeps) {}

  /** The member the loop runs for, if any. */
  get memberId(): number | undefined {
    return this.#running?.session.memberId;
  }

  signedIn(session: DesktopSession): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#running?.session.memberId === session.memberId) {
        this.#running.session = session;
        return;
      }
      await this.#stop(true);
      let stored = await this.deps.tokens.get(session.memberId);
      if (!stored) {
        stored = await this.deps.issuer.issue(session);
        await this.deps.tokens.set(session.memberId, stored);
      }
      this.#running = { session, credential: stored, loop: this.deps.startLoop(stored, session) };
      this.deps.log.info('task sync started', { member: session.memberId });
    });
  }

  signedOut(): Promise<void> {
    return this.#enqueue(() => this.#stop(true));
  }

  /** Stops the loop but keeps the token (the app quits; the member stays signed in). */
  shutdown(): Promise<void> {
    return this.#enqueue(() => this.#stop(false));
  }

  async #stop(forget: boolean) {
    const running = this.#running;
    if (!running) {
      return;
    }
    this.#running = undefined;
    await running.loop.stop();
    if (forget) {
      await this.deps.tokens.forget(running.session.memberId);
      // Best effort: offline, the member revokes it on the console's runner page.
      await this.deps.issuer.revoke(running.credential, running.session).catch((error: unknown) => {
        this.deps.log.warn('runner token revoke failed', { error: String(error) });
      });
    }
    this.deps.log.info('task sync stopped', { member: running.session.memberId, forgot: forget });
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
