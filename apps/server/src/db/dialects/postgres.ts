import { PostgresDialect } from 'kysely';
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
  return new PostgresDialect({ pool });
}
