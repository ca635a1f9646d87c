/**
 * 收银台 (商品 › 收银台): a shop assistant sells the team's goods to a walk-in customer.
 * `POST /api/goods/cashier/checkout` sells a cart (prices are the server's, never the till's),
 * `GET /api/goods/cashier/today` is the team's takings of the China day, `GET /api/goods/cashier/sales/:id`
 * a receipt. Money is integer fen. The discount arithmetic lives here so that the till shows what
 * the server will charge, to the fen.
 */
import { Type, type Static } from '../schema';

export const CASHIER_PAYMENTS = ['cash', 'wechat', 'alipay'] as const;
export type CashierPayment = (typeof CASHIER_PAYMENTS)[number];
/** Lines of one sale, and units of one line. */
export const CASHIER_MAX_LINES = 100;
export const CASHIER_MAX_QUANTITY = 9999;
/** The latest sales 今日收银 lists. */
export const CASHIER_RECENT = 10;
/** The most a sale may come to (a million yuan): beyond it a typo, not a customer. */
export const CASHIER_MAX_TOTAL_FEN = 100_000_000;

/** A whole-order discount: an amount off, or 折扣 as the percent paid (88 is 8.8折). */
export const CashierDiscount = Type.Union([
  Type.Object({ kind: Type.Literal('amount'), fen: Type.Integer({ minimum: 0, maximum: CASHIER_MAX_TOTAL_FEN }) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('rate'), percent: Type.Integer({ minimum: 1, maximum: 100 }) }, { additionalProperties: false }),
]);
export type CashierDiscount = Static<typeof CashierDiscount>;

const Payment = Type.Union(CASHIER_PAYMENTS.map((value) => Type.Literal(value)));

export const CashierCheckoutBody = Type.Object(
  {
    /** The till's id of this checkout (a UUID): sent again on a retry, it answers the same sale. */
    checkout_id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }),
    lines: Type.Array(
      Type.Object(
        { goods_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), quantity: Type.Integer({ minimum: 1, maximum: CASHIER_MAX_QUANTITY }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: CASHIER_MAX_LINES },
    ),
    discount: Type.Optional(CashierDiscount),
    payment: Payment,
    /** Cash handed over; required for cash, at least what is due. */
    received_fen: Type.Optional(Type.Integer({ minimum: 0, maximum: CASHIER_MAX_TOTAL_FEN })),
  },
  { additionalProperties: false },
);
export type CashierCheckoutBody = Static<typeof CashierCheckoutBody>;

export const CashierSaleParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });

export const CashierReceipt = Type.Object({
  id: Type.Integer(),
  sale_no: Type.String(),
  team_name: Type.String(),
  cashier_name: Type.String(),
  sold_at: Type.Integer(),
  payment: Payment,
  lines: Type.Array(
    Type.Object({ goods_id: Type.Union([Type.Integer(), Type.Null()]), sku: Type.String(), name: Type.String(), price_fen: Type.Integer(), quantity: Type.Integer(), amount_fen: Type.Integer() }),
  ),
  item_count: Type.Integer(),
  subtotal_fen: Type.Integer(),
  discount_fen: Type.Integer(),
  total_fen: Type.Integer(),
  received_fen: Type.Integer(),
  change_fen: Type.Integer(),
  /** The 交易流水 record of the income, while it exists. */
  trade_no: Type.Union([Type.String(), Type.Null()]),
});
export type CashierReceipt = Static<typeof CashierReceipt>;

export const CashierToday = Type.Object({
  /** The China day, YYYY-MM-DD. */
  date: Type.String(),
  /** The caller's team, or null for a caller of no one team (an administrator), who cannot sell. */
  team_name: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
  total_fen: Type.Integer(),
  by_payment: Type.Array(Type.Object({ payment: Payment, count: Type.Integer(), total_fen: Type.Integer() })),
  /** The latest sales of the day, newest first (CASHIER_RECENT). */
  recent: Type.Array(
    Type.Object({ id: Type.Integer(), sale_no: Type.String(), sold_at: Type.Integer(), cashier_name: Type.String(), item_count: Type.Integer(), total_fen: Type.Integer(), payment: Payment }),
  ),
});
export type CashierToday = Static<typeof CashierToday>;

/** What a discount takes off a subtotal, in whole fen (折扣 rounds what is paid to the fen), never more than the subtotal. */
export function discountFen(subtotal: number, discount: CashierDiscount | undefined): number {
  if (!discount) return 0;
  const off = discount.kind === 'amount' ? discount.fen : subtotal - Math.round((subtotal * discount.percent) / 100);
  return Math.min(Math.max(off, 0), subtotal);
}
