import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/** Clip tasks, their videos (one render each) and the combinations each member already made (issue 9). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('clip_task'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('clip_model', 'integer', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clip_task_member_idx').on('clip_task').columns(['member_id', 'id']).execute();

  await withAutoId(db.schema.createTable('clip_output'), db)
    .addColumn('task_id', 'integer', (c) => c.notNull().references('clip_task.id').onDelete('cascade'))
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('combo_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('material_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clip_output_task_idx').on('clip_output').columns(['task_id', 'idx']).execute();

  await db.schema
    .createTable('clip_combination')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('combo_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('clip_combination_pk', ['member_id', 'combo_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('clip_combination').execute();
  await db.schema.dropTable('clip_output').execute();
  await db.schema.dropTable('clip_task').execute();
}
