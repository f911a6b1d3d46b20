import type { Kysely } from 'kysely';
import { withAutoId } from '../dialect.ts';

/** Material library, uploads, background music, clip media urls and the embedded job queue. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withAutoId(db.schema.createTable('material_group'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('group_desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('material_group_member_idx').on('material_group').column('member_id').execute();

  await withAutoId(db.schema.createTable('material_tag'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('tag_name', 'text', (c) => c.notNull())
    .addColumn('tag_desc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('material_tag_member_idx').on('material_tag').column('member_id').execute();

  await withAutoId(db.schema.createTable('material'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('thumb_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('process_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('process_error', 'text', (c) => c.notNull().defaultTo(''))
    // 0 = no group; not a foreign key so deleting a group is one update.
    .addColumn('group_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expiration_time', 'bigint')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The list pages newest first per member, optionally narrowed by group or type.
  await db.schema.createIndex('material_member_id_idx').on('material').columns(['member_id', 'id']).execute();
  await db.schema
    .createIndex('material_member_group_idx')
    .on('material')
    .columns(['member_id', 'group_id', 'id'])
    .execute();
  await db.schema
    .createIndex('material_member_type_idx')
    .on('material')
    .columns(['member_id', 'file_type', 'id'])
    .execute();
  await db.schema.createIndex('material_expiration_idx').on('material').column('expiration_time').execute();
  await db.schema.createIndex('material_object_key_idx').on('material').column('object_key').execute();

  await db.schema
    .createTable('material_tag_link')
    .addColumn('material_id', 'integer', (c) => c.notNull().references('material.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('material_tag.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('material_tag_link_pk', ['material_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('material_tag_link_tag_idx')
    .on('material_tag_link')
    .columns(['tag_id', 'material_id'])
    .execute();

  // One row per tus upload: who owns the object, its size, and whether its space was charged.
  await db.schema
    .createTable('upload')
    .addColumn('object_key', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // uploading → finished (space charged) → registered (a material owns it)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('upload_member_idx').on('upload').columns(['member_id', 'status']).execute();

  await withAutoId(db.schema.createTable('music_cate'), db)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withAutoId(db.schema.createTable('music'), db)
    .addColumn('cate_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withAutoId(db.schema.createTable('clip_media'), db)
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('ap_id', 'integer', (c) => c.notNull())
    .addColumn('apt_id', 'integer', (c) => c.notNull())
    .addColumn('media_url', 'text', (c) => c.notNull())
    .addColumn('clip_model', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('clip_media_task_uq', ['member_id', 'ap_id', 'apt_id'])
    .execute();

  await withAutoId(db.schema.createTable('job'), db)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_due_idx').on('job').columns(['name', 'status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'job',
    'clip_media',
    'music',
    'music_cate',
    'upload',
    'material_tag_link',
    'material',
    'material_tag',
    'material_group',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
