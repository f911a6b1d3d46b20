import { sql, type Kysely } from 'kysely';
import { isPostgres, trigramOpsClass } from '../dialect.ts';

/**
 * The material list at 1M rows: a trigram index for the name search (SQLite FTS5 `trigram`
 * external-content table kept in sync by triggers; PostgreSQL pg_trgm GIN on lower(file_name)),
 * the digital-human filter's index, and the tus part ledger of the s3 store in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('material_member_source_idx')
    .on('material')
    .columns(['member_id', 'source_type', 'id'])
    .execute();

  if (isPostgres(db)) {
    // Without pg_trgm (not installed, no privilege) the search stays a LIKE on the narrowed rows.
    const opsClass = await trigramOpsClass(db);
    if (opsClass) {
      await sql`create index material_name_trgm_idx on material using gin (lower(file_name) ${sql.raw(opsClass)})`.execute(
        db,
      );
    }
  } else {
    await sql`create virtual table material_fts using fts5(
      file_name, content = 'material', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
    await sql`create trigger material_fts_insert after insert on material begin
      insert into material_fts (rowid, file_name) values (new.id, new.file_name);
    end`.execute(db);
    await sql`create trigger material_fts_delete after delete on material begin
      insert into material_fts (material_fts, rowid, file_name) values ('delete', old.id, old.file_name);
    end`.execute(db);
    await sql`create trigger material_fts_update after update of file_name on material begin
      insert into material_fts (material_fts, rowid, file_name) values ('delete', old.id, old.file_name);
      insert into material_fts (rowid, file_name) values (new.id, new.file_name);
    end`.execute(db);
    await sql`insert into material_fts (material_fts) values ('rebuild')`.execute(db);
  }

  // Parts of unfinished multipart uploads of the s3 tus store, shared by every server instance.
  await db.schema
    .createTable('upload_part')
    .addColumn('object_key', 'text', (c) => c.notNull())
    .addColumn('part_number', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_part_pk', ['object_key', 'part_number'])
    .execute();
  // The cleanup job finds unfinished uploads by age.
  await db.schema.createIndex('upload_status_created_idx').on('upload').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('upload_status_created_idx').ifExists().execute();
  await db.schema.dropTable('upload_part').ifExists().execute();
  if (isPostgres(db)) {
    await db.schema.dropIndex('material_name_trgm_idx').ifExists().execute();
  } else {
    for (const trigger of ['material_fts_insert', 'material_fts_delete', 'material_fts_update']) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists material_fts`.execute(db);
  }
  await db.schema.dropIndex('material_member_source_idx').ifExists().execute();
}
