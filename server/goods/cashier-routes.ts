/**
 * 收银台's routes. Checkout sells a cart in one transaction: every goods row must be the caller's
 * team's, on sale, with the stock for it; their stock goes down and the income goes into 交易流水,
 * both written through the resource layer (its checks, record history and log, as an edit in the
 * console would), and the sale with its lines is kept for its receipt. Prices are the stored ones.
 * A checkout id already used by the team answers the sale it made, so a retry never sells twice.
 * Pure arithmetic in cashier-rules.ts, SQL in cashier-store.ts.
 */
import { CashierCheckoutBody, CashierReceipt, CashierSaleParams, CashierToday } from '../../src/contract/api/cashier';
import { Code } from '../../src/contract/envelope';
import { isUniqueViolation } from '../db/errors';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { assertAction, resourceCaller, type ResourceCaller } from '../resources/caller';
import { readRow } from '../resources/read-records';
import { resourceRegistry } from '../resources/definitions';
import type { ResourceStore } from '../resources/store';
import { formatDate } from '../resources/time';
import { createIn, lookupTargets, nextNumber, updateIn } from '../resources/write-records';
import { goodsRefusal, mergedLines, pricedLine, saleTotals, type Refusal, type SoldGoods } from './cashier-rules';
import { insertSale, readReceipt, saleOfCheckout, takings } from './cashier-store';
import { CST_MS } from './statistics-rules';

const TAGS = ['goods'];
const DAY_MS = 86_400_000;
/** The walk-in customer, as 交易流水 names the other side of a till's sale. */
const COUNTERPARTY = '门店顾客';

const refuse = ({ problem, params }: Refusal): never => {
  throw new ApiError(Code.badRequest, problem, params);
};

/** The team a seller sells for; an administrator (who reads every team) belongs to no shop. */
function sellingTeam(caller: ResourceCaller): number {
  if (caller.scope === null) throw new ApiError(Code.badRequest, 'cashierNeedsTeam');
  return caller.scope;
}

const asGoods = (record: Record<string, unknown>): SoldGoods => ({
  id: Number(record.id),
  sku: String(record.sku ?? ''),
  name: String(record.name ?? ''),
  price_fen: Number(record.price_fen ?? 0),
  stock: Number(record.stock ?? 0),
  status: String(record.status ?? ''),
});

export async function cashierRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const { db } = database;
  const registry = resourceRegistry(database);
  const storeOf = async (name: string): Promise<ResourceStore> => (await registry.get(name))!;

  /** Sells the cart; answers the new sale's id, or the one its checkout id already made. */
  async function sell(caller: ResourceCaller, team: number, body: CashierCheckoutBody): Promise<number> {
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

  app.post(
    '/api/goods/cashier/checkout',
    {
      config: { access: { permission: 'goods:write' } },
      schema: routeSchema({
        summary: "收银台: sells a cart of the caller's team's goods (stock down, income in 交易流水, the sale kept) and answers its receipt; a used checkout id answers its sale",
        tags: TAGS,
        body: CashierCheckoutBody,
        data: CashierReceipt,
        auth: true,
      }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const team = sellingTeam(caller);
      let id: number;
      try {
        id = await sell(caller, team, request.body);
      } catch (error) {
        // The same checkout sent twice at once: the one that lost the race answers the winner's sale.
        const made = isUniqueViolation(error) ? await saleOfCheckout(db, team, request.body.checkout_id) : undefined;
        if (made === undefined) throw error;
        id = made;
      }
      return ok((await readReceipt(db, id, team))!);
    },
  );

  app.get(
    '/api/goods/cashier/today',
    {
      config: { access: { permission: 'goods:read' } },
      schema: routeSchema({ summary: "收银台: the caller's team's sales of the China day, per payment, and the latest ones", tags: TAGS, data: CashierToday, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const now = Date.now();
      const start = Math.floor((now + CST_MS) / DAY_MS) * DAY_MS - CST_MS;
      const date = formatDate(now);
      if (caller.scope === null) return ok({ date, team_name: null, count: 0, total_fen: 0, by_payment: [], recent: [] });
      const team = await database.reads.selectFrom('teams').select('name').where('id', '=', caller.scope).executeTakeFirst();
      return ok({ date, team_name: team?.name ?? '', ...(await takings(database.reads, caller.scope, start, start + DAY_MS)) });
    },
  );

  app.get(
    '/api/goods/cashier/sales/:id',
    {
      config: { access: { permission: 'goods:read' } },
      schema: routeSchema({ summary: "收银台: a sale's receipt (the caller's team's; an administrator's: any team's)", tags: TAGS, params: CashierSaleParams, data: CashierReceipt, auth: true }),
    },
    async (request) => {
      const caller = await resourceCaller(request);
      const receipt = await readReceipt(database.reads, Number(request.params.id), caller.scope);
      if (!receipt) throw new ApiError(Code.notFound, 'cashierSaleNotFound');
      return ok(receipt);
    },
  );
}
