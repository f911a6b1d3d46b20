import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement as KyselySqliteStatement,
} from 'kysely';
import { RowBatch } from '../compiled.ts';

/** Distinct SQL texts kept prepared; queries are built from a fixed set, so this is plenty. */
const STATEMENT_CACHE_SIZE = 500;

/** SQLite dialect on `<dataDir>/vidmatrix.db` (or an explicit file), WAL and foreign keys on. */
export function createSqliteDialect(file: string): SqliteDialect {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Several processes (server, CLI) may share the file: wait for locks instead of failing.
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: withStatementCache(database, STATEMENT_CACHE_SIZE) });
}

type Statement = SqliteDatabase.Statement<unknown[]>;

/** The batch of a query whose one parameter is a RowBatch (CompiledQueries.executeRows), else undefined. */
function batchOf(parameters: readonly unknown[]): RowBatch | undefined {
  const [first] = parameters;
  return parameters.length === 1 && first instanceof RowBatch ? first : undefined;
}

/**
 * `statement` as Kysely's driver runs it, with a RowBatch run once per row (one prepared statement, no
 * re-binding of a 200-row text). Inside a transaction (every harvest page's) a failing row fails the
 * caller's transaction, which takes back the rows before it; outside one the rows get a transaction of
 * their own, so they go in all or none as one multi-row statement would. Not a savepoint inside the
 * caller's: SQLite then journals every page the rows touch, which cost ~60 % more than the rows themselves.
 */
function batching(
  database: SqliteDatabase.Database,
  statement: Statement,
): KyselySqliteStatement & { readonly busy: boolean } {
  const eachRow = <T>(rows: readonly unknown[][], one: (row: unknown[]) => T): T[] => {
    const out = new Array<T>(rows.length);
    for (let i = 0; i < rows.length; i += 1) {
      out[i] = one(rows[i] as unknown[]);
    }
    return out;
  };
  const inOne = <T>(rows: readonly unknown[][], one: (row: unknown[]) => T): T[] =>
    database.inTransaction ? eachRow(rows, one) : database.transaction(() => eachRow(rows, one))();
  const allRows = (rows: readonly unknown[][]) => inOne(rows, (row) => statement.all(row)).flat();
  const runRows = (rows: readonly unknown[][]) => {
    const results = inOne(rows, (row) => statement.run(row));
    return {
      changes: results.reduce((n, r) => n + r.changes, 0),
      lastInsertRowid: results.at(-1)?.lastInsertRowid ?? 0,
    };
  };
  return {
    get reader() {
      return statement.reader;
    },
    get busy() {
      return statement.busy;
    },
    all: (parameters) => {
      const batch = batchOf(parameters);
      return batch ? allRows(batch.rows) : statement.all(parameters);
    },
    run: (parameters) => {
      const batch = batchOf(parameters);
      return batch ? runRows(batch.rows) : statement.run(parameters);
    },
    iterate: (parameters) => statement.iterate(parameters),
  };
}

/**
 * Kysely's driver prepares every query anew; this hands it the same prepared statement for the
 * same SQL text (least recently used dropped past `size`).
 */
export function withStatementCache(database: SqliteDatabase.Database, size: number): KyselySqliteDatabase {
  const statements = new Map<string, ReturnType<typeof batching>>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql) => {
      const cached = statements.get(sql);
      // A statement still iterating (an unfinished stream) cannot run again: prepare a fresh one.
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = batching(database, database.prepare(sql));
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) {
          statements.delete(statements.keys().next().value as string);
        }
      }
      return statement;
    },
  };
}
