import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { e2eServerEnv } from './admin.ts';

/**
 * Rows of one query on the running test's e2e server database (PostgreSQL when DATABASE_URL is set,
 * else its SQLite file, read only); `sql` writes the n-th placeholder with `p(n)`.
 */
export async function queryServerDb<T>(sql: (p: (n: number) => string) => string, params: unknown[]): Promise<T[]> {
  const env = e2eServerEnv();
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (
        await client.query(
          sql((n) => `$${n}`),
          params,
        )
      ).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(env.DATA_DIR ?? '', 'vidmatrix.db'), { readonly: true });
  try {
    return db.prepare(sql(() => '?')).all(...params) as T[];
  } finally {
    db.close();
  }
}
