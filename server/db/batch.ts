import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database } from './schema';

export interface BatchOptions {
  /**
   * The row this write locks first, as "table:id" with the id zero-padded: a batch runs its writes
   * in this order (writes without one first, as they came), so two batches of different processes
   * take their PostgreSQL row locks in the same order and cannot deadlock.
   */
  lockKey?: string;
}

/** Runs small writes; each promise settles once its write is committed. */
export interface BatchWriter {
  run<T>(write: (trx: Kysely<Database>) => Promise<T>, options?: BatchOptions): Promise<T>;
}

interface Queued {
  write: (trx: Kysely<Database>) => Promise<unknown>;
  lockKey: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Zero-padded, so that keys of one table sort by id. */
export function lockKey(table: string, id: number): string {
  return `${table}:${String(id).padStart(12, '0')}`;
}

/**
 * Writes asked for in the same turn of the event loop share one transaction: a commit costs as much
 * as several small writes, so under load one commit carries many (a message, the sender's activity,
 * the next message…). Nobody learns of a write before its commit all the same. If the shared
 * transaction fails, each write runs again on its own, so one that cannot be done fails alone.
 */
export function createBatchWriter(db: Kysely<Database>): BatchWriter {
  let queued: Queued[] = [];

  async function commit(batch: Queued[]) {
    // Stable: writes with the same key (a conversation's messages) keep the order they came in.
    const ordered = batch.toSorted((a, b) => (a.lockKey < b.lockKey ? -1 : a.lockKey > b.lockKey ? 1 : 0));
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const done: unknown[] = [];
        for (const entry of ordered) done.push(await entry.write(trx));
        return done;
      });
    } catch {
      for (const entry of ordered) {
        await db
          .transaction()
          .execute((trx) => entry.write(trx))
          .then(entry.resolve, entry.reject);
      }
      return;
    }
    ordered.forEach((entry, i) => entry.resolve(results[i]));
  }

  return {
    run<T>(write: (trx: Kysely<Database>) => Promise<T>, options: BatchOptions = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (queued.length === 0) {
          setImmediate(() => {
            const batch = queued;
            queued = [];
            void commit(batch);
          });
        }
        queued.push({ write, lockKey: options.lockKey ?? '', resolve: resolve as (value: unknown) => void, reject });
      });
    },
  };
}

/**
 * Bound parameters one multi-row statement may carry: below SQLite's 32,766 and PostgreSQL's 65,535,
 * so a batch of rows is written in as few statements as both databases accept.
 */
const PARAMETERS_PER_STATEMENT = 30_000;

/** Rows cut into slices small enough for one multi-row INSERT each (by their column count). */
export function insertSlices<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  const size = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Math.max(1, Object.keys(rows[0]).length)));
  const slices: T[][] = [];
  for (let start = 0; start < rows.length; start += size) slices.push(rows.slice(start, start + size));
  return slices;
}

/** Whether the connection numbers its parameters ($1, PostgreSQL) or writes ? (SQLite). */
const numbered = new WeakMap<object, boolean>();
function numbersParameters(db: Kysely<Database>): boolean {
  const adapter = db.getExecutor().adapter;
  let known = numbered.get(adapter);
  if (known === undefined) {
    known = db.selectFrom('teams').select('id').where('id', '=', 0).compile().sql.includes('$1');
    numbered.set(adapter, known);
  }
  return known;
}

/**
 * Many rows of one table in multi-row INSERTs, each prepared once per slice size: the statement is
 * written here rather than by Kysely's builder, which spends more time turning hundreds of thousands
 * of values into nodes than the database spends storing them. Every row must carry the same columns
 * (the first row's); table and columns are this code's own names, the values are bound parameters.
 * Answers the `returning` columns of the rows written, in no promised order.
 */
export async function insertRows<T extends keyof Database & string, R extends keyof Database[T] & string = never>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  returning: R[] = [],
): Promise<Array<Pick<Database[T], R>>> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const width = columns.length;
  const dollar = numbersParameters(db);
  const quote = (name: string) => `"${name}"`;
  // SQLite's tuples are all alike, so one is written once; PostgreSQL's number their parameters.
  const sameTuple = `(${columns.map(() => '?').join(', ')})`;
  const tupleAt = (row: number) => (dollar ? `(${columns.map((_, k) => `$${row * width + k + 1}`).join(', ')})` : sameTuple);
  const answered: Array<Pick<Database[T], R>> = [];
  for (const slice of insertSlices(rows)) {
    const parameters: unknown[] = [];
    for (const row of slice) {
      const record = row as Record<string, unknown>;
      if (Object.keys(record).length !== width) throw new Error(`insertRows(${table}): rows differ in their columns`);
      for (const column of columns) {
        const value = record[column];
        parameters.push(value === undefined ? null : value);
      }
    }
    const tuples = slice.map((_, row) => tupleAt(row));
    const tail = returning.length > 0 ? ` returning ${returning.map(quote).join(', ')}` : '';
    const text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}${tail}`;
    const result = await db.executeQuery<Pick<Database[T], R>>(CompiledQuery.raw(text, parameters));
    answered.push(...result.rows);
  }
  return answered;
}
