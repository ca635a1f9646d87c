/** 收银台's cart arithmetic: quantities held to the stock, the discount as the server rounds it, the change. */
import { describe, expect, it } from 'vitest';
import { addGoods, canAdd, cartTotals, checkoutBody, EMPTY_CART, parseCart, quickCash, removeLine, setQuantity, type Cart, type CartGoods } from '../../../src/widgets/goods/cashier-cart';

const tea: CartGoods = { goods_id: 1, sku: 'TEA', name: '茶', price_fen: 1250, stock: 3, image: null };
const cup: CartGoods = { goods_id: 2, sku: 'CUP', name: '杯', price_fen: 3990, stock: 10, image: null };
const cart = (patch: Partial<Cart> = {}): Cart => ({ ...addGoods(addGoods(addGoods(EMPTY_CART, tea), tea), cup), ...patch });

describe('the cashier cart', () => {
  it('adds goods as lines, the latest on top, never beyond the stock', () => {
    let value = addGoods(EMPTY_CART, tea);
    value = addGoods(value, cup);
    expect(value.lines.map((line) => [line.sku, line.quantity])).toEqual([['CUP', 1], ['TEA', 1]]);
    for (let i = 0; i < 5; i++) value = addGoods(value, tea);
    expect(value.lines.find((line) => line.sku === 'TEA')!.quantity).toBe(3);
    expect(canAdd(value, tea)).toBe(false);
    expect(canAdd(value, cup)).toBe(true);
    expect(addGoods(EMPTY_CART, { ...tea, stock: 0 }).lines).toEqual([]);
  });

  it('holds a typed quantity between one and the stock, and removes lines', () => {
    expect(setQuantity(cart(), 1, 9).lines.find((l) => l.goods_id === 1)!.quantity).toBe(3);
    expect(setQuantity(cart(), 1, 0).lines.find((l) => l.goods_id === 1)!.quantity).toBe(1);
    expect(setQuantity(cart(), 1, 2.7).lines.find((l) => l.goods_id === 1)!.quantity).toBe(2);
    expect(removeLine(cart(), 1).lines.map((l) => l.sku)).toEqual(['CUP']);
  });

  it('totals 件数, 合计, 优惠 and 应收, with an amount off or 折扣 rounded to the fen', () => {
    expect(cartTotals(cart())).toMatchObject({ count: 3, subtotal: 6490, discount: 0, due: 6490 });
    expect(cartTotals(cart({ discount: { kind: 'amount', yuan: 4.9 } }))).toMatchObject({ discount: 490, due: 6000 });
    // 8.8折 of 64.90 is 57.112, paid as 57.11.
    expect(cartTotals(cart({ discount: { kind: 'rate', zhe: 8.8 } }))).toMatchObject({ discount: 779, due: 5711 });
    expect(cartTotals(cart({ discount: { kind: 'amount', yuan: 70 } })).blocker).toBe('discountTooLarge');
    expect(cartTotals(cart({ discount: { kind: 'amount', yuan: 64.9 } })).blocker).toBe('nothingDue');
    expect(cartTotals(EMPTY_CART).blocker).toBe('empty');
  });

  it('gives change for cash once enough is received; other payments need none', () => {
    expect(cartTotals(cart({ payment: 'cash', received: null }))).toMatchObject({ change: null, blocker: 'receivedShort' });
    expect(cartTotals(cart({ payment: 'cash', received: 60 }))).toMatchObject({ change: null, blocker: 'receivedShort' });
    expect(cartTotals(cart({ payment: 'cash', received: 100 }))).toMatchObject({ received: 10_000, change: 3510, blocker: null });
    expect(cartTotals(cart({ payment: 'wechat', received: null }))).toMatchObject({ change: null, blocker: null });
    expect(quickCash(6490)).toEqual([64.9, 70, 100]);
    expect(quickCash(5000)).toEqual([50, 100]);
  });

  it('sends goods and quantities only, with the discount in fen or percent', () => {
    expect(checkoutBody(cart({ payment: 'cash', received: 100, discount: { kind: 'rate', zhe: 9.5 } }), 'abc12345')).toEqual({
      checkout_id: 'abc12345',
      lines: [{ goods_id: 2, quantity: 1 }, { goods_id: 1, quantity: 2 }],
      discount: { kind: 'rate', percent: 95 },
      payment: 'cash',
      received_fen: 10_000,
    });
    expect(checkoutBody(cart({ payment: 'alipay', received: 100 }), 'abc12345')).not.toHaveProperty('received_fen');
  });

  it('reads back a kept cart, and an empty one from anything else', () => {
    expect(parseCart(JSON.stringify(cart()))).toEqual(cart());
    expect(parseCart('not json')).toEqual(EMPTY_CART);
    expect(parseCart(null)).toEqual(EMPTY_CART);
    expect(parseCart('{"lines":3}')).toEqual(EMPTY_CART);
  });
});
