import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import type { Logger } from './log.ts';

/** What the shell does for a member, in order, once they sign in. */
export interface SignInSteps {
  /** SPEC §4: check every stored login and push the two authCkAllStatus batches. */
  checkAuthorizations(): Promise<unknown>;
  /** SPEC §6: fetch getFront and download missing fonts. */
  syncFonts(): Promise<unknown>;
  /** SPEC §6: start the runner for this member. */
  startTasks(session: DesktopSession): Promise<void>;
  stopTasks(): Promise<void>;
}

/**
 * The signed-in member as the shell knows it. Sign-in runs the steps in turn — not at once, since the
 * check and the runner would open the same browser profiles — and a failed step is only logged so the
 * others still run. Signing in again as the same member only refreshes the token.
 */
export class MemberSession {
  #current: DesktopSession | undefined;

  constructor(
    private readonly steps: SignInSteps,
    private readonly log: Logger,
  ) {}

  /** The member token for API calls, while someone is signed in. */
  get memberToken(): string | undefined {
    return this.#current?.memberToken;
  }

  async signedIn(session: DesktopSession): Promise<void> {
    const same = this.#current?.memberId === session.memberId;
    this.#current = session;
    if (same) {
      return;
    }
    const run: [string, () => Promise<unknown>][] = [
      ['authorization check', () => this.steps.checkAuthorizations()],
      ['font sync', () => this.steps.syncFonts()],
      ['task sync', () => this.steps.startTasks(session)],
    ];
    for (const [name, step] of run) {
      // Signed out (or switched member) meanwhile: the rest would act for someone no longer here.
      if (this.#current?.memberId !== session.memberId) {
        this.log.info('sign-in steps abandoned', { member: session.memberId, at: name });
        return;
      }
      await step().catch((error: unknown) => this.log.warn(`${name} failed`, { error: String(error) }));
    }
  }

  async signedOut(): Promise<void> {
    this.#current = undefined;
    await this.steps.stopTasks();
  }
}
