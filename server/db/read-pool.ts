/**
 * Reads of SQLite on worker threads, each with its own read-only connection to the database file.
 *
 * better-sqlite3 runs a statement on the calling thread until it is done, so on the one main
 * connection a list page that scans (a keyword's first count, a filter no index serves) held every
 * other request of the process behind it: under 50 clients one such page made the p95 seconds long.
 * Lists send their reads here instead: a worker runs one statement at a time, statements wait in
 * one queue for the first worker free, so a slow read holds only its own worker and the main
 * thread goes on answering. In WAL mode a reader sees every transaction committed before its
 * statement began, so a list read here after a write on the main connection sees that write.
 * Transactions stay on the main connection (a read inside one must see its uncommitted writes).
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from './worker-thread';
import {
  Kysely,
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema';

export interface ReadPoolOptions {
  /** The database file. */
  file: string;
  /** better-sqlite3's entry and native addon, resolved by the caller (the worker has no bundle). */
  library: string;
  addon: string;
  /** Worker threads; by default one per core, at most four. */
  size?: number;
}

/** What a worker is asked: one statement and its parameters. */
interface Request {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

type Answer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

// Plain JavaScript run by the worker with eval, as the checkpointer's: the server may run as one
// compiled bundle, so the worker cannot be given a module file of its own.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.library);
const db = new Database(workerData.file, { readonly: true, nativeBinding: workerData.addon });
db.pragma('busy_timeout = 5000');
// Pages are read through the operating system's cache shared by every worker, not copied into a
// cache of each connection: a page filtered on a large table reads rows from all over the file.
db.pragma('mmap_size = ' + workerData.mmapBytes);
db.pragma('cache_size = -16384');
const statements = new Map();
parentPort.on('message', (request) => {
  if (request === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let statement = statements.get(request.sql);
    if (!statement) {
      if (statements.size >= workerData.statementCacheSize) statements.delete(statements.keys().next().value);
      statement = db.prepare(request.sql);
      statements.set(request.sql, statement);
    }
    parentPort.postMessage({ id: request.id, rows: statement.all(request.parameters) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: { message: error.message, code: error.code } });
  }
});
`;

const MMAP_BYTES = 1 << 30;
const STATEMENT_CACHE_SIZE = 500;
const MOST_WORKERS = 4;

interface Pending {
  request: Request;
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

export interface ReadPool {
  /** The rows of one SELECT, read on the first worker free. */
  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
  /** Ends the workers; reads asked after this fail. */
  close(): Promise<void>;
}

export function readPool(options: ReadPoolOptions): ReadPool {
  const size = options.size ?? Math.max(1, Math.min(MOST_WORKERS, os.availableParallelism()));
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const dispatch = () => {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.busy) continue;
      slot.busy = queue.shift()!;
      slot.worker.postMessage(slot.busy.request);
    }
  };

  const failAll = (error: Error) => {
    for (const pending of [...slots.map((s) => s.busy), ...queue.splice(0)]) pending?.reject(error);
    for (const slot of slots) slot.busy = null;
  };

  // Workers start with the first read: a process that never lists a large table never starts them.
  const start = () => {
    for (let i = 0; i < size; i++) {
      const worker = startWorker(WORKER_SOURCE, {
        eval: true,
        workerData: { file: options.file, library: options.library, addon: options.addon, mmapBytes: MMAP_BYTES, statementCacheSize: STATEMENT_CACHE_SIZE },
      });
      // An idle pool does not keep the process alive.
      worker.unref();
      const slot: Slot = { worker, busy: null };
      worker.on('message', (answer: Answer) => {
        const pending = slot.busy;
        slot.busy = null;
        if (pending && pending.request.id === answer.id) {
          if ('error' in answer) pending.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
          else pending.resolve(answer.rows);
        }
        dispatch();
      });
      worker.on('error', (error) => {
        closed = true;
        failAll(error);
      });
      slots.push(slot);
    }
  };

  return {
    all(sql, parameters) {
      if (closed) return Promise.reject(new Error('the read pool is closed'));
      if (slots.length === 0) start();
      return new Promise((resolve, reject) => {
        queue.push({ request: { id: nextId++, sql, parameters }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      failAll(new Error('the read pool is closed'));
      await Promise.all(
        slots.splice(0).map(({ worker }) => {
          const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
          worker.postMessage('stop');
          return exited;
        }),
      );
    },
  };
}

class PoolConnection implements DatabaseConnection {
  constructor(private readonly pool: ReadPool) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.pool.all(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield -- a pool's reads answer whole; nothing streams from it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read pool does not stream');
  }
}

class PoolDriver implements Driver {
  private readonly connection: PoolConnection;

  constructor(private readonly pool: ReadPool) {
    this.connection = new PoolConnection(pool);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  beginTransaction(): Promise<void> {
    throw new Error('the read pool has no transactions');
  }

  commitTransaction(): Promise<void> {
    throw new Error('the read pool has no transactions');
  }

  rollbackTransaction(): Promise<void> {
    throw new Error('the read pool has no transactions');
  }

  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    return this.pool.close();
  }
}

class PoolDialect implements Dialect {
  constructor(private readonly pool: ReadPool) {}

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new PoolDriver(this.pool);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** A Kysely instance whose queries are read by the pool's workers: SELECTs only, no transactions. */
export function poolReader(pool: ReadPool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PoolDialect(pool) });
}
