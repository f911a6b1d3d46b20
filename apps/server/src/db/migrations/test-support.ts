import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
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

/** The moment every migration test stamps its rows with. */
export const T0 = 1_700_000_000_000;

/**
 * A migration test file's opening: its own database, opened before the file's tests and dropped after
 * them, migrated to `before` (the migration under test's predecessor). The returned function hands out
 * the database and its migrator once the file's tests run.
 */
export function migrationStage(name: string, before: string): () => { db: Kysely<Database>; migrator: Migrator } {
  let stage: MigrationTestDb | undefined;
  let migrator: Migrator | undefined;
  beforeAll(async () => {
    stage = await migrationTestDb(name);
    migrator = await stage.migrator();
    await migrateTo(migrator, before);
  });
  afterAll(async () => {
    await stage?.drop();
  });
  return () => {
    if (!stage || !migrator) {
      throw new Error(`the migration stage ${name} is not open: call it inside a test`);
    }
    return { db: stage.db, migrator };
  };
}

/** Migrates up or down to `name`, throwing the migration's own error when one fails. */
export async function migrateTo(migrator: Migrator, name: string): Promise<void> {
  const { error } = await migrator.migrateTo(name);
  if (error) {
    throw error instanceof Error ? error : new Error(`migrating to ${name} failed`, { cause: error });
  }
}

/** Member 7 (`m7`), and a platform when given: rows as every migration since the foundation shapes them. */
export async function insertMember7(db: Kysely<Database>, platform?: { id: number; name: string }): Promise<void> {
  await sql`insert into member (id, account, password_hash, created_at, updated_at) values (7, 'm7', 'x', ${T0}, ${T0})`.execute(
    db,
  );
  if (platform) {
    await sql`insert into platform (id, name) values (${platform.id}, ${platform.name})`.execute(db);
  }
}

/** An enterprise account of member 7 on `platformId`, top level (pid 0). */
export async function insertAccount(
  db: Kysely<Database>,
  account: { id: number; platformId: number; nickname: string },
): Promise<void> {
  await sql`insert into enterprise_account (id, member_id, pid, platform_id, nickname, created_at, updated_at)
    values (${account.id}, 7, 0, ${account.platformId}, ${account.nickname}, ${T0}, ${T0})`.execute(db);
}
