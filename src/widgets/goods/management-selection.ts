/**
 * 商品管理's selection, headless: goods ticked one by one, or every goods the filter matches (on
 * every page, not only the one shown) but those unticked since. What a batch request names.
 */
import type { GoodsFilter, GoodsSelection } from '../../contract/api/goods-management';

export type Selection = { mode: 'ids'; ids: ReadonlySet<number> } | { mode: 'all'; except: ReadonlySet<number> };

export const NOTHING: Selection = { mode: 'ids', ids: new Set() };
export const EVERY_MATCH: Selection = { mode: 'all', except: new Set() };

export const isSelected = (selection: Selection, id: number) => (selection.mode === 'ids' ? selection.ids.has(id) : !selection.except.has(id));

/** How many goods are selected, of `total` matching the filter. */
export const selectedCount = (selection: Selection, total: number) => (selection.mode === 'ids' ? selection.ids.size : Math.max(total - selection.except.size, 0));

/** The selection with these goods ticked (`on`) or unticked. */
export function toggled(selection: Selection, ids: number[], on: boolean): Selection {
  const set = new Set(selection.mode === 'ids' ? selection.ids : selection.except);
  // Ticking adds to the ids, but removes from the goods left out of "every match".
  const add = on === (selection.mode === 'ids');
  for (const id of ids) {
    if (add) set.add(id);
    else set.delete(id);
  }
  return selection.mode === 'ids' ? { mode: 'ids', ids: set } : { mode: 'all', except: set };
}

/** The selection as a batch request names it. */
export function selectionBody(selection: Selection, filter: GoodsFilter): GoodsSelection {
  return selection.mode === 'ids' ? { ids: [...selection.ids] } : { filter, except: [...selection.except] };
}
