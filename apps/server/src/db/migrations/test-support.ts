import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { isPostgres } from '../dialect.ts';
import { createPostgresDialect } from '../dialects/postgres.ts';
import { createSqliteDialect } from '../dialects/sqlite.ts';
import type { Database } from '../types.ts';
import { migrations } from './index.ts';

/** An empty database of a migration test's own, and how to remove it. */
export interface MigrationTestDb {
  db: Kysely<Database>;
  /** A migrator over every migration, in the test database's own schema. */
  migrator(): Promise<Migrator>;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one migration test file: a schema of its own on PostgreSQL when
 * DATABASE_URL is set (other suites share that server), else a SQLite file in a temporary directory.
 */
export async function migrationTestDb(name: string): Promise<MigrationTestDb> {
  const url = process.env.DATABASE_URL;
  let db: Kysely<Database>;
  let remove: () => Promise<void>;
  if (url) {
    const schema = `test_${name}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    db = new Kysely<Database>({ dialect: createPostgresDialect(url, schema) });
    remove = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema "${schema}" cascade`);
      await client.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), `vm-${name}-`));
    db = new Kysely<Database>({ dialect: createSqliteDialect(join(dir, 'db.sqlite')) });
    remove = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
  }
  return {
    db,
    async migrator() {
      const schema = isPostgres(db)
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
        : undefined;
      return new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
        migrationTableSchema: schema,
      });
    },
    async drop() {
      await db.destroy();
      await remove();
    },
  };
}

/** The names of the indexes the test database holds. */
export async function indexNames(db: Kysely<Database>): Promise<string[]> {
  const rows = isPostgres(db)
    ? (
        await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
      ).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)).rows;
  return rows.map((r) => r.name);
}
