import type { Kysely } from 'kysely';

/**
 * harvest_thread: per account, each comment thread (its first comment's platform id) whose replies a
 * runner read, and the reply count the platform showed then, so a pass opens only the threads whose
 * count changed instead of every thread with replies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('harvest_thread')
    .addColumn('enterprise_account_id', 'integer', (c) => c.notNull())
    .addColumn('root_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('replies', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('harvest_thread_pk', ['enterprise_account_id', 'root_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('harvest_thread').execute();
}
