/**
 * The goods area's calls beside the resource API, as the data provider offers them to widgets:
 * 商品统计's figures, 收银台's sales and 海报设计's posters. The engine implements them (src/engine/data-provider.ts), the one place that
 * knows their URLs.
 */
import type { GoodsStatistics, GoodsStatisticsQuery } from '../../contract/api/goods';
import type { CashierCheckoutBody, CashierReceipt, CashierToday } from '../../contract/api/cashier';
import type { NewPosterBody, Poster, PosterList, PosterListQuery, SavePosterBody } from '../../contract/api/posters';

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
}
