/**
 * 收银台's checkout, in one transaction: every goods row must be the caller's team's, on sale, with
 * the stock for it; their stock goes down and the income goes into 交易流水, both written through
 * the resource layer (its checks, record history and log, as an edit in the console would be), and
 * the sale with its lines is kept for its receipt. Prices are the stored ones, never the till's.
 * A checkout id the team already used answers the sale it made.
 *
 * Two tills selling the same goods at once: the one that writes the stock second finds its row
 * changed since it read it (PostgreSQL lets both read; SQLite runs them one after the other). Its
 * checkout then runs again on the fresh stock, which either still suffices or is refused naming
 * the goods; past a few such races the till is told which goods changed, to check out again.
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

/** How many times a checkout runs while other tills keep changing its goods' stock first. */
const ATTEMPTS = 3;

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

/** Goods whose row another till wrote between this checkout's read and its write. */
class StockRaced extends Error {
  constructor(readonly goods: SoldGoods) {
    super('stock raced');
  }
}

/** Sells the cart for the team; answers the new sale's id, or the one its checkout id already made. */
export async function sell(db: Kysely<Database>, registry: ResourceRegistry, caller: ResourceCaller, team: number, body: CashierCheckoutBody): Promise<number> {
  const storeOf = async (name: string): Promise<ResourceStore> => (await registry.get(name))!;
  const [goods, trades] = await Promise.all([storeOf('goods'), storeOf('trades')]);
  assertAction(goods, caller, 'update');
  assertAction(trades, caller, 'create');
  const [goodsTargets, tradeTargets] = await Promise.all([lookupTargets({ registry }, goods), lookupTargets({ registry }, trades)]);
  const stores: Stores = { goods, trades, goodsTargets, tradeTargets };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sellOnce(db, stores, caller, team, body);
    } catch (error) {
      if (!(error instanceof StockRaced)) throw error;
      if (attempt === ATTEMPTS) throw new ApiError(Code.conflict, 'cashierStockChanged', { name: error.goods.name, sku: error.goods.sku });
    }
  }
}

interface Stores {
  goods: ResourceStore;
  trades: ResourceStore;
  goodsTargets: Map<string, ResourceStore>;
  tradeTargets: Map<string, ResourceStore>;
}

async function sellOnce(db: Kysely<Database>, { goods, trades, goodsTargets, tradeTargets }: Stores, caller: ResourceCaller, team: number, body: CashierCheckoutBody): Promise<number> {
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
      rows.push({ record, sold, line: pricedLine(sold, line.quantity) });
    }
    const lines = rows.map((row) => row.line);
    const totals = saleTotals(lines, body);
    if ('problem' in totals) return refuse(totals);
    // Rows are written in one order, by id, whatever the cart's: two tills holding the same goods in
    // opposite orders would otherwise each wait on the other's row (a deadlock on PostgreSQL).
    for (const { record, sold, line } of [...rows].sort((a, b) => a.sold.id - b.sold.id)) {
      try {
        await updateIn(trx, goods, caller, record, { stock: Number(record.stock) - line.quantity }, goodsTargets, now);
      } catch (error) {
        if (error instanceof ApiError && error.key === 'staleVersion') throw new StockRaced(sold);
        throw error;
      }
    }
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
