/** The summary per shop × month and the differences a person looks at, pure over what matching wrote. */
import type { ReconSummaryRow } from '../../src/contract/api/reconciliation';
import { formatDateTime } from '../resources/time';
import { FEE_KINDS } from './file-kinds';
import { OUTCOMES, isDifference, type Outcome } from './match';

type FeeColumns = { fee_service_fen: number; fee_commission_fen: number; fee_affiliate_fen: number; fee_other_fen: number };

export interface MatchedOrder extends FeeColumns {
  id: number;
  platform: string;
  shop_name: string;
  order_no: string;
  paid_at: number;
  amount_fen: number;
  refund_fen: number;
  outcome: string;
  expected_fen: number;
  settled_fen: number;
  difference_fen: number;
  fee_fen: number;
  explained: number;
  explain_note: string;
}

export interface OrphanLine extends FeeColumns {
  platform: string;
  shop_name: string;
  order_no: string;
  flow_no: string;
  amount_fen: number;
  settled_at: number | null;
}

const periodOf = (ms: number | null) => (ms === null ? '' : formatDateTime(ms).slice(0, 7));
const feeKeys = FEE_KINDS.map((kind) => `fee_${kind}_fen` as const);

function emptyRow(platform: string, shop: string, period: string): ReconSummaryRow {
  return {
    platform,
    shop_name: shop,
    period,
    orders: 0,
    paid_fen: 0,
    refund_fen: 0,
    fee_service_fen: 0,
    fee_commission_fen: 0,
    fee_affiliate_fen: 0,
    fee_other_fen: 0,
    fee_fen: 0,
    settled_fen: 0,
    difference_fen: 0,
    explained: 0,
    counts: Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])),
  };
}

/** One row per platform, shop and month, sorted by month then shop; optionally one month or one platform only. */
export function summarize(orders: MatchedOrder[], orphans: OrphanLine[], filter: { period?: string; platform?: string } = {}): ReconSummaryRow[] {
  const rows = new Map<string, ReconSummaryRow>();
  const rowOf = (platform: string, shop: string, period: string) => {
    const key = `${platform}\u0000${shop}\u0000${period}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = emptyRow(platform, shop, period)));
    return row;
  };
  const wanted = (platform: string, period: string) => (!filter.period || filter.period === period) && (!filter.platform || filter.platform === platform);
  for (const order of orders) {
    const period = periodOf(order.paid_at);
    if (!wanted(order.platform, period)) continue;
    const row = rowOf(order.platform, order.shop_name, period);
    row.orders++;
    row.paid_fen += order.amount_fen;
    row.refund_fen += order.refund_fen;
    for (const key of feeKeys) row[key] += order[key];
    row.fee_fen += order.fee_fen;
    row.settled_fen += order.settled_fen;
    row.difference_fen += order.difference_fen;
    row.explained += order.explained;
    row.counts[order.outcome] = (row.counts[order.outcome] ?? 0) + 1;
  }
  const orphanOrders = new Set<string>();
  for (const line of orphans) {
    const period = periodOf(line.settled_at);
    if (!wanted(line.platform, period)) continue;
    const row = rowOf(line.platform, line.shop_name, period);
    const fees = feeKeys.reduce((sum, key) => sum + line[key], 0);
    for (const key of feeKeys) row[key] += line[key];
    row.fee_fen += fees;
    row.settled_fen += line.amount_fen - fees;
    row.difference_fen += line.amount_fen - fees;
    const key = `${line.platform}\u0000${line.order_no}`;
    if (!orphanOrders.has(key)) row.counts.orphan++;
    orphanOrders.add(key);
  }
  return [...rows.values()].sort((a, b) => a.period.localeCompare(b.period) || a.platform.localeCompare(b.platform) || a.shop_name.localeCompare(b.shop_name));
}

/** The orders a person should look at, worst first. */
export const differencesOf = (orders: MatchedOrder[]) =>
  orders.filter((order) => isDifference(order.outcome as Outcome)).sort((a, b) => Math.abs(b.difference_fen) - Math.abs(a.difference_fen) || a.order_no.localeCompare(b.order_no));
