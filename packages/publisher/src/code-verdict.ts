import type { JSHandle, Locator } from 'playwright-core';
import type { Probe } from './deadline.ts';

/** How long an unchanged error from a previous wrong code may stay before it counts for the next one, ms. */
const STALE_ERROR_MS = 15_000;

/**
 * "This code was refused", read only from what the page shows after the code went in. Take it once the
 * code is typed, before it is confirmed (so the typing itself, which a page may answer by drawing its
 * error again, is not read as a verdict): an error on screen then is the previous code's verdict, and a
 * page may leave it there until the next verdict replaces it. Only an error that is new counts: it was hidden or went away since,
 * says something else, or was written again (its element or a node under it is another one now, as when
 * a page sets the same text again); else the old one still there once the dialog has had STALE_ERROR_MS
 * to close (a page that leaves the very same nodes leaves nothing else to see). `error` matches only an
 * element with text.
 */
export async function codeRefused(error: Locator): Promise<Probe> {
  const stale = (await error.isVisible()) ? ((await error.textContent()) ?? '') : undefined;
  // The error element and every node under it, held as handles: no mark a page's script could see.
  const before: JSHandle<Node[]> | undefined =
    stale === undefined
      ? undefined
      : await error
          .evaluateHandle(
            (el) => {
              const walk = (node: Node): Node[] => [node, ...[...node.childNodes].flatMap(walk)];
              return walk(el);
            },
            undefined,
            { timeout: 1_000 },
          )
          .catch(() => undefined);
  let cleared = stale === undefined;
  let since: number | undefined;
  const rewritten = async () =>
    before !== undefined &&
    (await error
      .evaluate(
        (el, old) => {
          const walk = (node: Node): Node[] => [node, ...[...node.childNodes].flatMap(walk)];
          const now = walk(el);
          return now.length !== old.length || now.some((node, i) => node !== old[i]);
        },
        before,
        { timeout: 1_000 },
      )
      .catch(() => false));
  return async () => {
    since ??= Date.now();
    if (!(await error.isVisible())) {
      cleared = true;
      return false;
    }
    return (
      cleared ||
      ((await error.textContent()) ?? '') !== stale ||
      (await rewritten()) ||
      Date.now() - since > STALE_ERROR_MS
    );
  };
}
