import path from 'node:path';
import { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { createPostgresDialect } from './dialects/postgres.ts';
import { createSqliteDialect } from './dialects/sqlite.ts';
import type { Database, Db } from './types.ts';

/** Opens the database the config names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export function connectDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  const dialect = config.databaseUrl
    ? createPostgresDialect(config.databaseUrl)
    : createSqliteDialect(path.join(config.dataDir, 'vidmatrix.db'));
  return new Kysely<Database>({ dialect });
}
