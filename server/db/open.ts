import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { dialectTypes, type DialectName, type DialectTypes } from './dialect';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  types: DialectTypes;
  /** Where the data lives, for the start-up banner (never with a password). */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
}

const PG_INT8 = 20;
const SQLITE_FILE = 'console.db';

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with NORMAL stays durable across application crashes; only power loss can drop the last commits.
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', types: dialectTypes('sqlite'), location: file, close: () => db.destroy() };
}

/** Statements kept compiled, by SQL text; the least recently used go first. */
const STATEMENT_CACHE = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query it runs:
 * the same SQL text reuses its compiled statement instead (about a tenth of a list request's time).
 * Kysely runs one query at a time on the connection, so a statement is never in use twice at once;
 * SQLite recompiles a cached statement by itself when the schema changed under it.
 */
function reusingStatements(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return { db, dialect: 'postgres', types: dialectTypes('postgres'), location: safe.toString(), close: () => db.destroy() };
}
