/**
 * 商品管理's batch dialog, headless: what the seller filled in, and the operation it makes (null
 * until it is complete). Yuan typed become whole fen; a percent keeps two decimals, as the server takes.
 */
import type { GoodsOperation } from '../../contract/api/goods-management';

/** The operations a selection of goods takes (a category's own come from the category list). */
export type SelectionKind = 'on_sale' | 'off_sale' | 'price' | 'stock' | 'category';
export type DialogKind = SelectionKind | 'rename_category' | 'merge_category';

export interface OperationForm {
  priceMode: 'set' | 'add' | 'percent';
  /** Yuan for set and add, a percent for percent. */
  amount: number | null;
  stockMode: 'set' | 'add' | 'subtract';
  quantity: number | null;
  reason: string;
  /** The new category, or the one to merge into. */
  category: string;
}

export const EMPTY_FORM: OperationForm = { priceMode: 'percent', amount: null, stockMode: 'add', quantity: null, reason: '', category: '' };

const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** The operation the form makes, or null while something it needs is missing. */
export function operationOf(kind: DialogKind, form: OperationForm, from?: string): GoodsOperation | null {
  const category = form.category.trim();
  switch (kind) {
    case 'on_sale':
    case 'off_sale':
      return { kind };
    case 'price':
      if (form.amount === null || !Number.isFinite(form.amount)) return null;
      if (form.priceMode === 'percent') return { kind, mode: 'percent', percent: Math.sign(form.amount) * (Math.round(Math.abs(form.amount) * 100) / 100) };
      return { kind, mode: form.priceMode, fen: yuanToFen(form.amount) };
    case 'stock':
      if (form.quantity === null || !Number.isInteger(form.quantity) || form.reason.trim() === '') return null;
      return { kind, mode: form.stockMode, quantity: form.quantity, reason: form.reason.trim() };
    case 'category':
      return category ? { kind, category } : null;
    case 'rename_category':
    case 'merge_category':
      return category && from ? { kind, from, to: category } : null;
  }
}
