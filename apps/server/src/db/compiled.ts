import { CompiledQuery, SqliteAdapter, type Compilable, type Kysely } from 'kysely';

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
 * The parameters of a statement run once per row (SQLite, see `executeRows`), as the one parameter of its
 * compiled query: the SQLite dialect's statements (dialects/sqlite.ts) run it row by row.
 */
export class RowBatch {
  constructor(readonly rows: readonly unknown[][]) {}
}

/** Per adapter (one per dialect), per shape: the compiled SQL and where its parameters come from. */
type Cache<T> = WeakMap<object, Map<string, T>>;

function cached<T>(cache: Cache<T>, adapter: object, key: string, make: () => T): T {
  let byShape = cache.get(adapter);
  if (!byShape) {
    byShape = new Map();
    cache.set(adapter, byShape);
  }
  let entry = byShape.get(key);
  if (entry === undefined) {
    entry = make();
    byShape.set(key, entry);
  }
  return entry;
}

/** Compiles `build` over markers in place of `values`: the SQL and, per parameter, its value's path. */
function compileMarked<V extends Values>(values: V, build: (marked: V) => Compilable<unknown>) {
  const query = build(markers(values, '$') as V).compile();
  return {
    sql: query.sql,
    parameters: query.parameters.map((p): Parameter =>
      typeof p === 'string' && p.startsWith(MARK)
        ? { path: p.slice(MARK.length).split('.').slice(1), constant: undefined }
        : { path: null, constant: p },
    ),
  };
}

/**
 * Kysely builds and compiles a query anew on every call, which for a claim's candidate query costs
 * more than SQLite takes to run it. This keeps the compiled SQL per query shape: `build` runs once
 * per `shape` with markers in place of `values`, and later calls bind their values in the markers'
 * places (the prepared-statement cache of the SQLite dialect then reuses the statement too).
 * Everything that changes the SQL text besides the values (list lengths, optional clauses) must be
 * in `shape`; every value must come from `values` (constants written into the builder stay as they are).
 * Kept per dialect adapter: one process may hold a SQLite and a PostgreSQL database (their SQL differs).
 */
export class CompiledQueries {
  private readonly cache: Cache<{ sql: string; parameters: readonly Parameter[] }> = new WeakMap();
  private readonly rowsCache: Cache<RowsStatement | null> = new WeakMap();

  async execute<R, V extends Values>(
    db: Kysely<never> | Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    shape: string,
    values: V,
    build: (marked: V) => Compilable<R>,
  ): Promise<R[]> {
    const compiled = cached(this.cache, db.getExecutor().adapter, shape, () => compileMarked(values, build));
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
   * A statement over `rows` (a multi-row insert), compiled once per `name` and columns in its one-row
   * form: SQLite runs that one prepared statement once per row inside the caller's transaction (one
   * driver call: better-sqlite3 is synchronous, and a row's run costs less than binding a 200-row
   * statement); PostgreSQL gets the N-row statement written out from the one-row form (one round trip).
   * Rows that set different columns, or a statement whose N-row form cannot be derived, are built by
   * Kysely each time.
   */
  async executeRows<R, T extends Record<string, unknown>>(
    db: Kysely<never> | Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    name: string,
    rows: readonly T[],
    build: (marked: { rows: T[] }) => Compilable<R>,
  ): Promise<R[]> {
    const shape = rowsShape(rows);
    const { adapter } = db.getExecutor();
    const statement =
      shape === undefined
        ? null
        : cached(this.rowsCache, adapter, `${name}|${shape}`, () => rowsStatement(rows[0] as T, build));
    if (!statement) {
      return (await db.executeQuery<R>(build({ rows: [...rows] }).compile())).rows;
    }
    if (adapter instanceof SqliteAdapter) {
      const batch = new RowBatch(rows.map((row) => statement.bind(row)));
      return (await db.executeQuery<R>(CompiledQuery.raw(statement.sql, [batch]))).rows;
    }
    return (await db.executeQuery<R>(statement.many(rows))).rows;
  }
}

/** A one-row statement, cut around its row's values tuple so that N rows can be written out. */
interface RowsStatement {
  sql: string;
  /** The one-row statement's parameters for `row`. */
  bind(row: Record<string, unknown>): unknown[];
  /** The N-row statement for `rows`. */
  many(rows: readonly Record<string, unknown>[]): CompiledQuery;
}

/**
 * Compiles `build` for one row of `sample`'s columns and cuts the SQL at its placeholders (`?` or `$n`).
 * The N-row form repeats the row's tuple, numbering placeholders on; it is checked once against Kysely's
 * own two-row SQL, and null (build each time) when they differ.
 */
function rowsStatement<T extends Record<string, unknown>>(
  sample: T,
  build: (marked: { rows: T[] }) => Compilable<unknown>,
): RowsStatement | null {
  const one = compileMarked({ rows: [sample] }, build);
  const numbered = /\$1\b/.test(one.sql);
  const segments = one.sql.split(numbered ? /\$\d+/ : /\?/);
  const params = one.parameters;
  const first = params.findIndex((p) => p.path?.[0] === 'rows');
  const width = params.filter((p) => p.path?.[0] === 'rows').length;
  const columns = params.slice(first, first + width).map((p) => p.path?.[2] ?? '');
  if (
    segments.length !== params.length + 1 ||
    first < 0 ||
    params.slice(first, first + width).some((p) => p.path?.length !== 3 || p.path[1] !== '0')
  ) {
    return null;
  }
  const open = (segments[first] as string).lastIndexOf('(');
  const close = (segments[first + width] as string).indexOf(')');
  if (open < 0 || close < 0) {
    return null;
  }
  const mark = (i: number) => (numbered ? `$${i + 1}` : '?');
  const bind = (row: Record<string, unknown>) => {
    const out = new Array<unknown>(params.length);
    for (let i = 0; i < params.length; i += 1) {
      out[i] = i >= first && i < first + width ? row[columns[i - first] as string] : (params[i] as Parameter).constant;
    }
    return out;
  };
  const many = (rows: readonly Record<string, unknown>[]) => {
    const shift = (rows.length - 1) * width;
    let sql = '';
    const values: unknown[] = [];
    for (let i = 0; i < first; i += 1) {
      sql += (segments[i] as string) + mark(i);
      values.push((params[i] as Parameter).constant);
    }
    sql += (segments[first] as string).slice(0, open);
    rows.forEach((row, r) => {
      sql += (r === 0 ? '' : ', ') + (segments[first] as string).slice(open);
      for (let c = 0; c < width; c += 1) {
        const i = first + c;
        sql +=
          mark(i + r * width) + (c === width - 1 ? (segments[i + 1] as string).slice(0, close + 1) : segments[i + 1]);
        values.push(row[columns[c] as string]);
      }
    });
    sql += (segments[first + width] as string).slice(close + 1);
    for (let i = first + width; i < params.length; i += 1) {
      sql += mark(i + shift) + (segments[i + 1] as string);
      values.push((params[i] as Parameter).constant);
    }
    return CompiledQuery.raw(sql, values);
  };
  // Checked once against Kysely's own SQL for two rows: any clause this cut does not foresee shows here.
  const two = build({ rows: [sample, sample] }).compile();
  if (many([sample, sample]).sql !== two.sql) {
    return null;
  }
  return { sql: one.sql, bind, many };
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
