/** 商品管理's arithmetic: prices rounded to the fen, stock set, added or subtracted, the preview's warnings and whether a batch may be applied. */
import { describe, expect, it } from 'vitest';
import { batchRefusal, categoryMoveRefusal, preview, priceAfter, stockAfter, type BatchGoods } from '../../../server/goods/management-rules';

const goods = (over: Partial<BatchGoods> = {}): BatchGoods => ({ id: 1, sku: 'A-1', name: '测试商品', category: '服饰', price_fen: 1999, cost_fen: 1500, stock: 5, status: 'on_sale', version: 3, ...over });

describe('priceAfter', () => {
  it('sets, adds and takes off an amount', () => {
    expect(priceAfter(1999, { kind: 'price', mode: 'set', fen: 1200 })).toBe(1200);
    expect(priceAfter(1999, { kind: 'price', mode: 'add', fen: 101 })).toBe(2100);
    expect(priceAfter(1999, { kind: 'price', mode: 'add', fen: -2000 })).toBe(-1);
  });

  it('changes by a percent rounded half away from zero to the fen', () => {
    // 19.99 × 0.9 = 17.991 → 17.99; 0.05 × 1.1 = 0.055 → 0.06; 0.05 × 0.9 = 0.045 → 0.05 (0.005 off rounds to 0.01).
    expect(priceAfter(1999, { kind: 'price', mode: 'percent', percent: -10 })).toBe(1799);
    expect(priceAfter(5, { kind: 'price', mode: 'percent', percent: 10 })).toBe(6);
    expect(priceAfter(5, { kind: 'price', mode: 'percent', percent: -10 })).toBe(4);
    expect(priceAfter(1000, { kind: 'price', mode: 'percent', percent: 12.5 })).toBe(1125);
    // 0.1 + 0.2 style noise in the percent never tips the fen: 33.33% of 300 fen is 99.99 → 100.
    expect(priceAfter(300, { kind: 'price', mode: 'percent', percent: 33.33 })).toBe(400);
    expect(priceAfter(1999, { kind: 'price', mode: 'percent', percent: -100 })).toBe(0);
    // 0.07% of 10000 fen is 7 fen, though 0.07 × 100 is 7.000000000000001 in floats.
    expect(priceAfter(10_000, { kind: 'price', mode: 'percent', percent: 0.07 })).toBe(10_007);
  });
});

describe('stockAfter', () => {
  it('sets, adds and subtracts, letting the preview see a negative result', () => {
    expect(stockAfter(5, { kind: 'stock', mode: 'set', quantity: 0, reason: '盘点' })).toBe(0);
    expect(stockAfter(5, { kind: 'stock', mode: 'add', quantity: 10, reason: '到货' })).toBe(15);
    expect(stockAfter(5, { kind: 'stock', mode: 'subtract', quantity: 6, reason: '损耗' })).toBe(-1);
  });
});

describe('preview', () => {
  it('shows each goods before → after with what to look out for', () => {
    const result = preview(
      [goods(), goods({ id: 2, sku: 'A-2', price_fen: 1000, cost_fen: 950 }), goods({ id: 3, sku: 'A-3', cost_fen: null, price_fen: 100 })],
      { kind: 'price', mode: 'percent', percent: -10 },
    );
    expect(result).toMatchObject({ count: 3, changed: 3, blocked: 0, below_cost: 1 });
    expect(result.rows.map((row) => [row.sku, row.before, row.after, row.warnings])).toEqual([
      ['A-1', { price_fen: 1999 }, { price_fen: 1799 }, []],
      ['A-2', { price_fen: 1000 }, { price_fen: 900 }, ['below_cost']],
      ['A-3', { price_fen: 100 }, { price_fen: 90 }, []],
    ]);
    expect(result.rows[0].version).toBe(3);
    expect(batchRefusal(result)).toBeNull();
  });

  it('refuses stock going negative, naming the first goods and how many', () => {
    const result = preview([goods(), goods({ id: 2, sku: 'A-2', name: '第二件', stock: 1 }), goods({ id: 3, sku: 'A-3', stock: 100 })], { kind: 'stock', mode: 'subtract', quantity: 3, reason: '损耗' });
    expect(result.blocked).toBe(1);
    expect(result.rows[1].warnings).toEqual(['stock_negative']);
    expect(batchRefusal(result)).toEqual({ problem: 'goodsBatchStockNegative', params: { name: '第二件', sku: 'A-2', count: 1 } });
  });

  it('refuses a price below zero or past the most', () => {
    expect(batchRefusal(preview([goods()], { kind: 'price', mode: 'add', fen: -2000 }))?.problem).toBe('goodsBatchPriceNegative');
    expect(batchRefusal(preview([goods({ price_fen: 99_999_999 })], { kind: 'price', mode: 'percent', percent: 10 }))?.problem).toBe('goodsBatchPriceTooHigh');
  });

  it('leaves goods that already have the value, and refuses a batch that changes none', () => {
    const some = preview([goods(), goods({ id: 2, status: 'off_sale' })], { kind: 'off_sale' });
    expect(some).toMatchObject({ count: 2, changed: 1 });
    expect(some.rows[1].warnings).toEqual(['unchanged']);
    expect(batchRefusal(preview([goods({ status: 'off_sale' })], { kind: 'off_sale' }))).toEqual({ problem: 'goodsBatchNothingChanges', params: {} });
  });

  it('moves goods to a category, or from one (rename and merge)', () => {
    expect(preview([goods()], { kind: 'category', category: '家居' }).rows[0]).toMatchObject({ before: { category: '服饰' }, after: { category: '家居' } });
    expect(preview([goods({ category: null })], { kind: 'category', category: '家居' }).rows[0].before).toEqual({ category: null });
    expect(preview([goods()], { kind: 'rename_category', from: '服饰', to: '服装' }).rows[0].after).toEqual({ category: '服装' });
  });
});

describe('categoryMoveRefusal', () => {
  const categories = ['服饰', '数码'];
  it('wants a rename to a new name and a merge into another existing category', () => {
    expect(categoryMoveRefusal({ kind: 'rename_category', from: '服饰', to: '服装' }, categories)).toBeNull();
    expect(categoryMoveRefusal({ kind: 'rename_category', from: '服饰', to: '数码' }, categories)?.problem).toBe('goodsBatchCategoryTaken');
    expect(categoryMoveRefusal({ kind: 'merge_category', from: '服饰', to: '数码' }, categories)).toBeNull();
    expect(categoryMoveRefusal({ kind: 'merge_category', from: '服饰', to: '服装' }, categories)?.problem).toBe('goodsBatchCategoryMissing');
    expect(categoryMoveRefusal({ kind: 'merge_category', from: '服饰', to: '服饰' }, categories)?.problem).toBe('goodsBatchCategorySame');
    expect(categoryMoveRefusal({ kind: 'rename_category', from: '鞋靴', to: '鞋' }, categories)).toEqual({ problem: 'goodsBatchCategoryMissing', params: { category: '鞋靴' } });
  });
});
