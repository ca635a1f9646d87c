import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema';
import { dialectTypes, type DialectName, type DialectTypes } from './dialect';
import { createBatchWriter, type BatchWriter } from './batch';
import { startCheckpointer } from './checkpointer';
import { keptName } from './prepared';
import { asksForArrays } from './rows-as-arrays';
import { poolReader, readPool } from './read-pool';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * Where long reads outside a transaction go (lists and their totals): SQLite's read-only
   * connections on worker threads (read-pool.ts), PostgreSQL's own pool.
   */
  reads: Kysely<Database>;
  dialect: DialectName;
  types: DialectTypes;
  /** Small writes of one moment committed together (chat messages, login activity). */
  writes: BatchWriter;
  /** Where the data lives, for the start-up banner (never with a password). */
  location: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
}

const PG_INT8 = 20;
// pg is loaded only when a PostgreSQL database is configured: an SQLite start does not pay for it.
const requireAtRunTime = createRequire(import.meta.url);
const SQLITE_FILE = 'console.db';
/**
 * better-sqlite3's addon, named outright: left to itself the library searches a dozen places for it
 * at every start, and its JavaScript is compiled into the server bundle (scripts/build-server.ts).
 */
const SQLITE_ADDON = requireAtRunTime.resolve('better-sqlite3/build/Release/better_sqlite3.node');
const STATEMENT_CACHE_SIZE = 1000;
/** Shared write transactions under way at once on PostgreSQL (of the pool's ten connections; the rest read). */
const POSTGRES_COMMITS_AT_ONCE = 3;

/**
 * Kysely prepares every query anew, and preparing a small statement costs about as much as running
 * it. Statements are kept by their SQL text, the least recently used dropped past the limit.
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      // Re-inserted, so the map's order is the order of last use.
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Every SQLite transaction takes the write lock as it begins (BEGIN IMMEDIATE), waiting for it up to
 * the busy timeout. One begun deferred, reading first, had to upgrade to writing later, and SQLite
 * refuses that upgrade at once, without waiting, when the WAL moved under its snapshot (seen while the
 * checkpointer worked through a large import: "database is locked"). This process has one connection,
 * so nothing is lost by taking the lock at the start.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file, { nativeBinding: SQLITE_ADDON });
  // One call for the connection's settings: each pragma() prepares a statement of its own.
  sqlite.exec(
    [
      'PRAGMA journal_mode = WAL',
      'PRAGMA foreign_keys = ON',
      'PRAGMA busy_timeout = 5000',
      // WAL with NORMAL stays durable across application crashes; only power loss can drop the last commits.
      'PRAGMA synchronous = NORMAL',
      // After a burst the WAL file is cut back to this when it starts over, not kept at its largest.
      'PRAGMA journal_size_limit = 67108864',
      // 64 MiB of pages kept (the default is 2 MiB): a list page filtered on a large table reads its
      // rows by id from all over the file, and re-reading each page from the OS doubled its time.
      'PRAGMA cache_size = -65536',
    ].join(';\n'),
  );
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: reusingStatements(sqlite) }) });
  const library = requireAtRunTime.resolve('better-sqlite3');
  const checkpoints = startCheckpointer(sqlite, { file, library, addon: SQLITE_ADDON });
  const reads = poolReader(readPool({ file, library, addon: SQLITE_ADDON }));
  const close = async () => {
    await reads.destroy();
    await checkpoints.stop();
    await db.destroy();
  };
  return { db, reads, writes: createBatchWriter(db), dialect: 'sqlite', types: dialectTypes('sqlite'), location: file, close };
}

/**
 * A new connection sends the hot paths' statements (db/prepared.ts) by name, so it parses and plans
 * each once, and asks for the rows of a statement marked so as arrays (rows-as-arrays.ts); Kysely
 * sends every query as text with its values, which this sees as `query(text, values)`.
 */
function sendAsMarked(client: pgModule.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [config, values] = args;
    if (args.length !== 2 || typeof config !== 'string' || !Array.isArray(values)) return query(...args);
    if (asksForArrays(config)) return query({ text: config, values, rowMode: 'array' });
    const name = keptName(config);
    return name === undefined ? query(...args) : query({ name, text: config, values });
  }) as typeof client.query;
}

function openPostgres(url: string): DatabaseHandle {
  const pg = requireAtRunTime('pg') as typeof pgModule;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
    } as pgModule.CustomTypesConfig,
  });
  pool.on('connect', sendAsMarked);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return { db, reads: db, writes: createBatchWriter(db, { commitsAtOnce: POSTGRES_COMMITS_AT_ONCE }), dialect: 'postgres', types: dialectTypes('postgres'), location: safe.toString(), close: () => db.destroy() };
}
