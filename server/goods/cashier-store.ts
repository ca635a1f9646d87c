/**
 * The SQL of 收银台's own tables (migration 0026): a sale and its lines, a receipt, the day's takings.
 * Goods and trades are not written here: checkout writes them through the resource layer.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CASHIER_PAYMENTS, CASHIER_RECENT, type CashierReceipt, type CashierToday } from '../../src/contract/api/cashier';
import type { PricedLine, SaleTotals } from './cashier-rules';

type Db = Kysely<Database>;
/** PostgreSQL answers bigints and sums as strings: read them as numbers. */
const num = (value: unknown) => Number(value ?? 0);

/** The sale a checkout id already made in the team, if any. */
export async function saleOfCheckout(db: Db, team: number, checkoutId: string): Promise<number | undefined> {
  const row = await db.selectFrom('cashier_sales').select('id').where('team_id', '=', team).where('checkout_id', '=', checkoutId).executeTakeFirst();
  return row?.id;
}

export interface NewSale extends SaleTotals {
  team_id: number;
  sale_no: string;
  checkout_id: string;
  cashier_id: number;
  cashier_name: string;
  payment: CashierReceipt['payment'];
  trade_id: number;
  sold_at: number;
}

export async function insertSale(trx: Db, sale: NewSale, lines: PricedLine[]): Promise<number> {
  const { id } = await trx.insertInto('cashier_sales').values(sale).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('cashier_sale_items')
    .values(lines.map((line) => ({ sale_id: id, ...line })))
    .execute();
  return id;
}

/** A sale as its receipt reads; null when there is none in the team (`team` null: any team's). */
export async function readReceipt(db: Db, id: number, team: number | null): Promise<CashierReceipt | null> {
  let query = db
    .selectFrom('cashier_sales as s')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .leftJoin('trades as tr', 'tr.id', 's.trade_id')
    .select([
      's.id',
      's.sale_no',
      't.name as team_name',
      's.cashier_name',
      's.sold_at',
      's.payment',
      's.item_count',
      's.subtotal_fen',
      's.discount_fen',
      's.total_fen',
      's.received_fen',
      's.change_fen',
      'tr.trade_no',
    ])
    .where('s.id', '=', id);
  if (team !== null) query = query.where('s.team_id', '=', team);
  const sale = await query.executeTakeFirst();
  if (!sale) return null;
  const lines = await db
    .selectFrom('cashier_sale_items')
    .select(['goods_id', 'sku', 'name', 'price_fen', 'quantity', 'amount_fen'])
    .where('sale_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    id: sale.id,
    sale_no: sale.sale_no,
    team_name: sale.team_name,
    cashier_name: sale.cashier_name,
    sold_at: num(sale.sold_at),
    payment: sale.payment,
    lines: lines.map((line) => ({ ...line, price_fen: num(line.price_fen), quantity: num(line.quantity), amount_fen: num(line.amount_fen) })),
    item_count: num(sale.item_count),
    subtotal_fen: num(sale.subtotal_fen),
    discount_fen: num(sale.discount_fen),
    total_fen: num(sale.total_fen),
    received_fen: num(sale.received_fen),
    change_fen: num(sale.change_fen),
    trade_no: sale.trade_no ?? null,
  };
}

/** The team's sales from `start` to `end`: counted and summed per payment, and the latest ones. */
export async function takings(db: Db, team: number, start: number, end: number): Promise<Pick<CashierToday, 'count' | 'total_fen' | 'by_payment' | 'recent'>> {
  const within = db.selectFrom('cashier_sales').where('team_id', '=', team).where('sold_at', '>=', start).where('sold_at', '<', end);
  const [groups, recent] = await Promise.all([
    within.select(['payment', sql<number>`count(*)`.as('count'), sql<number>`sum(${sql.ref('total_fen')})`.as('total')]).groupBy('payment').execute(),
    within
      .select(['id', 'sale_no', 'sold_at', 'cashier_name', 'item_count', 'total_fen', 'payment'])
      .orderBy('sold_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CASHIER_RECENT)
      .execute(),
  ]);
  const by_payment = CASHIER_PAYMENTS.map((payment) => {
    const group = groups.find((row) => row.payment === payment);
    return { payment, count: num(group?.count), total_fen: num(group?.total) };
  });
  return {
    count: by_payment.reduce((sum, row) => sum + row.count, 0),
    total_fen: by_payment.reduce((sum, row) => sum + row.total_fen, 0),
    by_payment,
    recent: recent.map((row) => ({ ...row, sold_at: num(row.sold_at), item_count: num(row.item_count), total_fen: num(row.total_fen) })),
  };
}

/** The team's name, as today's takings and the receipt head it. */
export async function teamName(db: Db, team: number): Promise<string> {
  return (await db.selectFrom('teams').select('name').where('id', '=', team).executeTakeFirst())?.name ?? '';
}
