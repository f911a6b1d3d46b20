import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { e2eServerEnv } from './admin.ts';

/** What one statement gave: the rows it read, and how many rows it changed. */
export interface ServerDbResult<T> {
  rows: T[];
  changes: number;
}

/**
 * Runs one statement on the running test's e2e server database: PostgreSQL when DATABASE_URL is set,
 * else its SQLite file. `sql` writes the n-th placeholder with `p(n)` ($n or ?), so one text serves both.
 */
export async function queryServerDb<T = Record<string, unknown>>(
  sql: (p: (n: number) => string) => string,
  params: readonly unknown[],
): Promise<ServerDbResult<T>> {
  const env = e2eServerEnv();
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const result = await client.query(
        sql((n) => `$${n}`),
        [...params],
      );
      return { rows: result.rows as T[], changes: result.rowCount ?? 0 };
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(env.DATA_DIR ?? '', 'vidmatrix.db'));
  try {
    const statement = db.prepare(sql(() => '?'));
    return statement.reader
      ? { rows: statement.all(...params) as T[], changes: 0 }
      : { rows: [], changes: statement.run(...params).changes };
  } finally {
    db.close();
  }
}
