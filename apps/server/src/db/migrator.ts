import { Migrator, sql, type MigrationProvider } from 'kysely';
import { isPostgres } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import type { Db } from './types.ts';

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; throws (with the failing migration's name) on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; pin it to the
  // connection's own schema so databases shared by several schemas (tests, e2e) stay apart.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
