/**
 * The goods area's calls beside the resource API, as the data provider offers them to widgets:
 * 商品统计's figures. The engine implements them (src/engine/data-provider.ts), the one place that
 * knows their URLs.
 */
import type { GoodsStatistics, GoodsStatisticsQuery } from '../../contract/api/goods';

export interface GoodsData {
  statistics(query: GoodsStatisticsQuery): Promise<GoodsStatistics>;
}
