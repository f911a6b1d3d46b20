import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** Stands in for a value while a query shape is compiled; never a real value (it starts with NUL). */
const MARK = '\u0000vm-value:';

type Values = Record<string, unknown>;

/** `values` with every leaf replaced by a marker naming its path (arrays and plain objects are walked). */
function markers(value: unknown, path: string): unknown {
  if (Array.isArray(value)) {
    return value.map((v, i) => markers(v, `${path}.${i}`));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markers(v, `${path}.${k}`)]));
  }
  return `${MARK}${path}`;
}

function valueAt(values: Values, path: string): unknown {
  let at: unknown = values;
  for (const part of path.split('.').slice(1)) {
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * Kysely builds and compiles a query anew on every call, which for a claim's candidate query costs
 * more than SQLite takes to run it. This keeps the compiled SQL per query shape: `build` runs once
 * per `shape` with markers in place of `values`, and later calls bind their values in the markers'
 * places (the prepared-statement cache of the SQLite dialect then reuses the statement too).
 * Everything that changes the SQL text besides the values (list lengths, optional clauses) must be
 * in `shape`; every value must come from `values` (constants written into the builder stay as they are).
 */
export class CompiledQueries {
  private readonly cache = new Map<string, { sql: string; parameters: readonly unknown[] }>();

  async execute<R, V extends Values>(
    db: Kysely<never> | Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    shape: string,
    values: V,
    build: (marked: V) => Compilable<R>,
  ): Promise<R[]> {
    const key = `${db.getExecutor().adapter.constructor.name}|${shape}`;
    let compiled = this.cache.get(key);
    if (!compiled) {
      const query = build(markers(values, '$') as V).compile();
      compiled = { sql: query.sql, parameters: query.parameters };
      this.cache.set(key, compiled);
    }
    const parameters = compiled.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? valueAt(values, p.slice(MARK.length)) : p,
    );
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  }
}
