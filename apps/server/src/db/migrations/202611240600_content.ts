import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/**
 * The public site's content (issue 12): documents of every kind (change log, courses, chapters,
 * live sessions, agreements, product and agent sections, help), the price and features of each
 * membership level beside the quotas the server enforces, the agreement version each member agreed
 * to, and upgrade requests an operator handles (no payment provider is reachable).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('content_doc'), db)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('content_doc_kind_slug_uq', ['kind', 'slug'])
    .execute();

  await db.schema
    .alterTable('level')
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('level')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('member_agreement')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('agreed_at', 'bigint', (c) => c.notNull())
    .execute();

  await withAutoId(db.schema.createTable('level_upgrade_request'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('level.id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Drops everything `up` made, in reverse order. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('level_upgrade_request').execute();
  await db.schema.dropTable('member_agreement').execute();
  await db.schema.alterTable('level').dropColumn('features').execute();
  await db.schema.alterTable('level').dropColumn('price').execute();
  await db.schema.dropTable('content_doc').execute();
}
