import type { Db } from './db/types.ts';

/** The base of what services need (compose.ts passes it; the CLI, seed and tests build their own). */
export interface AppDeps {
  db: Db;
  /** Clock in epoch ms; tests move it to expire captchas and tokens without waiting. */
  now: () => number;
}
