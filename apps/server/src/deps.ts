import type { Db } from './db/types.ts';
import { createRepositories, transactionOf, type Repositories, type Transaction } from './repositories.ts';

/**
 * The base of what services need: the database handle, the clock and every repository over it, built
 * once (compose.ts builds it; the CLI, seed and tests build their own with `appDeps`). A service's
 * constructor names the narrow part it uses.
 */
export interface AppDeps extends Repositories {
  db: Db;
  /** Clock in epoch ms; tests move it to expire captchas and tokens without waiting. */
  now: () => number;
  /** One transaction over every repository (repositories.ts). */
  transaction: Transaction;
}

/** Builds the base deps: every repository once over `db`. */
export function appDeps(db: Db, now: () => number): AppDeps {
  return { db, now, ...createRepositories(db), transaction: transactionOf(db) };
}
