import type { Kysely } from 'kysely';

/**
 * harvest_account.history_before (epoch ms): when the member last switched harvesting on. What the
 * account's harvest reads that was written before it is history (read, never answered by rules, no
 * notification); what was written after is new. Rows harvested before this migration keep 0: nothing
 * they read from now on is history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('harvest_account')
    .addColumn('history_before', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('harvest_account').dropColumn('history_before').execute();
}
