/** The goods area's bespoke widgets, by the names screens use for them (src/app-registry.ts lists them). */
import type { CellWidget, WidgetMap } from '../interface/registry';
import { StockLevelCell } from './StockLevelCell';

export const GOODS_CELLS = { stockLevel: StockLevelCell } as const satisfies WidgetMap<CellWidget>;
