/**
 * 收银台's cart, as pure functions over a plain value (kept in sessionStorage as it is): adding goods,
 * quantities held between one and the stock, the totals with the whole-order discount, and the cash
 * change. The discount rounds as the server's does (discountFen), so 应收 here is what checkout charges.
 */
import { CASHIER_MAX_LINES, CASHIER_MAX_QUANTITY, discountFen, type CashierCheckoutBody, type CashierDiscount, type CashierPayment } from '../../contract/api/cashier';

export interface CartLine {
  goods_id: number;
  sku: string;
  name: string;
  price_fen: number;
  /** The stock when the goods was last read: the most the line may hold. */
  stock: number;
  image: string | null;
  quantity: number;
}

/** The discount as the cashier types it: nothing, yuan off, or 折扣 (8.8 meaning 88% paid). */
export type DiscountInput = { kind: 'none' } | { kind: 'amount'; yuan: number } | { kind: 'rate'; zhe: number };

export interface Cart {
  lines: CartLine[];
  discount: DiscountInput;
  payment: CashierPayment;
  /** Cash handed over, in yuan as typed; null until typed. */
  received: number | null;
}

export const EMPTY_CART: Cart = { lines: [], discount: { kind: 'none' }, payment: 'cash', received: null };

export type CartGoods = Omit<CartLine, 'quantity'>;

const most = (line: Pick<CartLine, 'stock'>) => Math.min(line.stock, CASHIER_MAX_QUANTITY);

/** One more of the goods (a new line at the top), never beyond its stock; the cart as it was when it cannot take it. */
export function addGoods(cart: Cart, goods: CartGoods): Cart {
  const line = cart.lines.find((l) => l.goods_id === goods.goods_id);
  if (line) return setQuantity(cart, goods.goods_id, line.quantity + 1, goods.stock);
  if (goods.stock < 1 || cart.lines.length >= CASHIER_MAX_LINES) return cart;
  return { ...cart, lines: [{ ...goods, quantity: 1 }, ...cart.lines] };
}

/** Whether one more of the goods fits (stock left beyond what the cart holds). */
export function canAdd(cart: Cart, goods: Pick<CartGoods, 'goods_id' | 'stock'>): boolean {
  const held = cart.lines.find((l) => l.goods_id === goods.goods_id)?.quantity ?? 0;
  return held < most(goods);
}

/** A line's quantity, held between 1 and the stock (a fresher stock when given). */
export function setQuantity(cart: Cart, goodsId: number, quantity: number, stock?: number): Cart {
  return {
    ...cart,
    lines: cart.lines.map((line) => {
      if (line.goods_id !== goodsId) return line;
      const next = { ...line, stock: stock ?? line.stock };
      return { ...next, quantity: Math.max(1, Math.min(Math.floor(quantity) || 1, most(next))) };
    }),
  };
}

export const removeLine = (cart: Cart, goodsId: number): Cart => ({ ...cart, lines: cart.lines.filter((line) => line.goods_id !== goodsId) });

/** The discount as checkout sends it, or undefined for none (or one typed as nothing). */
export function discountOf(input: DiscountInput): CashierDiscount | undefined {
  if (input.kind === 'amount') return input.yuan > 0 ? { kind: 'amount', fen: toFen(input.yuan) } : undefined;
  if (input.kind === 'rate') return input.zhe > 0 && input.zhe < 10 ? { kind: 'rate', percent: Math.round(input.zhe * 10) } : undefined;
  return undefined;
}

/** Yuan as typed to whole fen. */
export const toFen = (yuan: number) => Math.round(yuan * 100);

export interface CartTotals {
  /** 件数: units in the cart. */
  count: number;
  /** 合计 */
  subtotal: number;
  /** 优惠 */
  discount: number;
  /** 应收 */
  due: number;
  /** Cash received in fen, or null when not typed (or not cash). */
  received: number | null;
  /** 找零, null until enough cash is received. */
  change: number | null;
  /** Why 结账 cannot go yet, if it cannot. */
  blocker: 'empty' | 'discountTooLarge' | 'nothingDue' | 'receivedShort' | null;
}

export function cartTotals(cart: Cart): CartTotals {
  const count = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = cart.lines.reduce((sum, line) => sum + line.price_fen * line.quantity, 0);
  const asked = discountOf(cart.discount);
  const discount = discountFen(subtotal, asked);
  const due = subtotal - discount;
  const received = cart.payment === 'cash' && cart.received !== null ? toFen(cart.received) : null;
  const change = received !== null && received >= due ? received - due : null;
  const blocker =
    cart.lines.length === 0
      ? 'empty'
      : asked?.kind === 'amount' && asked.fen > subtotal
        ? 'discountTooLarge'
        : due <= 0
          ? 'nothingDue'
          : cart.payment === 'cash' && change === null
            ? 'receivedShort'
            : null;
  return { count, subtotal, discount, due, received, change, blocker };
}

/** What 结账 sends: goods and quantities only (the server prices them), the discount, the payment. */
export function checkoutBody(cart: Cart, checkoutId: string): CashierCheckoutBody {
  const discount = discountOf(cart.discount);
  const { received } = cartTotals(cart);
  return {
    checkout_id: checkoutId,
    lines: cart.lines.map((line) => ({ goods_id: line.goods_id, quantity: line.quantity })),
    ...(discount ? { discount } : {}),
    payment: cart.payment,
    ...(received !== null ? { received_fen: received } : {}),
  };
}

/** Cash amounts a customer is likely to hand over for a sum: the sum itself, then the next 10, 50 and 100 yuan. */
export function quickCash(dueFen: number): number[] {
  const yuan = Math.ceil(dueFen / 100);
  const ups = [10, 50, 100].map((step) => Math.ceil(yuan / step) * step);
  return [...new Set([dueFen / 100, ...ups])].filter((value) => value * 100 >= dueFen).slice(0, 4);
}

/** A cart read back from sessionStorage, or the empty one when it is missing or not a cart. */
export function parseCart(text: string | null): Cart {
  if (!text) return EMPTY_CART;
  try {
    const value = JSON.parse(text) as Partial<Cart>;
    if (!Array.isArray(value.lines) || !value.discount || !value.payment) return EMPTY_CART;
    return { lines: value.lines, discount: value.discount, payment: value.payment, received: typeof value.received === 'number' ? value.received : null };
  } catch {
    return EMPTY_CART;
  }
}
