import type { Kysely } from 'kysely';

/**
 * chat_message.root_id: the first-level comment of a harvested reply's thread ('' for a first-level
 * comment, a private message, or a row stored before), so a reply to a sub-reply under an older comment
 * goes back into that thread (Bilibili's reply/add names root and parent; Douyin's reply/list is per root).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_message')
    .addColumn('root_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_message').dropColumn('root_id').execute();
}
