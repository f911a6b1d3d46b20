import type { Kysely } from 'kysely';

/**
 * Indexes the claim's candidate query walks, so its plan does not hang on the planner's statistics (a
 * batch of thousands of jobs claimed before PostgreSQL has analysed them took ~0.5 s a claim):
 * - due order (member, state, run_at, id): the query's whole ORDER BY, so the scan stops at its LIMIT
 *   instead of sorting every due job (it replaces the three-column due index, a prefix of it);
 * - the account's earlier jobs of the batch (account, batch, id): the planned-order check reads the
 *   account's few jobs instead of every earlier job of the batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('publish_job_due_order_idx')
    .on('publish_job')
    .columns(['member_id', 'state', 'run_at', 'id'])
    .execute();
  await db.schema.dropIndex('publish_job_due_idx').execute();
  await db.schema
    .createIndex('publish_job_account_batch_idx')
    .on('publish_job')
    .columns(['enterprise_account_id', 'batch_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('publish_job_account_batch_idx').execute();
  await db.schema
    .createIndex('publish_job_due_idx')
    .on('publish_job')
    .columns(['member_id', 'state', 'run_at'])
    .execute();
  await db.schema.dropIndex('publish_job_due_order_idx').execute();
}
