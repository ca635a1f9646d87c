/**
 * The goods area's calls beside the resource API, as the data provider offers them to widgets:
 * 商品统计's figures, 收银台's sales and 商品管理's batches. The engine implements them (src/engine/data-provider.ts), the one place that
 * knows their URLs.
 */
import type { GoodsStatistics, GoodsStatisticsQuery } from '../../contract/api/goods';
import type { CashierCheckoutBody, CashierReceipt, CashierToday } from '../../contract/api/cashier';
import type {
  GoodsApplyBody,
  GoodsBatch,
  GoodsBatchDetail,
  GoodsBatchPage,
  GoodsBatchQuery,
  GoodsManagementList,
  GoodsManagementListBody,
  GoodsManagementOverview,
  GoodsManagementTeamQuery,
  GoodsPreview,
  GoodsPreviewBody,
} from '../../contract/api/goods-management';

/** 商品管理: a team's categories and goods, a batch's preview, application and undo, the past batches. */
export interface GoodsManagementData {
  overview(query: GoodsManagementTeamQuery): Promise<GoodsManagementOverview>;
  goods(body: GoodsManagementListBody): Promise<GoodsManagementList>;
  /** A refusal (too many goods, a category taken) is told to the user by the console. */
  preview(body: GoodsPreviewBody): Promise<GoodsPreview>;
  apply(body: GoodsApplyBody): Promise<GoodsBatch>;
  batches(query: GoodsBatchQuery): Promise<GoodsBatchPage>;
  batch(id: number): Promise<GoodsBatchDetail>;
  undo(id: number): Promise<GoodsBatch>;
}

export interface GoodsData {
  statistics(query: GoodsStatisticsQuery): Promise<GoodsStatistics>;
  /** Sells a cart; a refusal is told to the user by the console (its Chinese message). */
  checkout(body: CashierCheckoutBody): Promise<CashierReceipt>;
  cashierToday(): Promise<CashierToday>;
  cashierSale(id: number): Promise<CashierReceipt>;
  management: GoodsManagementData;
}
