import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';

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

/**
 * Kysely's driver prepares every query anew; this hands it the same prepared statement for the
 * same SQL text (least recently used dropped past `size`).
 */
export function withStatementCache(database: SqliteDatabase.Database, size: number): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
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
      const statement = database.prepare(sql);
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
