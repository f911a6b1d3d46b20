import type { Kysely } from 'kysely';

/**
 * Verification that cannot be fooled (issue 22): the write-ahead basis a runner records with
 * `submitting` (the works listed before the submit and its clock at the click, JSON), so a runner
 * verifying after a crash matches against it; and the follow-up of a published post's review state
 * (when it is read again next, and how often it has been).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('publish_job')
    .addColumn('verify_basis', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('publish_job').addColumn('review_due_at', 'bigint').execute();
  await db.schema
    .alterTable('publish_job')
    .addColumn('review_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('publish_job_review_due_idx')
    .on('publish_job')
    .columns(['member_id', 'review_due_at'])
    .execute();
}

/** Drops what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publish_job_review_due_idx').ifExists().execute();
  for (const column of ['review_checks', 'review_due_at', 'verify_basis']) {
    await db.schema.alterTable('publish_job').dropColumn(column).execute();
  }
}
