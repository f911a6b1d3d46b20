import type { Kysely } from 'kysely';

/**
 * Pacing per account across batches (issue 10): when the account may post next (spacing plus jitter
 * after its last post) and a cooldown after a risk signal (logged out, 操作频繁). One row per account
 * that has posted or been paused; no row means no limit. The claim reads it by primary key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('publish_account_health')
    .addColumn('enterprise_account_id', 'integer', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('next_post_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cooldown_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cooldown_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Drops the table `up` made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('publish_account_health').ifExists().execute();
}
