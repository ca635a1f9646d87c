/**
 * 商品管理's arithmetic and checks, pure: what a batch operation makes of each goods (prices
 * rounded to the fen, stock set, added or subtracted), the warnings a preview shows beside it, and
 * whether the batch may be applied. A refusal is a message key with its params, which the route
 * throws in the caller's language.
 */
import {
  GOODS_BATCH_MAX_PRICE_FEN,
  GOODS_BATCH_MAX_STOCK,
  GOODS_BLOCKING_WARNINGS,
  type GoodsOperation,
  type GoodsPreview,
  type GoodsPreviewRow,
  type GoodsPreviewWarning,
} from '../../src/contract/api/goods-management';
import type { Refusal } from './cashier-rules';

/** A goods row as a batch reads it. */
export interface BatchGoods {
  id: number;
  sku: string;
  name: string;
  category: string | null;
  price_fen: number;
  cost_fen: number | null;
  stock: number;
  status: string;
  version: number;
}

/** The price after a 调价, in whole fen: a percent rounds half away from zero, as a till does. */
export function priceAfter(price: number, operation: Extract<GoodsOperation, { kind: 'price' }>): number {
  if (operation.mode === 'set') return operation.fen;
  if (operation.mode === 'add') return price + operation.fen;
  // Percent in hundredths, so 0.1 + 0.2 style float noise never tips a half fen the wrong way.
  const scaled = price * Math.round(operation.percent * 100);
  const change = Math.sign(scaled) * Math.round(Math.abs(scaled) / 10_000);
  return price + change;
}

export function stockAfter(stock: number, operation: Extract<GoodsOperation, { kind: 'stock' }>): number {
  if (operation.mode === 'set') return operation.quantity;
  return operation.mode === 'add' ? stock + operation.quantity : stock - operation.quantity;
}

/** The one field an operation writes and the value it gives this goods. */
export function changeOf(goods: BatchGoods, operation: GoodsOperation): { field: 'status' | 'price_fen' | 'stock' | 'category'; before: string | number | null; after: string | number | null } {
  switch (operation.kind) {
    case 'on_sale':
    case 'off_sale':
      return { field: 'status', before: goods.status, after: operation.kind };
    case 'price':
      return { field: 'price_fen', before: goods.price_fen, after: priceAfter(goods.price_fen, operation) };
    case 'stock':
      return { field: 'stock', before: goods.stock, after: stockAfter(goods.stock, operation) };
    case 'category':
      return { field: 'category', before: goods.category, after: operation.category };
    case 'rename_category':
    case 'merge_category':
      return { field: 'category', before: goods.category, after: operation.to };
  }
}

function warningsOf(goods: BatchGoods, field: string, after: string | number | null, unchanged: boolean): GoodsPreviewWarning[] {
  const warnings: GoodsPreviewWarning[] = [];
  if (field === 'price_fen' && typeof after === 'number') {
    if (after < 0) warnings.push('price_negative');
    else if (after > GOODS_BATCH_MAX_PRICE_FEN) warnings.push('price_too_high');
    else if (goods.cost_fen !== null && after < goods.cost_fen) warnings.push('below_cost');
  }
  if (field === 'stock' && typeof after === 'number') {
    if (after < 0) warnings.push('stock_negative');
    else if (after > GOODS_BATCH_MAX_STOCK) warnings.push('stock_too_high');
  }
  if (unchanged) warnings.push('unchanged');
  return warnings;
}

/** A goods as the preview shows it: before → after, and what to look out for. */
export function previewRow(goods: BatchGoods, operation: GoodsOperation): GoodsPreviewRow {
  const { field, before, after } = changeOf(goods, operation);
  return {
    id: goods.id,
    sku: goods.sku,
    name: goods.name,
    version: goods.version,
    cost_fen: goods.cost_fen,
    before: { [field]: before },
    after: { [field]: after },
    warnings: warningsOf(goods, field, after, before === after),
  };
}

export const isBlocked = (row: GoodsPreviewRow) => row.warnings.some((warning) => GOODS_BLOCKING_WARNINGS.includes(warning));
export const isChange = (row: GoodsPreviewRow) => !row.warnings.includes('unchanged');

export function preview(goods: BatchGoods[], operation: GoodsOperation): GoodsPreview {
  const rows = goods.map((one) => previewRow(one, operation));
  return {
    count: rows.length,
    changed: rows.filter(isChange).length,
    blocked: rows.filter(isBlocked).length,
    below_cost: rows.filter((row) => row.warnings.includes('below_cost')).length,
    rows,
  };
}

/** Why the previewed batch cannot be applied as it stands, naming the first goods that stops it. */
export function batchRefusal(result: GoodsPreview): Refusal | null {
  const blocked = result.rows.find(isBlocked);
  if (blocked) {
    const warning = blocked.warnings.find((w) => GOODS_BLOCKING_WARNINGS.includes(w))!;
    const key = ({ price_negative: 'goodsBatchPriceNegative', price_too_high: 'goodsBatchPriceTooHigh', stock_negative: 'goodsBatchStockNegative', stock_too_high: 'goodsBatchStockTooHigh' } as const)[
      warning as 'price_negative'
    ];
    return { problem: key, params: { name: blocked.name, sku: blocked.sku, count: result.blocked } };
  }
  if (result.changed === 0) return { problem: 'goodsBatchNothingChanges', params: {} };
  return null;
}

/** A category's goods move under another name: a rename must name a new category, a merge an existing other one. */
export function categoryMoveRefusal(operation: Extract<GoodsOperation, { kind: 'rename_category' | 'merge_category' }>, categories: string[]): Refusal | null {
  const { from, to } = operation;
  if (!categories.includes(from)) return { problem: 'goodsBatchCategoryMissing', params: { category: from } };
  if (from === to) return { problem: 'goodsBatchCategorySame', params: { category: from } };
  if (operation.kind === 'rename_category' && categories.includes(to)) return { problem: 'goodsBatchCategoryTaken', params: { category: to } };
  if (operation.kind === 'merge_category' && !categories.includes(to)) return { problem: 'goodsBatchCategoryMissing', params: { category: to } };
  return null;
}

/** The parameters a batch keeps of its operation: the operation itself, its kind aside. */
export function paramsOf(operation: GoodsOperation): Record<string, string | number> {
  return Object.fromEntries(Object.entries(operation).filter(([key]) => key !== 'kind'));
}
