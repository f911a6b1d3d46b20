import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * Connector definitions without a release and the drift check (issue 22): the operator's definitions
 * files (each import a new version; the highest is current), what each runner's last drift check
 * found per platform, when a runner's next check is due, and the definitions version it runs with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('connector_definition'), db)
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('runner_drift')
    .addColumn('runner_id', 'integer', (c) => c.notNull().references('runner.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('missing', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('connector_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('connectors_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('runner_drift_pk', ['runner_id', 'platform'])
    .execute();
  await db.schema.alterTable('runner').addColumn('drift_due_at', 'bigint').execute();
  await db.schema
    .alterTable('runner')
    .addColumn('connectors_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Drops what `up` added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runner').dropColumn('connectors_version').execute();
  await db.schema.alterTable('runner').dropColumn('drift_due_at').execute();
  await db.schema.dropTable('runner_drift').ifExists().execute();
  await db.schema.dropTable('connector_definition').ifExists().execute();
}
