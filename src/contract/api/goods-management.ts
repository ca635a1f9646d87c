/**
 * 商品管理 (商品 › 商品管理): a seller changes many of the team's goods at once. Routes under
 * `/api/goods/management/`: the team's categories with their counts (`overview`), its goods by
 * category and filter (`goods`), a batch's preview (`preview`: each goods before → after, with its
 * warnings) and its application (`apply`, refused whole when a previewed goods changed since), the
 * team's past batches (`batches`, `batches/:id`) and a batch's undo (`batches/:id/undo`).
 * Money is integer fen. An administrator names the team (`team_id`); anyone else works in their own,
 * whatever team they name.
 */
import { Type, type Static } from '../schema';

/** The most goods one batch changes: past it the seller narrows the selection. */
export const GOODS_BATCH_MAX = 1000;
/**
 * The longest id list a request may carry: well past the cap, so that a selection over it gets the
 * cap's own message (how many, and the most) rather than a schema error.
 */
const ID_LIST_MAX = GOODS_BATCH_MAX * 10;
/** The highest price a batch may set (a million yuan): beyond it a typo, not a price. */
export const GOODS_BATCH_MAX_PRICE_FEN = 100_000_000;
/** The highest stock a batch may set. */
export const GOODS_BATCH_MAX_STOCK = 10_000_000;
export const GOODS_STATUSES = ['on_sale', 'off_sale', 'draft'] as const;
export type GoodsStatus = (typeof GOODS_STATUSES)[number];
/** 低库存 is at or below GOODS_LOW_STOCK (goods.ts), 缺货 is none, 有货 is some. */
export const GOODS_STOCK_FILTERS = ['low', 'out', 'in'] as const;

const TeamId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const GoodsId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Status = Type.Union(GOODS_STATUSES.map((value) => Type.Literal(value)));
/** A category name: no spaces at either end, so that what is stored is what was asked for. */
const Category = Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$' });

/** Which goods of the team: every filter given must hold. `category` '' is the goods without one (未分类). */
export const GoodsFilter = Type.Object(
  {
    category: Type.Optional(Type.String({ maxLength: 64 })),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Status),
    stock: Type.Optional(Type.Union(GOODS_STOCK_FILTERS.map((value) => Type.Literal(value)))),
  },
  { additionalProperties: false },
);
export type GoodsFilter = Static<typeof GoodsFilter>;

/** Goods picked one by one, or every goods the filter matches but those left out. */
export const GoodsSelection = Type.Union([
  Type.Object({ ids: Type.Array(GoodsId, { minItems: 1, maxItems: ID_LIST_MAX }) }, { additionalProperties: false }),
  Type.Object({ filter: GoodsFilter, except: Type.Optional(Type.Array(GoodsId, { maxItems: ID_LIST_MAX })) }, { additionalProperties: false }),
]);
export type GoodsSelection = Static<typeof GoodsSelection>;

const Reason = Type.String({ minLength: 1, maxLength: 100 });

/**
 * What a batch does. 调价: set to an amount, add (or take off) an amount, or change by a percent,
 * rounded to the fen. 调库存: set, add or subtract, with a reason. 改类目 moves the selection;
 * 类目重命名 and 类目合并 move every goods of a category (`from`), to a new name or into another
 * category of the team.
 */
export const GoodsOperation = Type.Union([
  Type.Object({ kind: Type.Literal('on_sale') }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('off_sale') }, { additionalProperties: false }),
  Type.Object(
    { kind: Type.Literal('price'), mode: Type.Literal('set'), fen: Type.Integer({ minimum: 0, maximum: GOODS_BATCH_MAX_PRICE_FEN }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('price'), mode: Type.Literal('add'), fen: Type.Integer({ minimum: -GOODS_BATCH_MAX_PRICE_FEN, maximum: GOODS_BATCH_MAX_PRICE_FEN }) },
    { additionalProperties: false },
  ),
  // Hundredths of a percent count, finer is rounded (JSON Schema's multipleOf would refuse 0.07 over float error).
  Type.Object({ kind: Type.Literal('price'), mode: Type.Literal('percent'), percent: Type.Number({ minimum: -100, maximum: 1000 }) }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('stock'),
      mode: Type.Union([Type.Literal('set'), Type.Literal('add'), Type.Literal('subtract')]),
      quantity: Type.Integer({ minimum: 0, maximum: GOODS_BATCH_MAX_STOCK }),
      reason: Reason,
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('category'), category: Category }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('rename_category'), from: Category, to: Category }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('merge_category'), from: Category, to: Category }, { additionalProperties: false }),
]);
export type GoodsOperation = Static<typeof GoodsOperation>;
/** A batch's kind: its operation's, or an undo of another batch. */
export const GOODS_BATCH_KINDS = ['on_sale', 'off_sale', 'price', 'stock', 'category', 'rename_category', 'merge_category', 'undo'] as const;
export type GoodsBatchKind = (typeof GOODS_BATCH_KINDS)[number];
/** What each kind of batch is called, in the console's languages: on its button, in its history and in 系统日志. */
export const GOODS_BATCH_KIND_LABELS: Record<GoodsBatchKind, { zh: string; en: string }> = {
  on_sale: { zh: '上架', en: 'Put on sale' },
  off_sale: { zh: '下架', en: 'Take off sale' },
  price: { zh: '调价', en: 'Reprice' },
  stock: { zh: '调库存', en: 'Adjust stock' },
  category: { zh: '改类目', en: 'Change category' },
  rename_category: { zh: '类目重命名', en: 'Rename category' },
  merge_category: { zh: '类目合并', en: 'Merge categories' },
  undo: { zh: '撤销', en: 'Undo' },
};

export const GoodsManagementTeamQuery = Type.Object({ team_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })) }, { additionalProperties: false });
export type GoodsManagementTeamQuery = Static<typeof GoodsManagementTeamQuery>;

const StatusCounts = { total: Type.Integer(), on_sale: Type.Integer(), off_sale: Type.Integer(), draft: Type.Integer() };

export const GoodsManagementOverview = Type.Object({
  /** The team worked in; null while an administrator has not picked one. */
  team_id: Type.Union([Type.Integer(), Type.Null()]),
  team_name: Type.Union([Type.String(), Type.Null()]),
  /** The teams an administrator may pick from; empty for anyone else. */
  teams: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Whether the caller may apply batches (goods update); a reader only looks. */
  can_apply: Type.Boolean(),
  ...StatusCounts,
  /** The team's categories, most goods first; '' is the goods without one. */
  categories: Type.Array(Type.Object({ category: Type.String(), ...StatusCounts })),
});
export type GoodsManagementOverview = Static<typeof GoodsManagementOverview>;

export const GoodsManagementListBody = Type.Object(
  {
    team_id: Type.Optional(TeamId),
    filter: GoodsFilter,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type GoodsManagementListBody = Static<typeof GoodsManagementListBody>;

export const ManagedGoods = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  spec: Type.String(),
  image: Type.String(),
  price_fen: Type.Integer(),
  cost_fen: Type.Union([Type.Integer(), Type.Null()]),
  stock: Type.Integer(),
  status: Type.String(),
  version: Type.Integer(),
});
export type ManagedGoods = Static<typeof ManagedGoods>;

export const GoodsManagementList = Type.Object({ total: Type.Integer(), rows: Type.Array(ManagedGoods) });
export type GoodsManagementList = Static<typeof GoodsManagementList>;

export const GoodsPreviewBody = Type.Object(
  {
    team_id: Type.Optional(TeamId),
    /** The goods to change; 类目重命名 and 类目合并 take every goods of their category instead. */
    selection: Type.Optional(GoodsSelection),
    operation: GoodsOperation,
  },
  { additionalProperties: false },
);
export type GoodsPreviewBody = Static<typeof GoodsPreviewBody>;

/** The fields a batch changes, as they were or will be. */
const Values = Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer(), Type.Null()]));
export type GoodsBatchValues = Static<typeof Values>;

/**
 * What a preview says of a goods: `below_cost` (the new price is under the cost) only warns;
 * `price_negative`, `price_too_high`, `stock_negative` and `stock_too_high` refuse the batch;
 * `unchanged` goods are left as they are.
 */
export const GOODS_PREVIEW_WARNINGS = ['below_cost', 'price_negative', 'price_too_high', 'stock_negative', 'stock_too_high', 'unchanged'] as const;
export type GoodsPreviewWarning = (typeof GOODS_PREVIEW_WARNINGS)[number];
export const GOODS_BLOCKING_WARNINGS: readonly GoodsPreviewWarning[] = ['price_negative', 'price_too_high', 'stock_negative', 'stock_too_high'];

export const GoodsPreviewRow = Type.Object({
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  cost_fen: Type.Union([Type.Integer(), Type.Null()]),
  before: Values,
  after: Values,
  warnings: Type.Array(Type.Union(GOODS_PREVIEW_WARNINGS.map((value) => Type.Literal(value)))),
});
export type GoodsPreviewRow = Static<typeof GoodsPreviewRow>;

export const GoodsPreview = Type.Object({
  /** Goods selected, goods whose values change, and goods that refuse the batch. */
  count: Type.Integer(),
  changed: Type.Integer(),
  blocked: Type.Integer(),
  below_cost: Type.Integer(),
  rows: Type.Array(GoodsPreviewRow),
});
export type GoodsPreview = Static<typeof GoodsPreview>;

export const GoodsApplyBody = Type.Object(
  {
    team_id: Type.Optional(TeamId),
    operation: GoodsOperation,
    /** The goods as previewed, each with the version it had then: one changed since refuses the batch. */
    goods: Type.Array(Type.Object({ id: GoodsId, version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: ID_LIST_MAX,
    }),
    /** What the seller calls the batch (双十一调价). */
    note: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);
export type GoodsApplyBody = Static<typeof GoodsApplyBody>;

export const GoodsBatch = Type.Object({
  id: Type.Integer(),
  batch_no: Type.String(),
  kind: Type.Union(GOODS_BATCH_KINDS.map((value) => Type.Literal(value))),
  /** The operation applied; an undo's names the batch it undid ({ of: batch_no }). */
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  note: Type.String(),
  goods_count: Type.Integer(),
  user_name: Type.String(),
  created_at: Type.Integer(),
  /** When it was undone, and by whom; null while it stands. */
  undone_at: Type.Union([Type.Integer(), Type.Null()]),
  undone_by: Type.Union([Type.String(), Type.Null()]),
});
export type GoodsBatch = Static<typeof GoodsBatch>;

export const GoodsBatchQuery = Type.Object(
  {
    team_id: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  },
  { additionalProperties: false },
);
export type GoodsBatchQuery = Static<typeof GoodsBatchQuery>;
/** Batches per page of 操作记录. */
export const GOODS_BATCH_PAGE = 20;

export const GoodsBatchPage = Type.Object({ total: Type.Integer(), rows: Type.Array(GoodsBatch) });
export type GoodsBatchPage = Static<typeof GoodsBatchPage>;

export const GoodsBatchParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });

export const GoodsBatchDetail = Type.Object({
  batch: GoodsBatch,
  items: Type.Array(Type.Object({ goods_id: Type.Union([Type.Integer(), Type.Null()]), sku: Type.String(), name: Type.String(), before: Values, after: Values })),
});
export type GoodsBatchDetail = Static<typeof GoodsBatchDetail>;
