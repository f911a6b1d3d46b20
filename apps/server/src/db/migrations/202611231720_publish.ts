import { sql, type Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * Batch publishing (issue 10): batches, one job per video × account with its lease, attempts with
 * their artefacts, the append-only event log, and the runners that claim jobs with a token.
 * enterprise_account_id and material_id carry no foreign key: those tables belong to other modules
 * and a job keeps its frozen snapshot when they are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('publish_batch'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('material_ids', 'text', (c) => c.notNull())
    .addColumn('account_ids', 'text', (c) => c.notNull())
    .addColumn('copy', 'text', (c) => c.notNull())
    .addColumn('schedule_policy', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('publish_batch_member_idx').on('publish_batch').columns(['member_id', 'id']).execute();

  await withAutoId(db.schema.createTable('publish_job'), db)
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('publish_batch.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('material_id', 'integer', (c) => c.notNull())
    .addColumn('enterprise_account_id', 'integer', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('schedule_at', 'bigint')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'integer')
    .addColumn('lease_until', 'bigint')
    .addColumn('attempt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('verify_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verify_until', 'bigint')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('work_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('review_state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('submit_clicked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_at', 'bigint')
    .addColumn('error_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('screenshot_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_kind', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_prompt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_until', 'bigint')
    .addColumn('action_answer', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('publish_job_batch_idx').on('publish_job').columns(['batch_id', 'id']).execute();
  await db.schema
    .createIndex('publish_job_due_idx')
    .on('publish_job')
    .columns(['member_id', 'state', 'run_at'])
    .execute();
  await db.schema.createIndex('publish_job_lease_idx').on('publish_job').columns(['state', 'lease_until']).execute();
  await db.schema
    .createIndex('publish_job_account_posts_idx')
    .on('publish_job')
    .columns(['enterprise_account_id', 'submitted_at'])
    .execute();
  // One job per account at a time, enforced by the database: a second claim on the account fails.
  await db.schema
    .createIndex('publish_job_one_active_per_account_uq')
    .on('publish_job')
    .column('enterprise_account_id')
    .unique()
    .where(
      sql<boolean>`state in ('claimed', 'preparing', 'uploading', 'submitting', 'submitted', 'verifying', 'needs_action')`,
    )
    .execute();

  await withAutoId(db.schema.createTable('publish_attempt'), db)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('publish_job.id').onDelete('cascade'))
    .addColumn('runner_id', 'integer', (c) => c.notNull())
    .addColumn('verify_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('screenshot_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('publish_attempt_job_idx').on('publish_attempt').columns(['job_id', 'id']).execute();

  await withAutoId(db.schema.createTable('publish_event'), db)
    .addColumn('job_id', 'integer', (c) => c.notNull().references('publish_job.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('publish_event_job_idx').on('publish_event').columns(['job_id', 'seq']).execute();

  await withAutoId(db.schema.createTable('runner'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_heartbeat', 'bigint')
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accounts_held', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('runner_member_idx').on('runner').columns(['member_id', 'id']).execute();
}

/** Drops everything `up` made, in reverse order. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['runner', 'publish_event', 'publish_attempt', 'publish_job', 'publish_batch']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
