/** 商品管理's headless parts: the selection (ticked ones, or every match but those unticked) and the batch dialog's operation. */
import { describe, expect, it } from 'vitest';
import { EVERY_MATCH, isSelected, NOTHING, selectedCount, selectionBody, toggled } from '../../../src/widgets/goods/management-selection';
import { EMPTY_FORM, operationOf } from '../../../src/widgets/goods/management-operation';

describe('the goods selection', () => {
  it('ticks and unticks goods one by one', () => {
    const picked = toggled(toggled(NOTHING, [1, 2, 3], true), [2], false);
    expect([isSelected(picked, 1), isSelected(picked, 2), selectedCount(picked, 40)]).toEqual([true, false, 2]);
    expect(selectionBody(picked, { category: '服饰' })).toEqual({ ids: [1, 3] });
  });

  it('takes every goods matching the filter, on every page, less those unticked', () => {
    const all = toggled(EVERY_MATCH, [7], false);
    expect([isSelected(all, 99), isSelected(all, 7), selectedCount(all, 40)]).toEqual([true, false, 39]);
    expect(selectionBody(toggled(all, [7], true), { category: '服饰', stock: 'low' })).toEqual({ filter: { category: '服饰', stock: 'low' }, except: [] });
    expect(selectionBody(all, {})).toEqual({ filter: {}, except: [7] });
  });
});

describe('the batch dialog’s operation', () => {
  it('is null until complete', () => {
    expect(operationOf('price', EMPTY_FORM)).toBeNull();
    expect(operationOf('stock', { ...EMPTY_FORM, quantity: 5 })).toBeNull();
    expect(operationOf('stock', { ...EMPTY_FORM, quantity: 5, reason: '  ' })).toBeNull();
    expect(operationOf('category', { ...EMPTY_FORM, category: ' ' })).toBeNull();
    expect(operationOf('merge_category', { ...EMPTY_FORM, category: '数码' })).toBeNull();
  });

  it('turns yuan into whole fen and keeps two decimals of a percent', () => {
    expect(operationOf('price', { ...EMPTY_FORM, priceMode: 'set', amount: 19.9 })).toEqual({ kind: 'price', mode: 'set', fen: 1990 });
    expect(operationOf('price', { ...EMPTY_FORM, priceMode: 'add', amount: -0.1 })).toEqual({ kind: 'price', mode: 'add', fen: -10 });
    expect(operationOf('price', { ...EMPTY_FORM, priceMode: 'percent', amount: -12.346 })).toEqual({ kind: 'price', mode: 'percent', percent: -12.35 });
    expect(operationOf('stock', { ...EMPTY_FORM, stockMode: 'subtract', quantity: 3, reason: ' 损耗 ' })).toEqual({ kind: 'stock', mode: 'subtract', quantity: 3, reason: '损耗' });
    expect(operationOf('rename_category', { ...EMPTY_FORM, category: ' 服装 ' }, '服饰')).toEqual({ kind: 'rename_category', from: '服饰', to: '服装' });
    expect(operationOf('off_sale', EMPTY_FORM)).toEqual({ kind: 'off_sale' });
  });
});
