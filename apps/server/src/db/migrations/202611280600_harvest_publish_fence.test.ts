import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertAccount, insertMember7, migrateTo, migrationStage, T0 } from './test-support.ts';

const BEFORE = '202611272120_reply_rules';
const THIS = '202611280600_harvest_publish_fence';
const stage = migrationStage('fencemig', BEFORE);

describe('202611280600_harvest_publish_fence on a database with harvest rows', () => {
  it('gives every harvest row an open fence, and can be undone and done again', async () => {
    const { db, migrator } = stage();
    const t = T0;
    await insertMember7(db, { id: 1, name: '抖音' });
    await insertAccount(db, { id: 3, platformId: 1, nickname: '抖音号' });
    await sql`insert into harvest_account (enterprise_account_id, member_id, enabled, updated_at) values (3, 7, 1, ${t})`.execute(
      db,
    );

    await migrateTo(migrator, THIS);
    const fence = () =>
      db.selectFrom('harvest_account').select(['enterprise_account_id', 'publish_fence_until']).execute();
    expect((await fence()).map((r) => ({ ...r, publish_fence_until: Number(r.publish_fence_until) }))).toEqual([
      { enterprise_account_id: 3, publish_fence_until: 0 },
    ]);

    await migrateTo(migrator, BEFORE);
    await expect(fence()).rejects.toThrow(/publish_fence_until/);
    await migrateTo(migrator, THIS);
    expect(await fence()).toHaveLength(1);
  });
});
