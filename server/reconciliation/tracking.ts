/**
 * An order's tracking numbers, one row each (recon_tracking_numbers, 0022): 快递单号 may hold
 * several ("A,B" from a Douyin export, or however a person typed them), and a shipment file naming
 * B alone must find the order. Every write of express_no (imports, shipment files, the resources
 * API, the demo seed) brings the rows in step through keepTrackingNumbers.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { EXPRESS_SEPARATORS } from './lines';

type Db = Kysely<Database>;

/** What separates numbers in 快递单号: the 快递信息 separators and blanks (a person may type either). */
const SEPARATORS = new RegExp(`[${EXPRESS_SEPARATORS}\\s]+`);
/** Orders per statement: far below either database's limit on bound parameters. */
const BATCH = 500;

/** The tracking numbers a 快递单号 holds, each once. */
export const trackingNumbersOf = (expressNo: string | null): string[] => [...new Set((expressNo ?? '').split(SEPARATORS).filter(Boolean))];

/**
 * The orders' tracking-number rows made to say what their express_no says now. Only an order whose
 * numbers differ is written (its rows replaced), so writing the same values again writes nothing.
 */
export async function keepTrackingNumbers(trx: Db, orders: ReadonlyArray<{ id: number; express_no: string | null }>): Promise<void> {
  for (let start = 0; start < orders.length; start += BATCH) {
    const batch = orders.slice(start, start + BATCH);
    const stored = await trx
      .selectFrom('recon_tracking_numbers')
      .select(['order_id', 'express_no'])
      .where(
        'order_id',
        'in',
        batch.map((order) => order.id),
      )
      .execute();
    const held = new Map<number, string[]>();
    for (const row of stored) held.set(row.order_id, [...(held.get(row.order_id) ?? []), row.express_no]);
    const changed = batch.filter((order) => {
      const now = trackingNumbersOf(order.express_no);
      const before = held.get(order.id) ?? [];
      return now.length !== before.length || now.some((number) => !before.includes(number));
    });
    if (changed.length === 0) continue;
    await trx
      .deleteFrom('recon_tracking_numbers')
      .where(
        'order_id',
        'in',
        changed.map((order) => order.id),
      )
      .execute();
    await addTrackingNumbers(trx, changed);
  }
}

/** The tracking numbers of orders that have none stored yet (just inserted): written without reading first. */
export async function addTrackingNumbers(trx: Db, orders: ReadonlyArray<{ id: number; express_no: string | null }>): Promise<void> {
  const rows = orders.flatMap((order) => trackingNumbersOf(order.express_no).map((number) => ({ order_id: order.id, express_no: number })));
  // Two columns a row: 500 orders of a few numbers each stay far below either database's parameter limit.
  for (let start = 0; start < rows.length; start += BATCH * 2) await trx.insertInto('recon_tracking_numbers').values(rows.slice(start, start + BATCH * 2)).execute();
}

/**
 * The team's orders one of `numbers` names as a tracking number, each with the number that found
 * it: the numbers' index, then each order by id. A cross join, as SQLite takes its left side first
 * (with an inner join and no statistics it read every order of the team by the team's index and
 * looked each one's numbers up); PostgreSQL plans it as the inner join it is.
 */
export const ordersByTrackingNumber = <C extends keyof Database['store_orders'] & string>(db: Db, team: number, numbers: string[], columns: readonly C[]) =>
  db
    .selectFrom('recon_tracking_numbers as t')
    .crossJoin('store_orders as o')
    .whereRef('o.id', '=', 't.order_id')
    .select(columns.map((column) => `o.${column}` as const))
    .select('t.express_no as tracking')
    .where('o.team_id', '=', team)
    .where('t.express_no', 'in', numbers);
