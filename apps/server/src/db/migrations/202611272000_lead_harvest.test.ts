import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrator.ts';
import { insertAccount, insertMember7, migrationStage, T0 } from './test-support.ts';

const BEFORE = '202611271610_server_runners';
const stage = migrationStage('leadmig', BEFORE);

describe('202611272000_lead_harvest on a database with leads and messages', () => {
  it('merges the leads of a conversation into its oldest, and keys messages by their account', async () => {
    const { db } = stage();
    const t = T0;
    await insertMember7(db, { id: 4, name: '快手' });
    await insertAccount(db, { id: 3, platformId: 4, nickname: '快手号' });
    for (const [id, customer] of [
      [1, 'c-1'],
      [2, 'c-2'],
    ] as const) {
      await sql`insert into conversation (id, member_id, enterprise_account_id, customer_id, last_time, created_at)
        values (${id}, 7, 3, ${customer}, ${t}, ${t})`.execute(db);
      await sql`insert into chat_message (conversation_id, member_id, direction, content, sent_at, created_at)
        values (${id}, 7, 'in', '电话13800138000 微信 wang_wu88', ${t}, ${t})`.execute(db);
    }
    // No ids given: PostgreSQL's identity must hand out the next ones after the migration too.
    const lead = (id: number, conversation: number, kind: string, value: string, status: string) =>
      sql`insert into lead (member_id, conversation_id, enterprise_account_id, customer_id, kind, value, status,
          source_message_id, first_seen, updated_at)
        values (7, ${conversation}, 3, ${`c-${conversation}`}, ${kind}, ${value}, ${status}, ${conversation}, ${t + id}, ${t})`.execute(
        db,
      );
    await lead(1, 1, 'phone', '13800138000', 'contacted');
    await lead(2, 1, 'wechat', 'wang_wu88', 'new');
    await lead(3, 2, 'wechat', 'lily_2024', 'won');

    await migrateToLatest(db);

    const leads = await db
      .selectFrom('lead')
      .select(['id', 'conversation_id', 'kind', 'value', 'contacts', 'status', 'first_seen', 'intent'])
      .orderBy('id')
      .execute();
    expect(
      leads.map((l) => ({ ...l, contacts: JSON.parse(l.contacts) as unknown, first_seen: Number(l.first_seen) })),
    ).toEqual([
      {
        id: 1,
        conversation_id: 1,
        kind: 'phone',
        value: '13800138000',
        contacts: [
          { kind: 'phone', value: '13800138000' },
          { kind: 'wechat', value: 'wang_wu88' },
        ],
        status: 'contacted',
        first_seen: t + 1,
        intent: 'none',
      },
      {
        id: 3,
        conversation_id: 2,
        kind: 'wechat',
        value: 'lily_2024',
        contacts: [{ kind: 'wechat', value: 'lily_2024' }],
        status: 'won',
        first_seen: t + 3,
        intent: 'none',
      },
    ]);
    // One lead per conversation from now on; the same contact may be another person's lead.
    await expect(
      sql`insert into lead (member_id, conversation_id, enterprise_account_id, customer_id, kind, value, status,
          source_message_id, first_seen, updated_at) values (7, 1, 3, 'c-1', 'qq', '12345', 'new', 1, ${t}, ${t})`.execute(
        db,
      ),
    ).rejects.toThrow(/lead\.conversation_id|lead_conversation_uq/);
    await sql`update lead set kind = 'phone', value = '13800138000' where id = 3`.execute(db);

    const messages = await db
      .selectFrom('chat_message')
      .select(['id', 'enterprise_account_id', 'platform_id', 'source', 'item_id'])
      .orderBy('id')
      .execute();
    expect(messages).toEqual([
      { id: 1, enterprise_account_id: 3, platform_id: 4, source: '', item_id: '' },
      { id: 2, enterprise_account_id: 3, platform_id: 4, source: '', item_id: '' },
    ]);
    // A harvested item is stored once; keyless messages (webhook, replies) as often as they come.
    const item = (conversation: number, itemId: string) =>
      sql`insert into chat_message (conversation_id, member_id, direction, content, sent_at, created_at,
          enterprise_account_id, platform_id, source, item_id)
        values (${conversation}, 7, 'in', 'x', ${t}, ${t}, 3, 4, 'comment', ${itemId})`.execute(db);
    await item(1, '');
    await item(1, '');
    await item(1, '42');
    await expect(item(2, '42')).rejects.toThrow(/chat_message_item_uq|chat_message\.platform_id/);
  });
});
