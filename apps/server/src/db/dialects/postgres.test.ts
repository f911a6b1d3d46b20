import { randomBytes } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrator.ts';
import type { Database } from '../types.ts';
import { createPostgresDialect } from './postgres.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL dialect kept inside its schema', () => {
  const schemas = [0, 1].map(() => `test_dialect_${randomBytes(6).toString('hex')}`);
  const admin = new pg.Client({ connectionString: url });
  const dbs: Kysely<Database>[] = [];

  beforeAll(async () => {
    await admin.connect();
    for (const schema of schemas) {
      await admin.query(`create schema "${schema}"`);
      dbs.push(new Kysely<Database>({ dialect: createPostgresDialect(url ?? '', schema) }));
    }
  });

  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.destroy()));
    for (const schema of schemas) {
      await admin.query(`drop schema if exists "${schema}" cascade`);
    }
    await admin.end();
  });

  it('migrates one schema while another schema holds its migration lock', async () => {
    const [held, other] = dbs as [Kysely<Database>, Kysely<Database>];
    // The first schema's lock stays held on one connection for the whole migration of the second.
    await held.connection().execute(async (conn) => {
      await held
        .getExecutor()
        .adapter.acquireMigrationLock(conn, { lockTable: '', lockRowId: '', lockTableSchema: '' });
      try {
        expect((await migrateToLatest(other)).length).toBeGreaterThan(0);
      } finally {
        await held
          .getExecutor()
          .adapter.releaseMigrationLock(conn, { lockTable: '', lockRowId: '', lockTableSchema: '' });
      }
    });
    expect((await migrateToLatest(held)).length).toBeGreaterThan(0);
  });

  it('introspects only its own schema, so other schemas coming and going cannot fail it', async () => {
    const [own] = dbs as [Kysely<Database>];
    const stranger = `test_dialect_${randomBytes(6).toString('hex')}`;
    await admin.query(`create schema "${stranger}"`);
    await admin.query(`create table "${stranger}".only_elsewhere (id int)`);
    try {
      const tables = await own.introspection.getTables({ withInternalKyselyTables: true });
      const current = (await sql<{ s: string }>`select current_schema() as s`.execute(own)).rows[0]?.s;
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([current]));
      expect(tables.map((t) => t.name)).toContain('kysely_migration');
      expect(tables.map((t) => t.name)).not.toContain('only_elsewhere');
    } finally {
      await admin.query(`drop schema "${stranger}" cascade`);
    }
  });
});
