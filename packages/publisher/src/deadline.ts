/** A phase overran its deadline. */
export class DeadlineError extends Error {
  constructor(
    readonly label: string,
    readonly ms: number,
  ) {
    super(`${label} did not finish within ${ms} ms`);
  }
}

/** Resolves with the work, or rejects with DeadlineError once `ms` have passed (the work is left to be torn down). */
export async function withDeadline<T>(label: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(label, ms)), ms);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits for the first signal that fires; the others are abandoned (their rejections swallowed). */
export async function firstOf<K extends string>(
  label: string,
  ms: number,
  signals: Record<K, Promise<unknown>>,
): Promise<K> {
  const entries = Object.entries(signals) as [K, Promise<unknown>][];
  const raced = entries.map(([key, p]) =>
    p.then(
      () => key,
      () => new Promise<K>(() => undefined), // a signal that failed (page navigated away) never wins
    ),
  );
  return withDeadline(label, ms, Promise.race(raced));
}

/** Resolves when the signal aborts (never, without one): a signal to race long waits against. */
export function aborted(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) {
    return new Promise(() => undefined);
  }
  if (signal.aborted) {
    return Promise.resolve();
  }
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
