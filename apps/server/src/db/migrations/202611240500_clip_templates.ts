import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/** Clip templates a member saved on /clip/VideoTemplate (issue 9). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('clip_template'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('preview_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clip_template_member_idx').on('clip_template').columns(['member_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clip_template').execute();
}
