/**
 * A match run end to end: the team's orders and settlement lines in scope read, matched and the
 * results saved. On PostgreSQL the three overlap: the orders come through a cursor a chunk at a
 * time, and while PostgreSQL writes one chunk's results (the longest part of a first match: every
 * results row rewritten with its two indexes) this process reads and matches the next. On
 * SQLite they run in turn on the main connection (read on the read pool's workers, the rows' copies
 * sent to this thread cost more CPU than reading them here).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { markedForArrays } from '../db/rows-as-arrays';
import { isPostgres } from '../db/rowset';
import { matchOrders, orderResult, orphanResults, settledByOrder, type MatchOptions, type MatchResult } from './match';
import { finishMatch, linesInScope, matchInput, ORDER_COLUMNS, ordersInScope, roomToJoin, saveResults, storedOrders, writeOrderResults, type MatchScope, type OrderRow } from './store';

type Db = Kysely<Database>;

/** Orders a chunk: four of 100,000, so writing one overlaps reading and matching the next. */
const CHUNK = 25_000;

/** A promise whose failure is seen where it is awaited later, not reported as unhandled while other work is awaited first. */
const awaitedLater = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined);
  return promise;
};

/** The run's results (the orders' in id order on PostgreSQL, then the orphans') and how many orders' results changed. `chunk` is for tests, to cross chunk boundaries with a few orders. */
export async function runMatch(db: Db, team: number, scope: MatchScope, options: MatchOptions, chunk = CHUNK): Promise<{ results: MatchResult[]; changed: number }> {
  if (!isPostgres(db)) {
    const input = await matchInput(db, team, scope);
    const results = matchOrders(input.orders, input.lines, options);
    return { results, changed: await saveResults(db, input, results) };
  }
  const lines = awaitedLater(linesInScope(db, team, scope));
  // Reads in a transaction of their own (a cursor lives in one), on another connection than the writes.
  return db.transaction().execute(async (read) => {
    await sql`declare match_orders no scroll cursor for ${ordersInScope(read, team, scope).select(ORDER_COLUMNS).orderBy('id')}`.execute(read);
    const fetchOrders = () =>
      awaitedLater(read.executeQuery(markedForArrays(sql`fetch ${sql.raw(String(chunk))} from match_orders`.compile(read))).then((found) => storedOrders(found.rows as OrderRow[])));
    let next = fetchOrders();
    const byOrder = settledByOrder(await lines);
    const results: MatchResult[] = [];
    const changed = await db.transaction().execute(async (trx) => {
      await roomToJoin(trx);
      let written = Promise.resolve(0);
      for (;;) {
        const orders = await next;
        if (orders.length === 0) break;
        next = orders.length === chunk ? fetchOrders() : Promise.resolve([]);
        const found = orders.map((order) => orderResult(order, byOrder, options));
        results.push(...found);
        const ids = orders.map((order) => order.id);
        // One write at a time on the transaction's connection, each after the last.
        written = awaitedLater(written.then(async (sum) => sum + (await writeOrderResults(trx, ids, found))));
      }
      const orphans = orphanResults(byOrder);
      results.push(...orphans);
      const count = await written;
      await finishMatch(
        trx,
        await lines,
        new Set(orphans.map((result) => result.order_no)),
        count,
      );
      return count;
    });
    return { results, changed };
  });
}
