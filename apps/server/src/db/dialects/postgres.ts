import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
  PostgresAdapter,
  PostgresDialect,
  sql,
} from 'kysely';
import pg from 'pg';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Epoch-ms times and byte counts are int8; counts and sums come back as int8/numeric. All of them
// stay far below 2^53, so they are parsed as plain numbers (per pool, not globally).
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === INT8_OID || oid === NUMERIC_OID) {
    return Number;
  }
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}
const types: pg.CustomTypesConfig = { getTypeParser };

/** PostgreSQL dialect on a pg Pool; `searchPath` pins the schema (tests use one per file). */
export function createPostgresDialect(connectionString: string, searchPath?: string): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    types,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  return new SchemaScopedPostgresDialect({ pool });
}

/**
 * Kysely's PostgreSQL dialect, kept inside the connection's own schema: its introspection reads only
 * that schema, and its migration lock is keyed by it. Kysely's own introspector asks
 * `has_schema_privilege` of every schema by name, so a schema dropped at that moment (another test
 * file's, another install's) failed this one's migration with 3F000; and its one database-wide lock
 * made every schema of a database migrate one at a time.
 */
class SchemaScopedPostgresDialect extends PostgresDialect {
  override createAdapter(): PostgresAdapter {
    return new SchemaLockAdapter();
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

// An advisory lock per schema; the prefix keeps it apart from any other application's advisory locks.
const schemaLockKey = sql`hashtextextended('vidmatrix.migrate:' || current_schema(), 0)`;

class SchemaLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_lock(${schemaLockKey})`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${schemaLockKey})`.execute(db);
  }
}

/** Tables and schemas as the migrator needs them, read from the current schema only. */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      schema: string;
      table: string;
      kind: string;
      column: string;
      type: string;
      notNull: boolean;
      hasDefault: boolean;
    }>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
             t.typname as type, a.attnotnull as "notNull", a.atthasdef as "hasDefault"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) {
        continue;
      }
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        isNullable: !row.notNull,
        isAutoIncrementing: false,
        hasDefaultValue: row.hasDefault,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
