import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQueries, rowsShape } from './compiled.ts';
import { createSqliteDialect } from './dialects/sqlite.ts';

// A type (not an interface): rows are records of column values.
type Row = { a: number; b?: string };
interface TestDb {
  t: Row;
}

let dir: string;
let db: Kysely<TestDb>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vm-compiled-'));
  db = new Kysely<TestDb>({ dialect: createSqliteDialect(join(dir, 'db.sqlite')) });
  await sql`create table t (a integer not null, b text default 'dflt')`.execute(db);
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('CompiledQueries.executeRows', () => {
  it('builds a multi-row insert once per columns (any row count), and each row keeps its own values', async () => {
    const compiled = new CompiledQueries();
    let builds = 0;
    const insert = (rows: Row[]) =>
      compiled.executeRows(db, 'insert', rows, (p) => {
        builds += 1;
        return db.insertInto('t').values(p.rows).returning(['a', 'b']);
      });
    expect(
      await insert([
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ]),
    ).toEqual([
      { a: 1, b: 'x' },
      { a: 2, b: 'y' },
    ]);
    expect(
      await insert([
        { a: 3, b: 'z' },
        { a: 4, b: 'w' },
      ]),
    ).toEqual([
      { a: 3, b: 'z' },
      { a: 4, b: 'w' },
    ]);
    // The one-row form, and the two-row form its N-row SQL is checked against once.
    expect(builds).toBe(2);
    expect(
      await insert([
        { a: 11, b: 's' },
        { a: 12, b: 'r' },
        { a: 13, b: 'q' },
      ]),
    ).toEqual([
      { a: 11, b: 's' },
      { a: 12, b: 'r' },
      { a: 13, b: 'q' },
    ]);
    expect(await insert([{ a: 14, b: 'p' }])).toEqual([{ a: 14, b: 'p' }]);
    expect(builds).toBe(2);
    // Rows that set different columns are built as Kysely builds them (no other row count's or columns' SQL).
    const plain = (rows: Row[]) => db.insertInto('t').values(rows).returning(['a', 'b']).execute();
    expect(await insert([{ a: 5, b: 'v' }, { a: 6 }])).toEqual(await plain([{ a: 5, b: 'v' }, { a: 6 }]));
    expect(
      await insert([
        { a: 7, b: undefined },
        { a: 8, b: 'u' },
      ]),
    ).toEqual(
      await plain([
        { a: 7, b: undefined },
        { a: 8, b: 'u' },
      ]),
    );
    expect(await insert([{ a: 9 }, { a: 10, b: 't' }])).toEqual(await plain([{ a: 9 }, { a: 10, b: 't' }]));
    expect(builds).toBe(5);
  });

  it('stores all rows of a batch or none, as one multi-row statement would', async () => {
    const compiled = new CompiledQueries();
    const insert = (rows: Row[]) =>
      compiled.executeRows(db, 'insert-all-or-none', rows, (p) => db.insertInto('t').values(p.rows));
    await insert([{ a: 30, b: 'x' }]);
    // The second row breaks `a`'s not-null: the first, already run, is taken back with it.
    await expect(
      insert([
        { a: 31, b: 'y' },
        { a: null as unknown as number, b: 'z' },
      ]),
    ).rejects.toThrow(/NOT NULL/);
    // Inside a transaction the failing row fails the transaction, which takes back everything it wrote.
    await expect(
      db.transaction().execute(async (trx) => {
        await compiled.executeRows(trx, 'insert-all-or-none', [{ a: 32, b: 'w' }], (p) =>
          trx.insertInto('t').values(p.rows),
        );
        await compiled.executeRows(
          trx,
          'insert-all-or-none',
          [
            { a: 33, b: 'v' },
            { a: null as unknown as number, b: 'u' },
          ],
          (p) => trx.insertInto('t').values(p.rows),
        );
      }),
    ).rejects.toThrow(/NOT NULL/);
    const stored = await db.selectFrom('t').select('a').where('a', 'in', [30, 31, 32, 33]).execute();
    expect(stored.map((r) => r.a)).toEqual([30]);
  });

  it('writes out the same N-row SQL and parameters as Kysely on PostgreSQL, upsert clauses after the rows included', async () => {
    const sent: CompiledQuery[] = [];
    const connection: DatabaseConnection = {
      executeQuery: (query) => {
        sent.push(query);
        return Promise.resolve({ rows: [] });
      },
      streamQuery: () => {
        throw new Error('not streamed');
      },
    };
    class Recording extends DummyDriver {
      override acquireConnection() {
        return Promise.resolve(connection);
      }
    }
    const pg = new Kysely<TestDb>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new Recording(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    });
    const compiled = new CompiledQueries();
    const build = (rows: Row[]) =>
      pg
        .insertInto('t')
        .values(rows)
        .onConflict((oc) => oc.column('a').where('b', '<>', 'keep').doUpdateSet({ b: 'new' }))
        .returning('a');
    let builds = 0;
    for (const rows of [
      [{ a: 1, b: 'x' }],
      [
        { a: 2, b: 'y' },
        { a: 3, b: 'z' },
        { a: 4, b: 'w' },
      ],
    ]) {
      await compiled.executeRows(pg, 'upsert', rows, (p) => {
        builds += 1;
        return build(p.rows);
      });
      const expected = build(rows).compile();
      expect({ sql: sent.at(-1)?.sql, parameters: sent.at(-1)?.parameters }).toEqual({
        sql: expected.sql,
        parameters: expected.parameters,
      });
    }
    // Written out from the one-row form (built once, checked once against two rows), not built per count.
    expect(builds).toBe(2);
    await pg.destroy();
  });

  it('names the columns only when every row sets the same ones', () => {
    expect(
      rowsShape([
        { a: 1, b: '' },
        { a: 2, b: 'x' },
      ]),
    ).toBe('a,b');
    expect(rowsShape([{ a: 1, b: '' }, { a: 2 }])).toBeUndefined();
    expect(
      rowsShape([
        { b: '', a: 1 },
        { a: 2, b: '' },
      ]),
    ).toBeUndefined();
    expect(rowsShape([{ a: 1, b: undefined }])).toBeUndefined();
    expect(rowsShape([])).toBeUndefined();
  });
});
