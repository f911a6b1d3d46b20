import { sql, type RawBuilder } from 'kysely';

/** The UTC+8 day number of an epoch-ms column, the same in SQLite and PostgreSQL (integer division). */
export function dayOf(column: string): RawBuilder<number> {
  return dayOfExpression(sql.ref(column));
}

/** dayOf for an expression (e.g. `coalesce(a, b)`). */
export function dayOfExpression(expression: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`cast((${expression} + 28800000) / 86400000 as integer)`;
}

/** Per-day counts or sums as a map (PostgreSQL answers bigints and sums as strings). */
export function dayMap(rows: readonly { day: number | string; n: number | string | null }[]): Map<number, number> {
  return new Map(rows.map((row) => [Number(row.day), Number(row.n ?? 0)]));
}
