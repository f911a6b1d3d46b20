import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * Customer conversations, messages, leads, webhook secrets and webhook replay guards (issue 5).
 * enterprise_account_id carries no foreign key: the accounts table belongs to another migration
 * and ownership is checked by the service.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_secret')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_nonce')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_nonce_expires_idx').on('webhook_nonce').column('expires_at').execute();

  await withAutoId(db.schema.createTable('conversation'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('enterprise_account_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_in_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_out_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('conversation_member_account_customer_uq', [
      'member_id',
      'enterprise_account_id',
      'customer_id',
    ])
    .execute();
  await db.schema
    .createIndex('conversation_member_time_idx')
    .on('conversation')
    .columns(['member_id', 'last_time'])
    .execute();

  await withAutoId(db.schema.createTable('chat_message'), db)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversation.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_message_conversation_idx')
    .on('chat_message')
    .columns(['conversation_id', 'id'])
    .execute();
  await db.schema
    .createIndex('chat_message_delivery_idx')
    .on('chat_message')
    .columns(['delivery_status', 'id'])
    .execute();

  await withAutoId(db.schema.createTable('lead'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversation.id').onDelete('cascade'))
    .addColumn('enterprise_account_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('source_message_id', 'integer', (c) => c.notNull())
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('lead_member_kind_value_uq', ['member_id', 'kind', 'value'])
    .execute();
  await db.schema.createIndex('lead_member_idx').on('lead').columns(['member_id', 'id']).execute();
}

/** Drops everything `up` made, in reverse order. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead', 'chat_message', 'conversation', 'webhook_nonce', 'webhook_secret']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
