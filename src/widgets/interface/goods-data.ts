/**
 * The goods area's calls beside the resource API, as the data provider offers them to widgets:
 * 商品统计's figures and 收银台's sales. The engine implements them (src/engine/data-provider.ts), the one place that
 * knows their URLs.
 */
import type { GoodsStatistics, GoodsStatisticsQuery } from '../../contract/api/goods';
import type { CashierCheckoutBody, CashierReceipt, CashierToday } from '../../contract/api/cashier';

export interface GoodsData {
  statistics(query: GoodsStatisticsQuery): Promise<GoodsStatistics>;
  /** Sells a cart; a refusal is told to the user by the console (its Chinese message). */
  checkout(body: CashierCheckoutBody): Promise<CashierReceipt>;
  cashierToday(): Promise<CashierToday>;
  cashierSale(id: number): Promise<CashierReceipt>;
}
