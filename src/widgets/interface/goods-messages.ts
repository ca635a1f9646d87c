/**
 * The strings of the goods area's widgets (src/widgets/goods/), by key. Their texts live in the
 * console's catalogues under `engineGoods` (src/shell/i18n/zh.ts and en.ts); every key starts with
 * `goods` so it never clashes with the engine's own groups (see engineMessagePath).
 */
export const GOODS_MESSAGE_KEYS = [
  // 商品统计
  'goodsStatsPeriod7',
  'goodsStatsPeriod30',
  'goodsStatsPeriodMonth',
  'goodsStatsPeriodCustom',
  'goodsStatsPeriodPick',
  'goodsStatsPeriodSpan',
  'goodsStatsTeam',
  'goodsStatsAllTeams',
  'goodsStatsOnSale',
  'goodsStatsOnSaleOf',
  'goodsStatsAdded',
  'goodsStatsStockCost',
  'goodsStatsStockPrice',
  'goodsStatsLowStock',
  'goodsStatsLowStockHint',
  'goodsStatsRating',
  'goodsStatsComments',
  'goodsStatsIncome',
  'goodsStatsExpense',
  'goodsStatsNet',
  'goodsStatsSuccessOnly',
  'goodsStatsVsPrevious',
  'goodsStatsFromZero',
  'goodsStatsUnchanged',
  'goodsStatsNoAverage',
  'goodsStatsTradesChart',
  'goodsStatsCategoryChart',
  'goodsStatsRatingChart',
  'goodsStatsStars',
  'goodsStatsGoodsCount',
  'goodsStatsCategoryTable',
  'goodsStatsCategory',
  'goodsStatsNoCategory',
  'goodsStatsLowestTable',
  'goodsStatsSku',
  'goodsStatsName',
  'goodsStatsStock',
  'goodsStatsPrice',
  'goodsStatsNoGoods',
  'goodsStatsNoTrades',
  'goodsStatsNoComments',
  'goodsStatsNoOnSale',
] as const;

export type GoodsMessageKey = (typeof GOODS_MESSAGE_KEYS)[number];
