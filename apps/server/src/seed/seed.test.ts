import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteDialect } from '../db/dialects/sqlite.ts';
import { migrateToLatest } from '../db/migrator.ts';
import type { Database, Db } from '../db/types.ts';
import { appDeps } from '../deps.ts';
import { seedDatabase } from './seed.ts';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidmatrix-seed-'));
  db = new Kysely<Database>({ dialect: createSqliteDialect(path.join(dir, 'vidmatrix.db')) });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seedDatabase', () => {
  it('lets processes starting side by side seed the same empty database (a cluster’s APIs and workers)', async () => {
    const config = { demoAccount: 'demo', demoPassword: 'seed-demo-123' };
    const log = { info: () => undefined, warn: () => undefined };
    // The cluster check's second API used to exit with 该账号已被注册 here: both saw no demo member.
    const seeds = await Promise.allSettled(
      Array.from({ length: 3 }, () => seedDatabase(appDeps(db, Date.now), config, log)),
    );
    expect(seeds.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const members = await db.selectFrom('member').select('account').where('account', '=', 'demo').execute();
    expect(members).toHaveLength(1);
  });
});
