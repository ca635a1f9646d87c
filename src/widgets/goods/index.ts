/** The goods area's bespoke widgets, registered by the names screens use for them. */
import { cells } from '../registries';
import { StockLevelCell } from './StockLevelCell';

cells.register('stockLevel', StockLevelCell);
