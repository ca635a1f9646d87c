/**
 * Matching, pure: each order of a shop and period against its settlement lines and the shipment
 * files, ending in one outcome. Hash joins on the order (and sub-order) number, so 100,000 of each
 * match in one pass over each list, never a loop inside a loop.
 */
import type { Fees, SettlementLine } from './lines';

import { RECON_OUTCOMES as OUTCOMES } from '../../src/contract/api/reconciliation';

export { OUTCOMES };
export type Outcome = (typeof OUTCOMES)[number];

/** What the matcher needs of a settlement line. */
export type MatchLine = Pick<SettlementLine, 'order_no' | 'sub_order_no' | 'category' | 'amount_fen' | 'fees'>;

/** What the matcher needs of an order. */
export interface OrderToMatch {
  order_no: string;
  amount_fen: number;
  refund_fen: number;
  paid_at: number | null;
  promised_ship_at: number | null;
  shipped_at: number | null;
  /** Whether a shipment file (the seller's own record) named this order. */
  shipment_recorded: boolean;
}

export interface MatchOptions {
  /** Largest difference in fen still counted as equal. */
  toleranceFen: number;
  /** Days after shipping past which a missing settlement is reported. */
  unsettledDays: number;
  now: number;
}

export interface MatchResult {
  order_no: string;
  /** False for a settlement with no order (平台有账无单). */
  has_order: boolean;
  outcome: Outcome;
  expected_fen: number;
  /** What the platform settled before its fees: the money the order should bring. */
  settled_fen: number;
  difference_fen: number;
  fees: Fees;
  fee_fen: number;
  /** What reached the seller: settled plus fees. */
  net_fen: number;
  lines: number;
}

const DAY = 24 * 3600_000;
/** A promised shipping time when the file gives none: 48 hours after payment, the platforms' default. */
const DEFAULT_PROMISE = 2 * DAY;

/** What an order's settlement lines add up to. */
export interface Settled {
  settled: number;
  fees: Fees;
  net: number;
  lines: number;
  duplicate: boolean;
  /**
   * The sub-orders income lines paid out so far: an order has a few, so a list beats a set of
   * every order's; and most have one, so the first is kept as itself, a list only from the second.
   */
  paidOut: string | string[] | null;
}

/** The fees of an order no line settled: one object shared by all their results, never written to. */
const NO_FEES: Readonly<Fees> = Object.freeze({ service: 0, commission: 0, affiliate: 0, other: 0 });

// Each kind by name, not a loop over FEE_KINDS: at 100,000 lines the keyed loads and the closure were a tenth of matching.
const feeTotal = (fees: Fees) => fees.service + fees.commission + fees.affiliate + fees.other;

/** Whether the sub-order was paid out before, noting it as paid out now. */
function paidBefore(sum: Settled, subOrder: string): boolean {
  const paid = sum.paidOut;
  if (paid === null) sum.paidOut = subOrder;
  else if (typeof paid === 'string') {
    if (paid === subOrder) return true;
    sum.paidOut = [paid, subOrder];
  } else {
    if (paid.includes(subOrder)) return true;
    paid.push(subOrder);
  }
  return false;
}

/** Settlement lines summed per order number, one pass. */
export function settledByOrder(lines: Iterable<MatchLine>): Map<string, Settled> {
  const byOrder = new Map<string, Settled>();
  for (const line of lines) {
    let sum = byOrder.get(line.order_no);
    if (!sum) byOrder.set(line.order_no, (sum = { settled: 0, fees: { service: 0, commission: 0, affiliate: 0, other: 0 }, net: 0, lines: 0, duplicate: false, paidOut: null }));
    const { fees } = line;
    sum.lines++;
    sum.net += line.amount_fen;
    sum.fees.service += fees.service;
    sum.fees.commission += fees.commission;
    sum.fees.affiliate += fees.affiliate;
    sum.fees.other += fees.other;
    if (line.category === 'fee') continue;
    sum.settled += line.amount_fen - feeTotal(fees);
    // The same sub-order paid out by two different flows is settled twice.
    if (line.category === 'income' && paidBefore(sum, line.sub_order_no)) sum.duplicate = true;
  }
  return byOrder;
}

function outcomeOf(order: OrderToMatch, settled: Settled | undefined, expected: number, options: MatchOptions): Outcome {
  if (settled) {
    if (settled.duplicate) return 'duplicate';
    if (Math.abs(settled.settled - expected) > options.toleranceFen) return 'mismatch';
    return order.refund_fen > 0 ? 'refunded' : 'matched';
  }
  if (order.refund_fen >= order.amount_fen && order.amount_fen > 0) return 'refunded';
  if (order.shipped_at === null) {
    const promise = order.promised_ship_at ?? (order.paid_at === null ? null : order.paid_at + DEFAULT_PROMISE);
    return promise !== null && promise < options.now ? 'unshipped' : 'pending';
  }
  if (!order.shipment_recorded) return 'no_shipment';
  return order.shipped_at + options.unsettledDays * DAY < options.now ? 'unsettled' : 'pending';
}

/**
 * One order's result against the settlement lines summed per order (settledByOrder). The order's
 * sum is taken out of `byOrder`, so once every order has had its result, what is left there names
 * no order (orphanResults).
 */
export function orderResult(order: OrderToMatch, byOrder: Map<string, Settled>, options: MatchOptions): MatchResult {
  const settled = byOrder.get(order.order_no);
  byOrder.delete(order.order_no);
  const expected = order.amount_fen - order.refund_fen;
  const fees = settled?.fees ?? NO_FEES;
  const settledFen = settled?.settled ?? 0;
  return {
    order_no: order.order_no,
    has_order: true,
    outcome: outcomeOf(order, settled, expected, options),
    expected_fen: expected,
    settled_fen: settledFen,
    difference_fen: settled ? settledFen - expected : 0,
    fees,
    fee_fen: feeTotal(fees),
    net_fen: settled?.net ?? 0,
    lines: settled?.lines ?? 0,
  };
}

/** One result per order number the platform settled without an order: what orderResult left in `byOrder`. */
export function orphanResults(byOrder: Map<string, Settled>): MatchResult[] {
  return [...byOrder].map(([orderNo, settled]) => ({
    order_no: orderNo,
    has_order: false,
    outcome: 'orphan' as const,
    expected_fen: 0,
    settled_fen: settled.settled,
    difference_fen: settled.settled,
    fees: settled.fees,
    fee_fen: feeTotal(settled.fees),
    net_fen: settled.net,
    lines: settled.lines,
  }));
}

/** One result per order, in the orders' order (saving pairs them by position), then one per order number the platform settled without an order. */
export function matchOrders(orders: Iterable<OrderToMatch>, lines: Iterable<MatchLine>, options: MatchOptions): MatchResult[] {
  const byOrder = settledByOrder(lines);
  const results: MatchResult[] = [];
  for (const order of orders) results.push(orderResult(order, byOrder, options));
  results.push(...orphanResults(byOrder));
  return results;
}

/** Outcomes a person looks at: everything but a clean match, a clean refund and what is not due yet. */
export const isDifference = (outcome: Outcome) => outcome !== 'matched' && outcome !== 'refunded' && outcome !== 'pending';
