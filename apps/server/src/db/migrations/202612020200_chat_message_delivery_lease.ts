import type { Kysely } from 'kysely';

/**
 * chat_message.delivery_lease_until: until when the delivery attempt that took a pending reply holds
 * it (ms; 0 when none does). When Redis comes back without the queue's jobs, the pending replies are
 * queued again from the database; one whose attempt still holds its lease is being sent right now and
 * is left to it, so it does not go twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_message')
    .addColumn('delivery_lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_message').dropColumn('delivery_lease_until').execute();
}
