/**
 * The goods area's statistics (商品 › 商品统计): `GET /api/goods/statistics?from=&to=&team_id=`.
 * Dates are China calendar days, both ends included; the previous period is the same number of days
 * just before. Money is integer fen.
 */
import { Type, type Static } from '../schema';

/** Stock at or below this is low: the 库存预警 block and the stock cell colour it so (options.low). */
export const GOODS_LOW_STOCK = 10;
/** The longest period the statistics cover, in days (a leap year). */
export const GOODS_STATS_MAX_DAYS = 366;
/** Rows of the category and low-stock tables (and bars of the category chart). */
export const GOODS_STATS_TOP = 10;

export const GoodsStatisticsQuery = Type.Object(
  {
    /** YYYY-MM-DD, the first day (China time). Checked by the route, which names what is wrong. */
    from: Type.String({ maxLength: 32 }),
    /** YYYY-MM-DD, the last day, included. */
    to: Type.String({ maxLength: 32 }),
    /** Administrators only: one team's figures instead of every team's. */
    team_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
  },
  { additionalProperties: false },
);
export type GoodsStatisticsQuery = Static<typeof GoodsStatisticsQuery>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const Maybe = Type.Union([Type.Number(), Type.Null()]);
/**
 * A figure of the period beside the same figure of the previous one: `change` is the difference,
 * `ratio` it as a share of the previous figure (null from zero, or when either is unknown).
 */
const Compared = Type.Object({ current: Type.Number(), previous: Type.Number(), change: Type.Number(), ratio: Maybe });
/** An average, null when there was nothing to average. */
const ComparedAverage = Type.Object({ current: Maybe, previous: Maybe, change: Maybe, ratio: Maybe });
export type GoodsCompared = Static<typeof Compared>;
export type GoodsComparedAverage = Static<typeof ComparedAverage>;

export const GoodsStatistics = Type.Object({
  from: Day,
  to: Day,
  previous_from: Day,
  previous_to: Day,
  /** The team the figures are of, or null for every team the caller sees. */
  team_id: Type.Union([Type.Integer(), Type.Null()]),
  goods: Type.Object({
    total: Type.Integer(),
    on_sale: Type.Integer(),
    /** Σ stock × cost and Σ stock × price over every goods row. */
    stock_cost_fen: Type.Integer(),
    stock_price_fen: Type.Integer(),
    /** On-sale goods with stock at or below `low_stock_threshold`. */
    low_stock: Type.Integer(),
    low_stock_threshold: Type.Integer(),
    /** Goods listed (created) in each period. */
    added: Compared,
  }),
  comments: Type.Object({
    count: Compared,
    average_rating: ComparedAverage,
    /** Comments of the period per platform and star: `ratings[0]` counts one star, `ratings[4]` five. */
    by_platform: Type.Array(Type.Object({ platform: Type.String(), ratings: Type.Array(Type.Integer(), { minItems: 5, maxItems: 5 }) })),
  }),
  /** Successful trades; null when the caller may not read trades. */
  trades: Type.Union([
    Type.Null(),
    Type.Object({
      income_fen: Compared,
      expense_fen: Compared,
      net_fen: Compared,
      /** Every day of the period, oldest first, zero when nothing was traded. */
      days: Type.Array(Type.Object({ date: Day, income_fen: Type.Integer(), expense_fen: Type.Integer() })),
    }),
  ]),
  /** The categories with most goods (GOODS_STATS_TOP), '' being goods without one. */
  categories: Type.Array(
    Type.Object({ category: Type.String(), count: Type.Integer(), on_sale: Type.Integer(), stock_cost_fen: Type.Integer(), stock_price_fen: Type.Integer() }),
  ),
  /** The on-sale goods with least stock (GOODS_STATS_TOP), fewest first. */
  lowest_stock: Type.Array(
    Type.Object({ id: Type.Integer(), sku: Type.String(), name: Type.String(), category: Type.String(), stock: Type.Integer(), price_fen: Type.Integer() }),
  ),
});
export type GoodsStatistics = Static<typeof GoodsStatistics>;
