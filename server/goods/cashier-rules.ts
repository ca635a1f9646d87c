/**
 * 收银台's arithmetic and checks, pure: a cart's lines merged by goods, each priced from the stored
 * goods row (never from the till), the sale's totals and the cash change. A refusal is a message
 * key with its params, which the route throws in the caller's language.
 */
import { CASHIER_MAX_TOTAL_FEN, discountFen, type CashierCheckoutBody } from '../../src/contract/api/cashier';
import type { MessageKey } from '../http/messages';

export interface Refusal {
  problem: MessageKey;
  params: Record<string, string | number>;
}

/** The goods row as checkout reads it. */
export interface SoldGoods {
  id: number;
  sku: string;
  name: string;
  price_fen: number;
  stock: number;
  status: string;
}

export interface PricedLine {
  goods_id: number;
  sku: string;
  name: string;
  price_fen: number;
  quantity: number;
  amount_fen: number;
}

export interface SaleTotals {
  item_count: number;
  subtotal_fen: number;
  discount_fen: number;
  total_fen: number;
  received_fen: number;
  change_fen: number;
}

/** One line per goods, quantities added up (a till may send the same goods twice), in first-seen order. */
export function mergedLines(lines: CashierCheckoutBody['lines']): Array<{ goods_id: number; quantity: number }> {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.goods_id, (merged.get(line.goods_id) ?? 0) + line.quantity);
  return [...merged].map(([goods_id, quantity]) => ({ goods_id, quantity }));
}

/** Whether the goods can be sold in that quantity: on sale, with the stock for it. */
export function goodsRefusal(goods: SoldGoods, quantity: number): Refusal | null {
  if (goods.status !== 'on_sale') return { problem: 'cashierGoodsOffSale', params: { name: goods.name, sku: goods.sku } };
  if (goods.stock < quantity) return { problem: 'cashierStockShort', params: { name: goods.name, sku: goods.sku, stock: goods.stock, quantity } };
  return null;
}

export const pricedLine = (goods: SoldGoods, quantity: number): PricedLine => ({
  goods_id: goods.id,
  sku: goods.sku,
  name: goods.name,
  price_fen: goods.price_fen,
  quantity,
  amount_fen: goods.price_fen * quantity,
});

/**
 * The sale's totals from its priced lines, the discount and the payment: 应收 is the subtotal less
 * the discount; cash must cover it (the rest is change), other payments are taken for exactly it.
 */
export function saleTotals(lines: PricedLine[], body: Pick<CashierCheckoutBody, 'discount' | 'payment' | 'received_fen'>): SaleTotals | Refusal {
  const subtotal = lines.reduce((sum, line) => sum + line.amount_fen, 0);
  if (subtotal > CASHIER_MAX_TOTAL_FEN) return { problem: 'cashierTotalTooLarge', params: { most: CASHIER_MAX_TOTAL_FEN / 100 } };
  if (body.discount?.kind === 'amount' && body.discount.fen > subtotal) return { problem: 'cashierDiscountTooLarge', params: { subtotal: yuan(subtotal) } };
  const discount = discountFen(subtotal, body.discount);
  const total = subtotal - discount;
  if (total <= 0) return { problem: 'cashierNothingDue', params: {} };
  let received = total;
  if (body.payment === 'cash') {
    if (body.received_fen === undefined || body.received_fen < total) return { problem: 'cashierReceivedShort', params: { due: yuan(total) } };
    received = body.received_fen;
  }
  return {
    item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal_fen: subtotal,
    discount_fen: discount,
    total_fen: total,
    received_fen: received,
    change_fen: received - total,
  };
}

/** Fen as yuan with two decimals, as messages name amounts. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
