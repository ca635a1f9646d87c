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

/**
 * Writes of one kind that are cheaper done together: the entries queued in the same moment are
 * written by one call (e.g. one multi-row statement per table instead of a few statements each).
 * The answers come back in the order of the entries.
 */
export interface WriteGroup<E, R> {
  write(trx: Kysely<Database>, entries: E[]): Promise<R[]>;
  /** As BatchOptions.lockKey, for one entry; the group's call takes its rows' locks in this order. */
  lockKey(entry: E): string;
  /**
   * Whether `write` is, on this database, one statement atomic on its own. Its calls then leave
   * outside the shared transaction, each sent alone and committed by the database as it runs: one
   * round trip instead of three (BEGIN, the statement, COMMIT), and a call is never held by the
   * other writes of its moment. Nobody learns of an entry before its call is committed all the same.
   */
  oneStatement?(db: Kysely<Database>): boolean;
}

/** Runs small writes; each promise settles once its write is committed. */
export interface BatchWriter {
  run<T>(write: (trx: Kysely<Database>) => Promise<T>, options?: BatchOptions): Promise<T>;
  /** Adds an entry to its group's call in the next commit. */
  add<E, R>(group: WriteGroup<E, R>, entry: E): Promise<R>;
}

interface Queued {
  write: (trx: Kysely<Database>) => Promise<unknown>;
  lockKey: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface GroupEntry {
  entry: unknown;
  lockKey: string;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A group's call carries at most this many entries, so its statements stay within the databases' parameter limits. */
const GROUP_CALL_ENTRIES = 500;

const byLockKey = (a: { lockKey: string }, b: { lockKey: string }) => (a.lockKey < b.lockKey ? -1 : a.lockKey > b.lockKey ? 1 : 0);

/** A group's queued entries cut into its calls, in lock order. */
function groupCalls(entries: GroupEntry[]): GroupEntry[][] {
  // Stable: entries with the same key (a conversation's messages) keep the order they came in.
  const ordered = entries.toSorted(byLockKey);
  const calls: GroupEntry[][] = [];
  for (let start = 0; start < ordered.length; start += GROUP_CALL_ENTRIES) calls.push(ordered.slice(start, start + GROUP_CALL_ENTRIES));
  return calls;
}

/** One call of a group as a write of the batch, answering each of its entries. */
function callWrite(group: WriteGroup<unknown, unknown>, call: GroupEntry[]): Queued {
  return {
    write: (trx) => group.write(trx, call.map((e) => e.entry)),
    lockKey: call[0].lockKey,
    resolve: (answers) => call.forEach((e, i) => e.resolve((answers as unknown[])[i])),
    reject: (error) => call.forEach((e) => e.reject(error)),
  };
}

/** Each entry of a group as a write of its own, for when their shared call failed. */
function aloneWrites(group: WriteGroup<unknown, unknown>, entries: GroupEntry[]): Queued[] {
  return entries.map((e) => ({
    write: async (trx) => (await group.write(trx, [e.entry]))[0],
    lockKey: e.lockKey,
    resolve: e.resolve,
    reject: e.reject,
  }));
}

/** Zero-padded, so that keys of one table sort by id. */
export function lockKey(table: string, id: number): string {
  return `${table}:${String(id).padStart(12, '0')}`;
}

export interface BatchWriterOptions {
  /**
   * How many shared transactions may be under way at once. One is the most a single connection
   * (SQLite) can run. On PostgreSQL a commit spends most of its time waiting for round trips and the
   * log flush; a second one started meanwhile keeps messages from waiting for a whole commit before
   * theirs begins. Writes that touch the same rows still go one after the other: their row locks,
   * taken in lockKey order, make the later commit wait for the earlier.
   */
  commitsAtOnce?: number;
}

/**
 * Writes asked for in the same turn of the event loop, or while the commits under way are busy,
 * share one transaction: a commit costs as much as several small writes, so under load one commit
 * carries many (a message, the sender's activity, the next message…). Nobody learns of a write
 * before its commit all the same. If the shared transaction fails, each write runs again on its
 * own, so one that cannot be done fails alone. A group whose write is one statement
 * (WriteGroup.oneStatement) sends its calls beside the shared transaction, each committed alone.
 */
export function createBatchWriter(db: Kysely<Database>, { commitsAtOnce = 1 }: BatchWriterOptions = {}): BatchWriter {
  let queued: Queued[] = [];
  let grouped = new Map<WriteGroup<unknown, unknown>, GroupEntry[]>();
  let underWay = 0;
  let flushScheduled = false;

  // What is asked for while every commit slot is busy waits and goes in the next one, so the busier
  // the moment, the more one commit carries (and the fewer connections it holds).
  function flush() {
    flushScheduled = false;
    if (queued.length === 0 && grouped.size === 0) return;
    const batch = queued;
    const groups = grouped;
    queued = [];
    grouped = new Map();
    underWay++;
    void commit(batch, groups).finally(() => {
      underWay--;
      schedule();
    });
  }

  function schedule() {
    if (flushScheduled || underWay >= commitsAtOnce) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  async function commit(single: Queued[], groups: Map<WriteGroup<unknown, unknown>, GroupEntry[]>) {
    const shared = [...single];
    const sharedAlone = [...single];
    const own: Array<Promise<void>> = [];
    for (const [group, entries] of groups) {
      const calls = groupCalls(entries);
      if (group.oneStatement?.(db)) own.push(...calls.map((call) => commitAlone(callWrite(group, call), aloneWrites(group, call))));
      else {
        shared.push(...calls.map((call) => callWrite(group, call)));
        sharedAlone.push(...aloneWrites(group, entries));
      }
    }
    await Promise.all([...own, shared.length > 0 ? commitTogether(shared, sharedAlone) : undefined]);
  }

  /** One statement sent as it is; if it fails, its entries one by one, each sent as it is. */
  async function commitAlone(call: Queued, alone: Queued[]) {
    try {
      call.resolve(await call.write(db));
    } catch {
      for (const entry of alone) await entry.write(db).then(entry.resolve, entry.reject);
    }
  }

  async function commitTogether(batch: Queued[], alone: Queued[]) {
    // Stable: writes with the same key (a conversation's messages) keep the order they came in.
    const ordered = batch.toSorted(byLockKey);
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const done: unknown[] = [];
        for (const entry of ordered) done.push(await entry.write(trx));
        return done;
      });
    } catch {
      for (const entry of alone.toSorted(byLockKey)) {
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
        queued.push({ write, lockKey: options.lockKey ?? '', resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    add<E, R>(group: WriteGroup<E, R>, entry: E): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        const key = group as WriteGroup<unknown, unknown>;
        let entries = grouped.get(key);
        if (!entries) grouped.set(key, (entries = []));
        entries.push({ entry, lockKey: group.lockKey(entry), resolve: resolve as (value: unknown) => void, reject });
        schedule();
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
  return slicesOf(rows, Object.keys(rows[0]).length);
}

function slicesOf<T>(rows: readonly T[], width: number): T[][] {
  const size = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Math.max(1, width)));
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
  const tuples = rows.map((row) => {
    const record = row as Record<string, unknown>;
    if (Object.keys(record).length !== columns.length) throw new Error(`insertRows(${table}): rows differ in their columns`);
    return columns.map((column) => record[column]);
  });
  return insertTuples(db, table, columns as Array<keyof Database[T] & string>, tuples, returning);
}

/**
 * As insertRows, for rows already laid out as tuples of the columns' values (undefined written as
 * NULL): a caller writing many rows it builds itself makes no object per row.
 */
export async function insertTuples<T extends keyof Database & string, R extends keyof Database[T] & string = never>(
  db: Kysely<Database>,
  table: T,
  columns: ReadonlyArray<keyof Database[T] & string>,
  tuples: ReadonlyArray<readonly unknown[]>,
  returning: R[] = [],
): Promise<Array<Pick<Database[T], R>>> {
  if (tuples.length === 0) return [];
  const width = columns.length;
  const dollar = numbersParameters(db);
  const quote = (name: string) => `"${name}"`;
  // SQLite's tuples are all alike, so one is written once; PostgreSQL's number their parameters.
  const sameTuple = `(${columns.map(() => '?').join(', ')})`;
  const tupleAt = (row: number) => (dollar ? `(${columns.map((_, k) => `$${row * width + k + 1}`).join(', ')})` : sameTuple);
  const answered: Array<Pick<Database[T], R>> = [];
  for (const slice of slicesOf(tuples, width)) {
    const parameters: unknown[] = [];
    for (const tuple of slice) {
      if (tuple.length !== width) throw new Error(`insertTuples(${table}): a tuple of ${tuple.length} values for ${width} columns`);
      for (const value of tuple) parameters.push(value === undefined ? null : value);
    }
    const placeholders = slice.map((_, row) => tupleAt(row));
    const tail = returning.length > 0 ? ` returning ${returning.map(quote).join(', ')}` : '';
    const text = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${placeholders.join(', ')}${tail}`;
    const result = await db.executeQuery<Pick<Database[T], R>>(CompiledQuery.raw(text, parameters));
    answered.push(...result.rows);
  }
  return answered;
}
