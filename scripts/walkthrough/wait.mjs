// Waiting on visible state (never on a fixed time) and where the walkthrough keeps what it saw.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const shotDir = join(root, 'test-results', 'walkthrough-publish');
mkdirSync(shotDir, { recursive: true });

/** The path of a numbered screenshot of a console step. */
let shots = 0;
export function shotPath(name) {
  shots += 1;
  return join(shotDir, `${String(shots).padStart(2, '0')}-${name}.png`);
}

/**
 * Polls `read` every `intervalMs` until `check` holds; fails with what it last saw after `deadlineMs`.
 * Deadlines are generous: the machine has two busy cores.
 */
export async function until(what, read, check, deadlineMs, intervalMs = 250) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (check(value)) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`${what}: still ${JSON.stringify(value)?.slice(0, 2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Prints a step as it happens, with the time since the start. */
const started = Date.now();
export function say(text) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
}
