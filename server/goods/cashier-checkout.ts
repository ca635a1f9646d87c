/**
 * 收银台's checkout, in one transaction: every goods row must be the caller's team's, on sale, with
 * the stock for it; their stock goes down and the income goes into 交易流水, both written through
 * the resource layer (its checks, record history and log, as an edit in the console would be), and
 * the sale with its lines is kept for its receipt. Prices are the stored ones, never the till's.
 * A checkout id the team already used answers the sale it made.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CashierCheckoutBody } from '../../src/contract/api/cashier';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { assertAction, type ResourceCaller } from '../resources/caller';
import type { ResourceRegistry } from '../resources/definitions';
import { readRow } from '../resources/read-records';
import type { ResourceStore } from '../resources/store';
import { createIn, lookupTargets, nextNumber, updateIn } from '../resources/write-records';
import { goodsRefusal, mergedLines, pricedLine, saleTotals, type Refusal, type SoldGoods } from './cashier-rules';
import { insertSale, saleOfCheckout } from './cashier-store';

/** The walk-in customer, as 交易流水 names the other side of a till's sale. */
const COUNTERPARTY = '门店顾客';

const refuse = ({ problem, params }: Refusal): never => {
  throw new ApiError(Code.badRequest, problem, params);
};

const asGoods = (record: Record<string, unknown>): SoldGoods => ({
  id: Number(record.id),
  sku: String(record.sku ?? ''),
  name: String(record.name ?? ''),
  price_fen: Number(record.price_fen ?? 0),
  stock: Number(record.stock ?? 0),
  status: String(record.status ?? ''),
});

/** Sells the cart for the team; answers the new sale's id, or the one its checkout id already made. */
export async function sell(db: Kysely<Database>, registry: ResourceRegistry, caller: ResourceCaller, team: number, body: CashierCheckoutBody): Promise<number> {
  const storeOf = async (name: string): Promise<ResourceStore> => (await registry.get(name))!;
  const [goods, trades] = await Promise.all([storeOf('goods'), storeOf('trades')]);
  assertAction(goods, caller, 'update');
  assertAction(trades, caller, 'create');
  const [goodsTargets, tradeTargets] = await Promise.all([lookupTargets({ registry }, goods), lookupTargets({ registry }, trades)]);
  return db.transaction().execute(async (trx) => {
    const made = await saleOfCheckout(trx, team, body.checkout_id);
    if (made !== undefined) return made;
    const now = Date.now();
    const rows = [];
    for (const line of mergedLines(body.lines)) {
      const record = await readRow(trx, goods, line.goods_id, caller);
      if (!record) throw new ApiError(Code.badRequest, 'cashierGoodsNotFound', { id: line.goods_id });
      const sold = asGoods(record);
      const refusal = goodsRefusal(sold, line.quantity);
      if (refusal) refuse(refusal);
      rows.push({ record, line: pricedLine(sold, line.quantity) });
    }
    const lines = rows.map((row) => row.line);
    const totals = saleTotals(lines, body);
    if ('problem' in totals) return refuse(totals);
    for (const { record, line } of rows) await updateIn(trx, goods, caller, record, { stock: Number(record.stock) - line.quantity }, goodsTargets, now);
    const saleNo = await nextNumber(trx, { table: 'cashier_sales' }, 'sale_no', 'XS', now);
    const trade = await createIn(
      trx,
      trades,
      caller,
      { direction: 'in', amount_fen: totals.total_fen, channel: body.payment, counterparty: COUNTERPARTY, status: 'success', traded_at: now, remark: `收银台销售 ${saleNo}` },
      tradeTargets,
      now,
    );
    return insertSale(
      trx,
      { ...totals, team_id: team, sale_no: saleNo, checkout_id: body.checkout_id, cashier_id: caller.userId, cashier_name: caller.userName.slice(0, 64), payment: body.payment, trade_id: trade.id, sold_at: now },
      lines,
    );
  });
}
