import { sql, type Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * Reply rules per member, the member's facts for AI replies, and drafted replies (issue 23).
 * - reply_rule: keyword → reply or an AI reply, sent automatically or after approval.
 * - reply_setting: business description, product facts and the hourly cap of automatic replies.
 * - chat_message learns the rule that made a reply, the item it answers (unique: one rule reply per
 *   item), its approval state and why it waits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('reply_rule'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('match', 'text', (c) => c.notNull())
    // JSON array of keywords.
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reply_rule_member_idx').on('reply_rule').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('reply_setting')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('products', 'text', (c) => c.notNull())
    .addColumn('hourly_cap', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const [column, type, fallback] of [
    ['rule_id', 'integer', sql`0`],
    ['reply_to_message_id', 'integer', sql`0`],
    ['approval', 'text', sql`''`],
    ['hold_reason', 'text', sql`''`],
  ] as const) {
    await db.schema
      .alterTable('chat_message')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  // At most one rule reply (automatic or drafted) per harvested item, whatever races.
  await db.schema
    .createIndex('chat_message_reply_to_uq')
    .unique()
    .on('chat_message')
    .column('reply_to_message_id')
    .where(sql.ref('reply_to_message_id'), '<>', 0)
    .execute();
}
