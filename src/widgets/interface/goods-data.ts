/**
 * The goods area's calls beside the resource API, as the data provider offers them to widgets:
 * 商品统计's figures, 收银台's sales, 商品管理's batches and 海报设计's posters. The engine implements them (src/engine/data-provider.ts), the one place that
 * knows their URLs.
 */
import type { GoodsStatistics, GoodsStatisticsQuery } from '../../contract/api/goods';
import type { CashierCheckoutBody, CashierReceipt, CashierToday } from '../../contract/api/cashier';
import type { NewPosterBody, Poster, PosterList, PosterListQuery, SavePosterBody } from '../../contract/api/posters';
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
  posters(query: PosterListQuery): Promise<PosterList>;
  poster(id: number): Promise<Poster>;
  createPoster(body: NewPosterBody): Promise<Poster>;
  /** Silent: a save refused because a teammate saved meanwhile (409) is offered 另存为 in place. */
  savePoster(id: number, body: SavePosterBody): Promise<Poster>;
  deletePoster(id: number): Promise<void>;
  management: GoodsManagementData;
}
