/**
 * The demo's reconciliation: settlement lines the platforms would have sent for the demo orders, the
 * shipments the seller's warehouse recorded, and what matching makes of them, so that every outcome
 * appears once the console opens (and again, unchanged, when a person presses 运行对账).
 */
import type { Insertable } from 'kysely';
import type { Database, StorePlatform } from '../schema';
import { RECON_TOLERANCE_FEN, RECON_UNSETTLED_DAYS } from '../../../src/contract/api/reconciliation';
import { matchOrders, type MatchResult } from '../../reconciliation/match';
import type { Fees, SettlementLine } from '../../reconciliation/lines';

type OrderRow = Insertable<Database['store_orders']>;
type SettlementRow = Insertable<Database['recon_settlements']>;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Platforms settle about a week after the buyer signs. */
const SETTLE_AFTER = 9 * DAY;
const FEE_RATES: Record<StorePlatform, number> = { douyin: 0.05, kuaishou: 0.05, wechat: 0.006 };

const NO_FEES: Fees = { service: 0, commission: 0, affiliate: 0, other: 0 };

function line(order: OrderRow, flow: string, category: SettlementLine['category'], gross: number, at: number): SettlementLine {
  const fee = category === 'income' ? -Math.round(gross * FEE_RATES[order.platform]) : 0;
  return { flow_no: flow, order_no: order.order_no, sub_order_no: order.order_no, category, amount_fen: gross + fee, fees: { ...NO_FEES, service: fee }, scene: category === 'income' ? '货款结算入账' : '退款-结算后退款-退用户', settled_at: at };
}

/**
 * Settlement lines for a team's orders, with one of each anomaly per platform (a short payment, a
 * double payment, a line with no order, an order the warehouse never recorded, one never paid); the orders get their
 * refunds and shipment flags, and `results` what matching makes of each order, by order number
 * (written to recon_results once the orders have ids).
 */
export function reconciliationRows(orders: OrderRow[], now: number): { settlements: SettlementRow[]; results: Map<string, MatchResult> } {
  const lines: Array<{ order: OrderRow; line: SettlementLine }> = [];
  const anomalies = new Map<StorePlatform, number>();
  const late = new Set<StorePlatform>();
  let serial = 0;
  const flow = (order: OrderRow) => `${order.platform.slice(0, 2).toUpperCase()}${String(++serial).padStart(8, '0')}`;
  for (const order of [...orders].sort((a, b) => a.paid_at - b.paid_at)) {
    // Every row names every column: a batch insert fills a column one row leaves out with NULL.
    Object.assign(order, { refund_fen: order.status === 'refunded' ? order.amount_fen : 0, promised_ship_at: null, shipment_recorded: 0, explained: 0, explain_note: '' });
    if (order.status === 'pending') {
      // The oldest order waiting on each platform was promised within the hour: it is late.
      order.promised_ship_at = order.paid_at + (late.has(order.platform) ? 2 * DAY : HOUR);
      late.add(order.platform);
      continue;
    }
    if (order.shipped_at === null || order.shipped_at === undefined) continue;
    const seen = anomalies.get(order.platform) ?? 0;
    // The warehouse recorded every shipment but one per platform.
    order.shipment_recorded = seen === 3 ? 0 : 1;
    const settleAt = order.shipped_at + SETTLE_AFTER;
    // And one the platform has not paid for long after it shipped.
    if (settleAt > now || seen === 3 || seen === 4) {
      if (seen === 3 || seen === 4) anomalies.set(order.platform, seen + 1);
      continue;
    }
    const paid = order.amount_fen;
    if (seen === 0) lines.push({ order, line: line(order, flow(order), 'income', paid - 500, settleAt) });
    else lines.push({ order, line: line(order, flow(order), 'income', paid, settleAt) });
    if (seen === 1) lines.push({ order, line: line(order, flow(order), 'income', paid, settleAt + HOUR) });
    if (seen === 2) {
      const orphan = { ...order, order_no: `${order.order_no}9` };
      lines.push({ order: orphan, line: line(orphan, flow(order), 'income', paid, settleAt) });
    }
    if (order.refund_fen) lines.push({ order, line: line(order, flow(order), 'refund', -(order.refund_fen ?? 0), settleAt + DAY) });
    if (seen < 3) anomalies.set(order.platform, seen + 1);
  }
  const byNo = new Map(orders.map((order) => [order.order_no, order]));
  const results = matchOrders(
    orders.map((order) => ({
      order_no: order.order_no,
      amount_fen: order.amount_fen,
      refund_fen: order.refund_fen ?? 0,
      paid_at: order.paid_at,
      promised_ship_at: order.promised_ship_at ?? null,
      shipped_at: order.shipped_at ?? null,
      shipment_recorded: order.shipment_recorded === 1,
    })),
    lines.map((item) => item.line),
    { toleranceFen: RECON_TOLERANCE_FEN, unsettledDays: RECON_UNSETTLED_DAYS, now },
  );
  const ofOrders = new Map(results.filter((result) => byNo.has(result.order_no)).map((result) => [result.order_no, result]));
  const orphans = new Set(results.filter((result) => !byNo.has(result.order_no)).map((result) => result.order_no));
  const settlements = lines.map(({ order, line: settled }) => ({
    team_id: order.team_id,
    platform: order.platform,
    shop_name: order.shop_name,
    flow_no: settled.flow_no,
    order_no: settled.order_no,
    sub_order_no: settled.sub_order_no,
    category: settled.category,
    scene: settled.scene,
    amount_fen: settled.amount_fen,
    fee_service_fen: settled.fees.service,
    fee_commission_fen: settled.fees.commission,
    fee_affiliate_fen: settled.fees.affiliate,
    fee_other_fen: settled.fees.other,
    settled_at: settled.settled_at,
    has_order: orphans.has(settled.order_no) ? 0 : 1,
    created_at: settled.settled_at ?? now,
    updated_at: settled.settled_at ?? now,
  }));
  return { settlements, results: ofOrders };
}
