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

/**
 * A condition read as it is now (an element visible, a dialog gone). firstOf polls probes itself and
 * stops when the race ends; a Playwright `waitFor` cannot be called off, and each abandoned one kept
 * polling the page every half second until its own timeout, so a busy page slowed under dozens.
 */
export type Probe = () => Promise<boolean>;
/** An event (a promise that settles) or a probe. */
export type Signal = Promise<unknown> | Probe;

/** How often firstOf reads its probes, ms. */
export const PROBE_EVERY_MS = 200;

/**
 * Waits for the first signal that fires: an event settles, or a probe reads true. Probes stop with the
 * race; a failed event or probe (page navigated away) never wins.
 */
export async function firstOf<K extends string>(label: string, ms: number, signals: Record<K, Signal>): Promise<K> {
  const entries = Object.entries(signals) as [K, Signal][];
  const never = new Promise<K>(() => undefined);
  let over = false;
  const events = entries.flatMap(([key, s]) =>
    typeof s === 'function'
      ? []
      : [
          s.then(
            () => key,
            () => never,
          ),
        ],
  );
  const probes = entries.filter((e): e is [K, Probe] => typeof e[1] === 'function');
  const polled = async (): Promise<K> => {
    while (!over) {
      for (const [key, probe] of probes) {
        if (over) {
          break;
        }
        if (await probe().catch(() => false)) {
          return key;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    return never;
  };
  try {
    return await withDeadline(label, ms, Promise.race(probes.length > 0 ? [...events, polled()] : events));
  } finally {
    over = true;
  }
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

/** Waits `ms`, or less when the signal aborts; its abort listener goes with it (a loop of waits leaks none). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
