import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * User centre and agents (issue 12): where and on what a session signed in, the agent a member
 * registered under, an agent's name and own domain, and agent programme applications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('member_token')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('member_token')
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('member').addColumn('agent_id', 'integer').execute();
  await db.schema.createIndex('member_agent_idx').on('member').column('agent_id').execute();
  await db.schema
    .alterTable('agent')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('agent').addColumn('domain', 'text').execute();
  await db.schema.createIndex('agent_domain_uq').on('agent').column('domain').unique().execute();

  await withAutoId(db.schema.createTable('agent_application'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema.createIndex('agent_application_member_idx').on('agent_application').column('member_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('agent_application').execute();
  await db.schema.dropIndex('agent_domain_uq').execute();
  await db.schema.alterTable('agent').dropColumn('domain').execute();
  await db.schema.alterTable('agent').dropColumn('name').execute();
  await db.schema.dropIndex('member_agent_idx').execute();
  await db.schema.alterTable('member').dropColumn('agent_id').execute();
  await db.schema.alterTable('member_token').dropColumn('device').execute();
  await db.schema.alterTable('member_token').dropColumn('ip').execute();
}
