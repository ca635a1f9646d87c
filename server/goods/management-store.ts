/**
 * The SQL of 商品管理: a team's categories counted by status, its goods by filter (a page of them,
 * or every one a batch takes), and the batches' own tables (migration 0028). Goods are never
 * written here: a batch writes them through the resource layer (management-apply.ts).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/dialect';
import { GOODS_LOW_STOCK } from '../../src/contract/api/goods';
import { GOODS_BATCH_PAGE, type GoodsBatch, type GoodsBatchDetail, type GoodsBatchValues, type GoodsFilter, type GoodsManagementOverview, type ManagedGoods } from '../../src/contract/api/goods-management';
import { contains } from '../resources/list-query';
import type { BatchGoods } from './management-rules';

type Db = Kysely<Database>;
/** PostgreSQL answers counts and bigints as strings: read them as numbers. */
const num = (value: unknown) => Number(value ?? 0);

/** The conditions of a filter over the team's goods. */
function conditions(team: number, filter: GoodsFilter, dialect: DialectName): RawBuilder<SqlBool> {
  const where = [sql<SqlBool>`${sql.ref('team_id')} = ${team}`];
  if (filter.category !== undefined) {
    const category = filter.category.trim();
    where.push(category === '' ? sql<SqlBool>`(${sql.ref('category')} is null or ${sql.ref('category')} = '')` : sql<SqlBool>`${sql.ref('category')} = ${category}`);
  }
  const keyword = filter.keyword?.trim();
  if (keyword) where.push(sql<SqlBool>`(${contains('sku', keyword, dialect)} or ${contains('name', keyword, dialect)} or ${contains('brand', keyword, dialect)})`);
  if (filter.status) where.push(sql<SqlBool>`${sql.ref('status')} = ${filter.status}`);
  if (filter.stock === 'low') where.push(sql<SqlBool>`${sql.ref('stock')} <= ${GOODS_LOW_STOCK}`);
  if (filter.stock === 'out') where.push(sql<SqlBool>`${sql.ref('stock')} <= 0`);
  if (filter.stock === 'in') where.push(sql<SqlBool>`${sql.ref('stock')} > 0`);
  return sql<SqlBool>`${sql.join(where, sql` and `)}`;
}

const countsBy = (status: string) => sql<number>`sum(case when ${sql.ref('status')} = ${status} then 1 else 0 end)`;

/** The team's goods counted by status, per category (most goods first, then by name) and in all. */
export async function categoryCounts(db: Db, team: number): Promise<Pick<GoodsManagementOverview, 'total' | 'on_sale' | 'off_sale' | 'draft' | 'categories'>> {
  const rows = await db
    .selectFrom('goods')
    .select([
      sql<string>`coalesce(${sql.ref('category')}, '')`.as('category'),
      sql<number>`count(*)`.as('total'),
      countsBy('on_sale').as('on_sale'),
      countsBy('off_sale').as('off_sale'),
      countsBy('draft').as('draft'),
    ])
    .where('team_id', '=', team)
    .groupBy(sql`coalesce(${sql.ref('category')}, '')`)
    .execute();
  const categories = rows
    .map((row) => ({ category: row.category, total: num(row.total), on_sale: num(row.on_sale), off_sale: num(row.off_sale), draft: num(row.draft) }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category, 'zh-CN'));
  const sum = (key: 'total' | 'on_sale' | 'off_sale' | 'draft') => categories.reduce((all, row) => all + row[key], 0);
  return { total: sum('total'), on_sale: sum('on_sale'), off_sale: sum('off_sale'), draft: sum('draft'), categories };
}

const GOODS_COLUMNS = ['id', 'sku', 'name', 'category', 'brand', 'spec', 'image', 'price_fen', 'cost_fen', 'stock', 'status', 'version'] as const;

const asManaged = (row: Record<(typeof GOODS_COLUMNS)[number], unknown>): ManagedGoods => ({
  id: num(row.id),
  sku: String(row.sku ?? ''),
  name: String(row.name ?? ''),
  category: String(row.category ?? ''),
  brand: String(row.brand ?? ''),
  spec: String(row.spec ?? ''),
  image: String(row.image ?? ''),
  price_fen: num(row.price_fen),
  cost_fen: row.cost_fen === null || row.cost_fen === undefined ? null : num(row.cost_fen),
  stock: num(row.stock),
  status: String(row.status),
  version: num(row.version),
});

/** A page of the team's goods the filter matches, newest first, and how many match in all. */
export async function goodsPage(db: Db, dialect: DialectName, team: number, filter: GoodsFilter, page: number, size: number): Promise<{ total: number; rows: ManagedGoods[] }> {
  const where = conditions(team, filter, dialect);
  const [count, rows] = await Promise.all([
    db.selectFrom('goods').select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirstOrThrow(),
    db
      .selectFrom('goods')
      .select([...GOODS_COLUMNS])
      .where(where)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return { total: num(count.n), rows: rows.map(asManaged) };
}

/** How many goods the filter matches, those left out aside. */
export async function countMatching(db: Db, dialect: DialectName, team: number, filter: GoodsFilter, except: number[]): Promise<number> {
  let query = db.selectFrom('goods').select(sql<number>`count(*)`.as('n')).where(conditions(team, filter, dialect));
  if (except.length > 0) query = query.where('id', 'not in', except);
  return num((await query.executeTakeFirstOrThrow()).n);
}

/** The team's goods a batch takes, by id (in id order): listed ones, or those a filter matches less those left out. */
export async function batchGoods(db: Db, dialect: DialectName, team: number, pick: { ids: number[] } | { filter: GoodsFilter; except: number[] }): Promise<BatchGoods[]> {
  let query = db.selectFrom('goods').select([...GOODS_COLUMNS]);
  if ('ids' in pick) query = query.where('team_id', '=', team).where('id', 'in', pick.ids);
  else {
    query = query.where(conditions(team, pick.filter, dialect));
    if (pick.except.length > 0) query = query.where('id', 'not in', pick.except);
  }
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => {
    const goods = asManaged(row);
    return { ...goods, category: goods.category === '' ? null : goods.category };
  });
}

/** The team's category names (the goods without one aside). */
export async function categoryNames(db: Db, team: number): Promise<string[]> {
  const rows = await db.selectFrom('goods').select('category').distinct().where('team_id', '=', team).where('category', 'is not', null).where('category', '<>', '').execute();
  return rows.map((row) => row.category);
}

export interface NewBatch {
  team_id: number;
  batch_no: string;
  kind: string;
  params: Record<string, string | number>;
  note: string;
  user_id: number;
  user_name: string;
  undo_of: number | null;
  created_at: number;
}

export interface BatchItem {
  goods_id: number;
  sku: string;
  name: string;
  before: GoodsBatchValues;
  after: GoodsBatchValues;
  version_after: number;
}

/** Items per INSERT: a 1000-goods batch stays far below PostgreSQL's bind-parameter limit. */
const ITEMS_PER_INSERT = 200;

export async function insertBatch(trx: Db, batch: NewBatch, items: BatchItem[]): Promise<number> {
  const { id } = await trx
    .insertInto('goods_batches')
    .values({ ...batch, params: JSON.stringify(batch.params), goods_count: items.length, user_name: batch.user_name.slice(0, 64) })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < items.length; start += ITEMS_PER_INSERT) {
    await trx
      .insertInto('goods_batch_items')
      .values(
        items.slice(start, start + ITEMS_PER_INSERT).map((item) => ({
          batch_id: id,
          goods_id: item.goods_id,
          sku: item.sku,
          name: item.name.slice(0, 200),
          before_values: JSON.stringify(item.before),
          after_values: JSON.stringify(item.after),
          version_after: item.version_after,
        })),
      )
      .execute();
  }
  return id;
}

const BATCH_COLUMNS = ['id', 'batch_no', 'kind', 'params', 'note', 'goods_count', 'user_name', 'created_at', 'undone_at', 'undone_by', 'team_id', 'undo_of'] as const;

function asBatch(row: { id: number; batch_no: string; kind: string; params: string; note: string; goods_count: unknown; user_name: string; created_at: unknown; undone_at: unknown; undone_by: string | null }): GoodsBatch {
  return {
    id: row.id,
    batch_no: row.batch_no,
    kind: row.kind as GoodsBatch['kind'],
    params: JSON.parse(row.params) as GoodsBatch['params'],
    note: row.note,
    goods_count: num(row.goods_count),
    user_name: row.user_name,
    created_at: num(row.created_at),
    undone_at: row.undone_at === null ? null : num(row.undone_at),
    undone_by: row.undone_by,
  };
}

/** A page of the team's batches, newest first. */
export async function batchPage(db: Db, team: number, page: number): Promise<{ total: number; rows: GoodsBatch[] }> {
  const [count, rows] = await Promise.all([
    db.selectFrom('goods_batches').select(sql<number>`count(*)`.as('n')).where('team_id', '=', team).executeTakeFirstOrThrow(),
    db
      .selectFrom('goods_batches')
      .select([...BATCH_COLUMNS])
      .where('team_id', '=', team)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(GOODS_BATCH_PAGE)
      .offset((page - 1) * GOODS_BATCH_PAGE)
      .execute(),
  ]);
  return { total: num(count.n), rows: rows.map(asBatch) };
}

/** A batch of the team (`team` null: of any team), with the team and the batch an undo undid. */
export async function readBatch(db: Db, id: number, team: number | null): Promise<(GoodsBatch & { team_id: number; undo_of: number | null }) | null> {
  let query = db.selectFrom('goods_batches').select([...BATCH_COLUMNS]).where('id', '=', id);
  if (team !== null) query = query.where('team_id', '=', team);
  const row = await query.executeTakeFirst();
  return row ? { ...asBatch(row), team_id: row.team_id, undo_of: row.undo_of } : null;
}

export async function readItems(db: Db, batch: number): Promise<Array<GoodsBatchDetail['items'][number] & { version_after: number }>> {
  const rows = await db.selectFrom('goods_batch_items').select(['goods_id', 'sku', 'name', 'before_values', 'after_values', 'version_after']).where('batch_id', '=', batch).orderBy('id').execute();
  return rows.map((row) => ({
    goods_id: row.goods_id,
    sku: row.sku,
    name: row.name,
    before: JSON.parse(row.before_values) as GoodsBatchValues,
    after: JSON.parse(row.after_values) as GoodsBatchValues,
    version_after: num(row.version_after),
  }));
}

/** Marks a batch undone, unless it already is: answers whether this call did it. */
export async function markUndone(trx: Db, id: number, at: number, by: string): Promise<boolean> {
  const result = await trx.updateTable('goods_batches').set({ undone_at: at, undone_by: by.slice(0, 64) }).where('id', '=', id).where('undone_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
