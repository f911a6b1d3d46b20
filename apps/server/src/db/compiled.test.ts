import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
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
  it('builds a multi-row insert once per row count and columns, and each row keeps its own values', async () => {
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
    expect(builds).toBe(1);
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
    expect(builds).toBe(4);
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
