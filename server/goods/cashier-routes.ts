/**
 * 收银台's routes: checkout (cashier-checkout.ts sells in one transaction; a checkout id already
 * used by the team answers the sale it made, so a retry never sells twice), today's takings and a
 * receipt. Pure arithmetic in cashier-rules.ts, SQL in cashier-store.ts.
 */
import { CashierCheckoutBody, CashierReceipt, CashierSaleParams, CashierToday } from '../../src/contract/api/cashier';
import { Code } from '../../src/contract/envelope';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { resourceCaller, type ResourceCaller } from '../resources/caller';
import { resourceRegistry } from '../resources/definitions';
import { formatDate } from '../resources/time';
import { sell } from './cashier-checkout';
import { readReceipt, saleOfCheckout, takings, teamName } from './cashier-store';
import { CST_MS } from './statistics-rules';

const TAGS = ['goods'];
const DAY_MS = 86_400_000;

/** The team a seller sells for; an administrator (who reads every team) belongs to no shop. */
function sellingTeam(caller: ResourceCaller): number {
  if (caller.scope === null) throw new ApiError(Code.badRequest, 'cashierNeedsTeam');
  return caller.scope;
}

export async function cashierRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const { db } = database;
  const registry = resourceRegistry(database);

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
        id = await sell(db, registry, caller, team, request.body);
      } catch (error) {
        // The same checkout sent twice at once: the one that lost the race (on the sale's unique
        // checkout id, or on PostgreSQL on the goods' version) answers the winner's sale.
        const made = await saleOfCheckout(db, team, request.body.checkout_id);
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
      const [team_name, sales] = await Promise.all([teamName(database.reads, caller.scope), takings(database.reads, caller.scope, start, start + DAY_MS)]);
      return ok({ date, team_name, ...sales });
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
