import { sql, type Kysely } from 'kysely';

/**
 * Harvest work (issue 23): per account, the member's harvesting switch, the runner lease of its pass,
 * when it is due and its cool-down; per reply, when a runner took it to send and as which write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('harvest_account')
    .addColumn('enterprise_account_id', 'integer', (c) =>
      c.primaryKey().references('enterprise_account.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'integer')
    .addColumn('lease_until', 'bigint')
    .addColumn('next_read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cooldown_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cooldown_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cooldown_successes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('harvest_account_member_idx').on('harvest_account').columns(['member_id']).execute();

  for (const [column, type, fallback] of [
    ['write_at', 'bigint', sql`0`],
    ['write_kind', 'text', sql`''`],
  ] as const) {
    await db.schema
      .alterTable('chat_message')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  // A claim looks for pending replies not yet taken, and counts an account's recent writes.
  await db.schema
    .createIndex('chat_message_write_state_idx')
    .on('chat_message')
    .columns(['delivery_status', 'write_at'])
    .execute();
  await db.schema.createIndex('chat_message_write_idx').on('chat_message').columns(['write_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_message_write_idx').ifExists().execute();
  await db.schema.dropIndex('chat_message_write_state_idx').ifExists().execute();
  // The columns too (after their indexes, which SQLite requires), so up can run again.
  for (const column of ['write_kind', 'write_at']) {
    await db.schema.alterTable('chat_message').dropColumn(column).execute();
  }
  await db.schema.dropTable('harvest_account').ifExists().execute();
}
