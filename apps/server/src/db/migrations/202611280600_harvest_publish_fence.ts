import type { Kysely } from 'kysely';

/**
 * harvest_account.publish_fence_until (epoch ms): a publish claim sets it, in its own transaction, on an
 * account whose harvest pass is not leased, and a harvest lease is taken only where it has passed. Both
 * claims thus write the same row, so they serialize on it on PostgreSQL as on SQLite: an account is never
 * harvested and published at once, even when two instances claim it in the same millisecond.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('harvest_account')
    .addColumn('publish_fence_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('harvest_account').dropColumn('publish_fence_until').execute();
}
