import { sql, type Kysely } from 'kysely';

/** Tables whose names must be unique per member, and their name column. */
const NAMED = [
  ['material_group', 'group_name'],
  ['material_tag', 'tag_name'],
] as const;

/**
 * Material group and tag names are unique per member, as account group names are (issue 13.11).
 * Duplicates already stored keep the oldest name; later ones get `-<id>` so the index can be built.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of NAMED) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} || '-' || cast(id as text)
      where exists (select 1 from ${sql.table(table)} older
        where older.member_id = ${sql.table(table)}.member_id and older.${sql.ref(column)} = ${sql.table(table)}.${sql.ref(column)}
          and older.id < ${sql.table(table)}.id)`.execute(db);
    await db.schema.createIndex(`${table}_member_name_uq`).on(table).columns(['member_id', column]).unique().execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of NAMED) {
    await db.schema.dropIndex(`${table}_member_name_uq`).execute();
  }
}
