/**
 * Matching's sums (match.ts, pure): an order's lines summed, fees by kind, and a sub-order paid out
 * twice found however many sub-orders the order has and wherever the repeat comes.
 */
import { describe, expect, it } from 'vitest';
import { matchOrders, settledByOrder, type MatchLine, type OrderToMatch } from '../../server/reconciliation/match';

const OPTIONS = { toleranceFen: 1, unsettledDays: 10, now: Date.UTC(2026, 11, 15) };
const NO_FEES = { service: 0, commission: 0, affiliate: 0, other: 0 };

const income = (order_no: string, sub_order_no: string, amount_fen: number, fees = NO_FEES): MatchLine => ({ order_no, sub_order_no, category: 'income', amount_fen, fees });

const order = (order_no: string, amount_fen: number): OrderToMatch => ({
  order_no,
  amount_fen,
  refund_fen: 0,
  paid_at: OPTIONS.now - 20 * 86_400_000,
  promised_ship_at: null,
  shipped_at: OPTIONS.now - 19 * 86_400_000,
  shipment_recorded: true,
});

describe('settlement lines summed per order', () => {
  it('finds a sub-order paid out twice, first, second or later among its order\'s sub-orders', () => {
    const sums = settledByOrder([
      income('A', 'A1', 100),
      income('A', 'A2', 100),
      income('A', 'A3', 100),
      income('B', 'B1', 100),
      income('B', 'B1', 100),
      income('C', 'C1', 100),
      income('C', 'C2', 100),
      income('C', 'C2', 100),
      income('D', 'D1', 100),
      income('D', 'D2', 100),
      income('D', 'D3', 100),
      income('D', 'D1', 100),
    ]);
    expect(Object.fromEntries([...sums].map(([no, sum]) => [no, sum.duplicate]))).toEqual({ A: false, B: true, C: true, D: true });
    expect(sums.get('D')?.lines).toBe(4);
  });

  it('sums fees by kind, settles income net of them, and gives an order no line settled no fees', () => {
    const fees = { service: -5, commission: -3, affiliate: -2, other: -1 };
    const lines: MatchLine[] = [income('A', 'A1', 1000, fees), income('A', 'A2', 500, fees), { order_no: 'A', sub_order_no: '', category: 'fee', amount_fen: -7, fees: { ...NO_FEES, other: -7 } }];
    const [a, b] = matchOrders([order('A', 1522), order('B', 800)], lines, OPTIONS);
    expect(a).toMatchObject({ outcome: 'matched', settled_fen: 1522, fees: { service: -10, commission: -6, affiliate: -4, other: -9 }, fee_fen: -29, net_fen: 1493, lines: 3 });
    expect(b).toMatchObject({ outcome: 'unsettled', settled_fen: 0, fees: NO_FEES, fee_fen: 0, net_fen: 0, lines: 0 });
  });
});
