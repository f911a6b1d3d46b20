import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { indexNames, insertAccount, insertMember7, migrateTo, migrationStage, T0 } from './test-support.ts';

const BEFORE = '202611272040_connector_drift';
const THIS = '202611272100_harvest_work';
const stage = migrationStage('harvestmig', BEFORE);

describe('202611272100_harvest_work on a database with accounts and messages', () => {
  it('adds the harvest switch per account and the write state per reply, and can be undone and done again', async () => {
    const { db, migrator } = stage();
    const t = T0;
    await insertMember7(db, { id: 1, name: '抖音' });
    for (const id of [3, 4]) {
      await insertAccount(db, { id, platformId: 1, nickname: `抖音号${id}` });
    }
    await sql`insert into conversation (id, member_id, enterprise_account_id, customer_id, last_time, created_at)
      values (1, 7, 3, 'c-1', ${t}, ${t})`.execute(db);
    await sql`insert into chat_message (conversation_id, member_id, direction, content, sent_at, created_at, delivery_status)
      values (1, 7, 'out', '您好', ${t}, ${t}, 'pending')`.execute(db);

    await migrateTo(migrator, THIS);

    // A reply stored before is not taken by any runner yet.
    expect(await db.selectFrom('chat_message').select(['id', 'write_at', 'write_kind']).execute()).toEqual([
      { id: 1, write_at: 0, write_kind: '' },
    ]);
    // Every account starts with harvesting off, nothing leased, due at once, never read, not paused.
    await sql`insert into harvest_account (enterprise_account_id, member_id, updated_at) values (3, 7, ${t})`.execute(
      db,
    );
    const row = await db.selectFrom('harvest_account').selectAll().executeTakeFirstOrThrow();
    expect({
      ...row,
      next_read_at: Number(row.next_read_at),
      last_read_at: Number(row.last_read_at),
      cooldown_until: Number(row.cooldown_until),
      updated_at: Number(row.updated_at),
    }).toEqual({
      enterprise_account_id: 3,
      member_id: 7,
      enabled: 0,
      lease_owner: null,
      lease_until: null,
      next_read_at: 0,
      last_read_at: 0,
      cooldown_level: 0,
      cooldown_until: 0,
      cooldown_successes: 0,
      notice: '',
      updated_at: t,
    });
    // One row per account, for accounts that exist; it goes with its account.
    await expect(
      sql`insert into harvest_account (enterprise_account_id, member_id, updated_at) values (3, 7, ${t})`.execute(db),
    ).rejects.toThrow(/harvest_account|unique|duplicate/i);
    await expect(
      sql`insert into harvest_account (enterprise_account_id, member_id, updated_at) values (99, 7, ${t})`.execute(db),
    ).rejects.toThrow(/foreign key/i);
    await sql`delete from enterprise_account where id = 3`.execute(db);
    expect(await db.selectFrom('harvest_account').select('enterprise_account_id').execute()).toEqual([]);
    expect(await indexNames(db)).toEqual(
      expect.arrayContaining(['harvest_account_member_idx', 'chat_message_write_state_idx', 'chat_message_write_idx']),
    );

    // Undone, it leaves the schema as it found it, so it can run again.
    await migrateTo(migrator, BEFORE);
    const names = await indexNames(db);
    expect(names.filter((n) => n.startsWith('harvest_account') || n.startsWith('chat_message_write'))).toEqual([]);
    await migrateTo(migrator, THIS);
    await sql`insert into harvest_account (enterprise_account_id, member_id, enabled, updated_at) values (4, 7, 1, ${t})`.execute(
      db,
    );
    expect(await db.selectFrom('harvest_account').select(['enterprise_account_id', 'enabled']).execute()).toEqual([
      { enterprise_account_id: 4, enabled: 1 },
    ]);
  });
});
