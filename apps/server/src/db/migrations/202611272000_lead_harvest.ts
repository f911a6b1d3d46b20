import { sql, type Kysely } from 'kysely';
import { isPostgres, withAutoId } from '../dialect.ts';

/**
 * Harvested comments and private messages, and one lead per person (issue 23).
 * - chat_message learns where an item came from (platform, account, comment or message, its platform id,
 *   post, link) and the intent read in it; a partial unique index stores each platform item once.
 * - lead becomes one row per conversation (a person on an account) holding every contact they left,
 *   the strongest intent and where it was first seen; rows of one conversation are merged into the oldest.
 * - harvest_cursor keeps where a runner stopped reading each account's comments and messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type, fallback] of [
    ['enterprise_account_id', 'integer', sql`0`],
    ['platform_id', 'integer', sql`0`],
    ['source', 'text', sql`''`],
    ['item_id', 'text', sql`''`],
    ['post_id', 'text', sql`''`],
    ['post_title', 'text', sql`''`],
    ['parent_id', 'text', sql`''`],
    ['link', 'text', sql`''`],
    ['intent', 'text', sql`''`],
    ['intent_category', 'text', sql`''`],
  ] as const) {
    await db.schema
      .alterTable('chat_message')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await sql`update chat_message set enterprise_account_id = coalesce(
      (select c.enterprise_account_id from conversation c where c.id = chat_message.conversation_id), 0)`.execute(db);
  await sql`update chat_message set platform_id = coalesce(
      (select a.platform_id from enterprise_account a where a.id = chat_message.enterprise_account_id), 0)`.execute(db);
  // Webhook messages and console replies carry no platform id: only harvested items are kept unique.
  await db.schema
    .createIndex('chat_message_item_uq')
    .unique()
    .on('chat_message')
    .columns(['platform_id', 'enterprise_account_id', 'source', 'item_id'])
    .where(sql.ref('item_id'), '<>', '')
    .execute();

  if (isPostgres(db)) {
    await sql`alter table lead drop constraint lead_member_kind_value_uq`.execute(db);
    await addLeadColumns(db);
  } else {
    // SQLite cannot drop a table constraint: the table is made again with the same rows and ids.
    await withAutoId(db.schema.createTable('lead_v2'), db)
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
      .execute();
    await sql`insert into lead_v2 (id, member_id, conversation_id, enterprise_account_id, customer_id, kind, value, status,
        source_message_id, first_seen, updated_at)
      select id, member_id, conversation_id, enterprise_account_id, customer_id, kind, value, status, source_message_id,
        first_seen, updated_at from lead`.execute(db);
    await db.schema.dropTable('lead').execute();
    await sql`alter table lead_v2 rename to lead`.execute(db);
    await db.schema.createIndex('lead_member_idx').on('lead').columns(['member_id', 'id']).execute();
    await addLeadColumns(db);
  }
  // Kinds and values are digits, latin letters, '-' and '_': nothing to escape in JSON.
  await sql`update lead set contacts = '[{"kind":"' || kind || '","value":"' || value || '"}]' where value <> ''`.execute(
    db,
  );
  await mergeLeadsPerConversation(db);
  await db.schema.createIndex('lead_conversation_uq').unique().on('lead').column('conversation_id').execute();

  await db.schema
    .createTable('harvest_cursor')
    .addColumn('enterprise_account_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('harvest_cursor_pk', ['enterprise_account_id', 'source'])
    .execute();
}

async function addLeadColumns(db: Kysely<unknown>): Promise<void> {
  for (const [column, type, fallback] of [
    ['contacts', 'text', sql`'[]'`],
    ['intent', 'text', sql`'none'`],
    ['intent_category', 'text', sql`''`],
    ['platform_id', 'integer', sql`0`],
    ['source', 'text', sql`''`],
    ['post_id', 'text', sql`''`],
    ['post_title', 'text', sql`''`],
    ['link', 'text', sql`''`],
  ] as const) {
    await db.schema
      .alterTable('lead')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
}

/**
 * Leads were one per contact; a person who left a phone and a WeChat id had two. The oldest of a
 * conversation stays (its status and first sighting), the others' contacts are appended to it.
 */
async function mergeLeadsPerConversation(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; conversation_id: number; kind: string; value: string }>`
    select id, conversation_id, kind, value from lead order by id`.execute(db);
  const byConversation = new Map<number, typeof rows>();
  for (const row of rows) {
    byConversation.set(row.conversation_id, [...(byConversation.get(row.conversation_id) ?? []), row]);
  }
  for (const group of byConversation.values()) {
    const [kept, ...others] = group;
    if (kept && others.length > 0) {
      const contacts = JSON.stringify(group.map((r) => ({ kind: r.kind, value: r.value })));
      await sql`update lead set contacts = ${contacts} where id = ${kept.id}`.execute(db);
      await sql`delete from lead where id in (${sql.join(others.map((r) => r.id))})`.execute(db);
    }
  }
}

/** Leaves the data as it is (merged leads stay merged) and drops what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('harvest_cursor').ifExists().execute();
  await db.schema.dropIndex('lead_conversation_uq').ifExists().execute();
  await db.schema.dropIndex('chat_message_item_uq').ifExists().execute();
}
