/**
 * Demo sales of 收银台 for the shop teams that sell (the asking teams' sellers): a handful today
 * before now and a few each of the last days, each with its lines, its income in 交易流水 (cash,
 * WeChat Pay or Alipay, from 门店顾客) and its change. Rows are written directly, a few dozen in all,
 * so seeding stays fast; the goods' stock is left as seeded (the demo's stock is what is on hand now).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { discountFen, type CashierPayment } from '../../../src/contract/api/cashier';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CST = 8 * HOUR;
/** Days before today with sales, and how many each. */
const PAST_DAYS = 6;

export interface Draw {
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
}

export interface CashierSeed {
  now: number;
  rng: Draw;
  /** Prefix + day + a serial unique across the seed (Seeder.docNo). */
  docNo(prefix: string, at: number): string;
  teams: Array<{ team_id: number; sellers: number[]; goods: Array<{ id: number; sku: string; name: string; price_fen: number }> }>;
}

/** Sale times, oldest first: a few on each past day within opening hours (10:00–21:00 China time), and today's before now. */
function saleTimes(rng: Draw, now: number): number[] {
  const today = Math.floor((now + CST) / DAY) * DAY - CST;
  const times: number[] = [];
  for (let day = PAST_DAYS; day >= 1; day--) {
    const opening = today - day * DAY + 10 * HOUR;
    const count = rng.int(3, 6);
    for (let i = 0; i < count; i++) times.push(opening + rng.int(0, 11 * HOUR));
  }
  // Today's: every 20 to 50 minutes back from now, as long as it is still today.
  const todays: number[] = [];
  for (let at = now - rng.int(5, 20) * MINUTE; at > today && todays.length < 5; at -= rng.int(20, 50) * MINUTE) todays.push(at);
  return [...times.sort((a, b) => a - b), ...todays.reverse()];
}

const PAYMENTS: CashierPayment[] = ['cash', 'wechat', 'wechat', 'alipay', 'cash'];

export async function seedCashier(trx: Transaction<Database>, seed: CashierSeed): Promise<void> {
  const names = new Map((await trx.selectFrom('users').select(['id', 'name']).execute()).map((user) => [user.id, user.name]));
  for (const team of seed.teams) {
    if (team.goods.length === 0) continue;
    for (const at of saleTimes(seed.rng, seed.now)) {
      const picked = new Map<number, { goods: CashierSeed['teams'][number]['goods'][number]; quantity: number }>();
      for (let n = seed.rng.int(1, 3); n > 0; n--) {
        const goods = seed.rng.pick(team.goods);
        picked.set(goods.id, { goods, quantity: (picked.get(goods.id)?.quantity ?? 0) + seed.rng.int(1, 2) });
      }
      const lines = [...picked.values()].map(({ goods, quantity }) => ({ goods_id: goods.id, sku: goods.sku, name: goods.name, price_fen: goods.price_fen, quantity, amount_fen: goods.price_fen * quantity }));
      const subtotal = lines.reduce((sum, line) => sum + line.amount_fen, 0);
      // One sale in four has 9.5折 or 9折, as a regular's does.
      const discount = discountFen(subtotal, seed.rng.int(0, 3) === 0 ? { kind: 'rate', percent: seed.rng.pick([90, 95]) } : undefined);
      const total = subtotal - discount;
      const payment = seed.rng.pick(PAYMENTS);
      // Cash is handed over in notes: the total rounded up to ten or a hundred yuan.
      const received = payment === 'cash' ? Math.ceil(total / (total > 20_000 ? 10_000 : 1_000)) * (total > 20_000 ? 10_000 : 1_000) : total;
      const cashier = seed.rng.pick(team.sellers);
      const saleNo = seed.docNo('XS', at);
      const system = { team_id: team.team_id, version: 1, created_by: cashier, created_at: at, updated_at: at };
      const trade = await trx
        .insertInto('trades')
        .values({ ...system, trade_no: seed.docNo('JY', at), direction: 'in', amount_fen: total, channel: payment, counterparty: '门店顾客', status: 'success', traded_at: at, remark: `收银台销售 ${saleNo}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sale = await trx
        .insertInto('cashier_sales')
        .values({
          team_id: team.team_id,
          sale_no: saleNo,
          checkout_id: `seed-${saleNo}`,
          cashier_id: cashier,
          cashier_name: names.get(cashier) ?? '',
          item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
          subtotal_fen: subtotal,
          discount_fen: discount,
          total_fen: total,
          payment,
          received_fen: received,
          change_fen: received - total,
          trade_id: trade.id,
          sold_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('cashier_sale_items')
        .values(lines.map((line) => ({ sale_id: sale.id, ...line })))
        .execute();
    }
  }
}
