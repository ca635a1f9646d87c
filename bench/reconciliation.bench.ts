/**
 * Matching 100,000 orders against 100,000 settlement lines (shipments ride on the orders as a flag)
 * in memory, beside a naive nested-loop match of the same data in the same run. The nested loop is
 * timed on a tenth of the rows (a hundredth of the work) and scaled up, as the full run would take minutes.
 */
import { performance } from 'node:perf_hooks';
import { matchOrders, type OrderToMatch } from '../server/reconciliation/match';
import type { SettlementLine } from '../server/reconciliation/lines';
import type { BenchRow } from './lib/row';

const N = 100_000;
const NAIVE_N = 10_000;
const DAY = 86_400_000;
const OPTIONS = { toleranceFen: 1, unsettledDays: 10, now: Date.now() };

function data(n: number): { orders: OrderToMatch[]; lines: SettlementLine[] } {
  const orders: OrderToMatch[] = [];
  const lines: SettlementLine[] = [];
  for (let i = 0; i < n; i++) {
    const order_no = String(6_900_000_000_000_000 + i);
    orders.push({ order_no, amount_fen: 1000 + (i % 5000), refund_fen: 0, paid_at: OPTIONS.now - 30 * DAY, promised_ship_at: null, shipped_at: OPTIONS.now - 20 * DAY, shipment_recorded: i % 50 !== 0 });
    // Every line but one in a hundred belongs to an order; one in a hundred is short by a yuan.
    const target = i % 100 === 0 ? `9${order_no}` : order_no;
    lines.push({ flow_no: `F${i}`, order_no: target, sub_order_no: target, category: 'income', amount_fen: 1000 + (i % 5000) - (i % 100 === 1 ? 100 : 0), fees: { service: 0, commission: 0, affiliate: 0, other: 0 }, scene: '', settled_at: OPTIONS.now });
  }
  return { orders, lines };
}

/** What a first attempt looks like: for every order, scan every line. */
function naiveMatch(orders: OrderToMatch[], lines: SettlementLine[]): number {
  let matched = 0;
  for (const order of orders) {
    let settled = 0;
    for (const line of lines) if (line.order_no === order.order_no) settled += line.amount_fen;
    if (Math.abs(settled - order.amount_fen) <= OPTIONS.toleranceFen) matched++;
  }
  return matched;
}

export default async function reconciliationBench(): Promise<BenchRow[]> {
  const full = data(N);
  const started = performance.now();
  const results = matchOrders(full.orders, full.lines, OPTIONS);
  const hashMs = performance.now() - started;
  if (results.length !== N + N / 100) throw new Error(`expected ${N + N / 100} results, got ${results.length}`);

  const small = data(NAIVE_N);
  const naiveStarted = performance.now();
  naiveMatch(small.orders, small.lines);
  const naiveMs = (performance.now() - naiveStarted) * (N / NAIVE_N) ** 2;
  return [
    {
      name: `match ${N.toLocaleString('en')} orders × ${N.toLocaleString('en')} settlement lines (hash join)`,
      value: Math.round(hashMs),
      unit: 'ms',
      baseline: Math.round(naiveMs),
      baselineName: `nested loop (timed on ${NAIVE_N.toLocaleString('en')}², scaled)`,
      budget: 2000,
    },
  ];
}
