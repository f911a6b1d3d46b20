import { join } from 'node:path';
import { z } from 'zod';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import { readJson, writeJson } from './json-file.ts';
import type { Logger } from './log.ts';
import type { RunnerLoop } from './runner-loop.ts';

/** Where the shell keeps each member's runner token, sealed by the OS keychain (Electron safeStorage). */
export interface RunnerTokenStore {
  get(memberId: number): Promise<string | undefined>;
  set(memberId: number, token: string): Promise<void>;
  forget(memberId: number): Promise<void>;
}

/** Seals a secret at rest (safeStorage in the thin layer). */
export interface Sealer {
  seal(text: string): string;
  open(sealed: string): string;
}

/** A JSON file of sealed tokens per member id. */
export function fileTokenStore(userDataDir: string, sealer: Sealer): RunnerTokenStore {
  const file = join(userDataDir, 'runner-tokens.json');
  const load = async () => {
    const parsed = z.record(z.string(), z.string()).safeParse(await readJson(file));
    return parsed.success ? parsed.data : {};
  };
  return {
    async get(memberId) {
      const sealed = (await load())[String(memberId)];
      return sealed === undefined ? undefined : sealer.open(sealed);
    },
    async set(memberId, token) {
      await writeJson(file, { ...(await load()), [String(memberId)]: sealer.seal(token) });
    },
    async forget(memberId) {
      const all = await load();
      delete all[String(memberId)];
      await writeJson(file, all);
    },
  };
}

/** The server's runner-token calls, made with the member's own token (the publish module, to come). */
export interface RunnerTokenIssuer {
  issue(session: DesktopSession): Promise<string>;
  revoke(runnerToken: string, session: DesktopSession): Promise<void>;
}

export interface TaskSyncDeps {
  tokens: RunnerTokenStore;
  issuer: RunnerTokenIssuer;
  startLoop: (runnerToken: string, session: DesktopSession) => RunnerLoop;
  log: Logger;
}

/**
 * Task sync (SPEC §6): the runner loop runs for the signed-in member with their stored runner token
 * (issued once, then reused), and signing out stops it and forgets the token (SPEC §4). Calls are
 * serialized so a quick sign-in/sign-out pair never leaves a loop behind.
 */
export class TaskSync {
  #queue: Promise<void> = Promise.resolve();
  #running: { session: DesktopSession; loop: RunnerLoop; token: string } | undefined;

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
      let token = await this.deps.tokens.get(session.memberId);
      if (!token) {
        token = await this.deps.issuer.issue(session);
        await this.deps.tokens.set(session.memberId, token);
      }
      this.#running = { session, token, loop: this.deps.startLoop(token, session) };
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
      // Best effort: a token the server still holds expires with its lease rules anyway.
      await this.deps.issuer.revoke(running.token, running.session).catch((error: unknown) => {
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
