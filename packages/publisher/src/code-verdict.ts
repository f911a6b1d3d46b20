import type { Locator } from 'playwright-core';
import type { Probe } from './deadline.ts';

/** How long an unchanged error from a previous wrong code may stay before it counts for the next one, ms. */
const STALE_ERROR_MS = 15_000;

/**
 * "This code was refused", read only from what the page shows after the code went in. Take it before the
 * code is typed: an error on screen then is the previous code's verdict, and a page may leave it there
 * until the next verdict replaces it. Only an error that is new counts (it was hidden or went away since,
 * or says something else), or the old one still there once the dialog has had STALE_ERROR_MS to close
 * (a page that writes the same error again leaves nothing else to see). `error` matches only an element
 * with text.
 */
export async function codeRefused(error: Locator): Promise<Probe> {
  const stale = (await error.isVisible()) ? ((await error.textContent()) ?? '') : undefined;
  let cleared = stale === undefined;
  let since: number | undefined;
  return async () => {
    since ??= Date.now();
    if (!(await error.isVisible())) {
      cleared = true;
      return false;
    }
    return cleared || ((await error.textContent()) ?? '') !== stale || Date.now() - since > STALE_ERROR_MS;
  };
}
