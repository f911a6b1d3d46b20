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

/** The value at `path` (a marker's path, split once when its shape was compiled) in `values`. */
function valueAt(values: Values, path: readonly string[]): unknown {
  let at: unknown = values;
  // An indexed loop: a page's statement binds thousands of values, and an iterator per value showed in profiles.
  for (let i = 0; i < path.length; i += 1) {
    at = (at as Record<string, unknown>)[path[i] as string];
  }
  return at;
}

/** A compiled statement's parameter: the path of its value in `values`, or (path null) a constant of the builder. */
interface Parameter {
  path: readonly string[] | null;
  constant: unknown;
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
  /** Per shape: the SQL, and per parameter the path of its value in `values` (or the constant itself). */
  private readonly cache = new Map<string, { sql: string; parameters: readonly Parameter[] }>();

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
      compiled = {
        sql: query.sql,
        parameters: query.parameters.map((p) =>
          typeof p === 'string' && p.startsWith(MARK)
            ? { path: p.slice(MARK.length).split('.').slice(1), constant: undefined }
            : { path: null, constant: p },
        ),
      };
      this.cache.set(key, compiled);
    }
    const spec = compiled.parameters;
    const parameters = new Array<unknown>(spec.length);
    for (let i = 0; i < spec.length; i += 1) {
      const p = spec[i] as Parameter;
      parameters[i] = p.path ? valueAt(values, p.path) : p.constant;
    }
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  }

  /**
   * A statement over `rows` (a multi-row insert): its SQL kept per `name`, row count and columns when
   * every row sets the same columns, else built anew (see `rowsShape`).
   */
  async executeRows<R, T extends Record<string, unknown>>(
    db: Kysely<never> | Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    name: string,
    rows: readonly T[],
    build: (marked: { rows: T[] }) => Compilable<R>,
  ): Promise<R[]> {
    const shape = rowsShape(rows);
    if (shape === undefined) {
      return (await db.executeQuery<R>(build({ rows: [...rows] }).compile())).rows;
    }
    return this.execute(db, `${name}|${rows.length}|${shape}`, { rows: [...rows] }, build);
  }
}

/**
 * The columns of `rows` when every row sets the same ones (in the same order, none undefined), as part
 * of a query's shape; undefined when they differ (Kysely then writes DEFAULT in some rows' places, a
 * shape of its own: build such a statement uncached).
 */
export function rowsShape(rows: readonly Record<string, unknown>[]): string | undefined {
  const first = rows[0];
  if (!first) {
    return undefined;
  }
  const keys = Object.keys(first);
  if (keys.some((k) => first[k] === undefined)) {
    return undefined;
  }
  // Walked in place (no key array per row): called on every page's 200-row statements.
  for (const row of rows) {
    let n = 0;
    for (const k in row) {
      if (k !== keys[n] || row[k] === undefined) {
        return undefined;
      }
      n += 1;
    }
    if (n !== keys.length) {
      return undefined;
    }
  }
  return keys.join(',');
}
