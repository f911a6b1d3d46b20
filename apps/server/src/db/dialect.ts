import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

/** True when `db` talks to PostgreSQL (migrations branch on this where dialects differ). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `column` is one of `values`, as one bound parameter however many there are (SQLite: the values of a
 * JSON array, PostgreSQL: `= any` of an array), so the SQL text is the same for every count: a page's
 * look-up of 1 to 200 ids neither compiles nor prepares a statement per count (nor crowds SQLite's
 * statement cache). Both databases still probe the column's index once per value.
 */
export function inValues<DB>(
  db: Kysely<DB>,
  column: string,
  values: readonly string[] | readonly number[],
  type: 'text' | 'integer',
): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${values}::${sql.raw(type)}[])`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** Adds an auto-increment integer primary key `id`: sqlite autoincrement, pg identity. */
export function withAutoId<TB extends string>(
  table: CreateTableBuilder<TB>,
  db: Kysely<unknown>,
): CreateTableBuilder<TB, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/**
 * The schema-qualified pg_trgm GIN operator class, creating the extension (in `public`, shared by
 * every schema of the database) when it is available; null when it cannot be had.
 */
export async function trigramOpsClass(db: Kysely<unknown>): Promise<string | null> {
  const installedIn = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  let schema = await installedIn();
  const available = (await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db)).rows.length;
  if (!schema && available > 0) {
    // Migrations of several schemas may race to create it: a savepoint keeps the transaction usable.
    const guarded = db.isTransaction;
    if (guarded) {
      await sql`savepoint pg_trgm`.execute(db);
    }
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    } catch {
      if (guarded) {
        await sql`rollback to savepoint pg_trgm`.execute(db);
      }
    }
    schema = await installedIn();
  }
  return schema ? `"${schema.replace(/"/g, '""')}".gin_trgm_ops` : null;
}

/** Characters of a search below which trigram indexes cannot help (SQLite FTS5 trigram, pg_trgm). */
export const TRIGRAM_MIN_CHARS = 3;

/** A LIKE pattern matching `value` anywhere, with its wildcards escaped (use with `escape '\'`). */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match of `column` against `value` as a LIKE, the same on SQLite and
 * PostgreSQL: `%` and `_` in the value are plain characters. Every repository searches text with it.
 */
export function likeContains(column: string, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(value)}) escape '\\'`;
}

/**
 * Case-insensitive substring match of `column` (a text column of `table`, whose integer key is `id`)
 * against `value`. The LIKE decides; on SQLite a search of 3+ characters first narrows the rows
 * through the FTS5 trigram table `ftsTable` (PostgreSQL uses its pg_trgm index on lower(column) by
 * itself). Shorter searches are a LIKE on whatever the other conditions narrowed.
 */
export function containsText<DB>(
  db: Kysely<DB>,
  refs: { column: string; id: string; ftsTable: string },
  value: string,
): RawBuilder<SqlBool> {
  const like = likeContains(refs.column, value);
  if (isPostgres(db) || [...value].length < TRIGRAM_MIN_CHARS) {
    return like;
  }
  // An FTS5 phrase of the whole text: trigram phrases match as substrings; quotes are doubled.
  const phrase = `"${value.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref(refs.id)} in (select rowid from ${sql.table(refs.ftsTable)} where ${sql.table(
    refs.ftsTable,
  )} match ${phrase}) and ${like}`;
}
