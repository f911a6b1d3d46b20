import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationTestDb, type MigrationTestDb } from './test-support.ts';

const BEFORE = '202611272120_reply_rules';
const THIS = '202611280600_harvest_publish_fence';
let stage: MigrationTestDb;

beforeAll(async () => {
  stage = await migrationTestDb('fencemig');
});

afterAll(async () => {
  await stage?.drop();
});

describe('202611280600_harvest_publish_fence on a database with harvest rows', () => {
  it('gives every harvest row an open fence, and can be undone and done again', async () => {
    const { db } = stage;
    const migrator = await stage.migrator();
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const t = 1_700_000_000_000;
    await sql`insert into member (id, account, password_hash, created_at, updated_at) values (7, 'm7', 'x', ${t}, ${t})`.execute(
      db,
    );
    await sql`insert into platform (id, name) values (1, '抖音')`.execute(db);
    await sql`insert into enterprise_account (id, member_id, pid, platform_id, nickname, created_at, updated_at)
      values (3, 7, 0, 1, '抖音号', ${t}, ${t})`.execute(db);
    await sql`insert into harvest_account (enterprise_account_id, member_id, enabled, updated_at) values (3, 7, 1, ${t})`.execute(
      db,
    );

    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
    const fence = () =>
      db.selectFrom('harvest_account').select(['enterprise_account_id', 'publish_fence_until']).execute();
    expect((await fence()).map((r) => ({ ...r, publish_fence_until: Number(r.publish_fence_until) }))).toEqual([
      { enterprise_account_id: 3, publish_fence_until: 0 },
    ]);

    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await expect(fence()).rejects.toThrow(/publish_fence_until/);
    expect((await migrator.migrateTo(THIS)).error).toBeUndefined();
    expect(await fence()).toHaveLength(1);
  });
});
