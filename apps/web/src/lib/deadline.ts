import { CoreMsg as Msg } from '@vidmatrix/contract/messages-core';

/**
 * How long the code of a page (a route chunk and what it imports) may take to arrive, ms. The browser
 * gives a stalled script fetch no deadline of its own, and the first page waits on these (issue 25).
 */
export const CHUNK_DEADLINE_MS = 45_000;

/** A page's code did not arrive in time; its message is what the route's error page shows. */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor() {
    super(Msg.requestTimeout);
  }
}

/**
 * Settles as `work` does, or rejects with a DeadlineError after `ms` (a dynamic import cannot be
 * cancelled, only outwaited: the route's error page then offers 重新加载).
 */
export function withDeadline<T>(work: Promise<T>, ms: number = CHUNK_DEADLINE_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineError()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
