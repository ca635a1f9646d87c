/**
 * The SQL of 商品统计: every figure is summed, counted or grouped by the database (SQLite or
 * PostgreSQL alike), a handful of rows coming back whatever the number of goods, comments and trades.
 * `team` null means every team.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { GOODS_LOW_STOCK, GOODS_STATS_TOP } from '../../src/contract/api/goods';
import { CST_MS, type Period } from './statistics-rules';

type Db = Kysely<Database>;
type Window = Pick<Period, 'startMs' | 'endMs'>;

const DAY_MS = 86_400_000;
/** PostgreSQL answers SUM over bigints as numeric (a string), COUNT as bigint: read both as numbers. */
const num = (value: unknown) => Number(value ?? 0);

/** 1 for a row of the window, else 0: summed, it counts the window's rows. */
const within = (column: string, window: Window) =>
  sql<number>`case when ${sql.ref(column)} >= ${window.startMs} and ${sql.ref(column)} < ${window.endMs} then 1 else 0 end`;

/** stock × a price per row, as a bigint so that PostgreSQL's integer product cannot overflow. */
const stockTimes = (column: 'cost_fen' | 'price_fen') => sql<number>`sum(cast(${sql.ref('stock')} as bigint) * ${sql.ref(column)})`;

const teamIs = (team: number | null) => (team === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref('team_id')} = ${team}`);

export async function goodsFigures(db: Db, team: number | null, period: Window, previous: Window) {
  const row = await db
    .selectFrom('goods')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when ${sql.ref('status')} = 'on_sale' then 1 else 0 end)`.as('on_sale'),
      stockTimes('cost_fen').as('stock_cost_fen'),
      stockTimes('price_fen').as('stock_price_fen'),
      sql<number>`sum(case when ${sql.ref('status')} = 'on_sale' and ${sql.ref('stock')} <= ${GOODS_LOW_STOCK} then 1 else 0 end)`.as('low_stock'),
      sql<number>`sum(${within('created_at', period)})`.as('added'),
      sql<number>`sum(${within('created_at', previous)})`.as('added_before'),
    ])
    .where(teamIs(team))
    .executeTakeFirstOrThrow();
  return {
    total: num(row.total),
    on_sale: num(row.on_sale),
    stock_cost_fen: num(row.stock_cost_fen),
    stock_price_fen: num(row.stock_price_fen),
    low_stock: num(row.low_stock),
    added: [num(row.added), num(row.added_before)] as const,
  };
}

/** Comments of both periods: how many, and their stars summed (the average is the route's division). */
export async function commentFigures(db: Db, team: number | null, period: Window, previous: Window) {
  const row = await db
    .selectFrom('goods_comments')
    .select([
      sql<number>`sum(${within('created_at', period)})`.as('count'),
      sql<number>`sum(${within('created_at', period)} * ${sql.ref('rating')})`.as('stars'),
      sql<number>`sum(${within('created_at', previous)})`.as('count_before'),
      sql<number>`sum(${within('created_at', previous)} * ${sql.ref('rating')})`.as('stars_before'),
    ])
    .where(teamIs(team))
    .where('created_at', '>=', previous.startMs)
    .where('created_at', '<', period.endMs)
    .executeTakeFirstOrThrow();
  return { count: [num(row.count), num(row.count_before)] as const, stars: [num(row.stars), num(row.stars_before)] as const };
}

/** The period's comments per platform and star. */
export async function ratingCounts(db: Db, team: number | null, period: Window) {
  const rows = await db
    .selectFrom('goods_comments')
    .select(['platform', 'rating', sql<number>`count(*)`.as('count')])
    .where(teamIs(team))
    .where('created_at', '>=', period.startMs)
    .where('created_at', '<', period.endMs)
    .groupBy(['platform', 'rating'])
    .execute();
  return rows.map((row) => ({ platform: row.platform, rating: num(row.rating), count: num(row.count) }));
}

/** Successful trades of a team (or all) from one time to another. */
const successful = (db: Db, team: number | null, from: number, to: number) =>
  db.selectFrom('trades').where(teamIs(team)).where('status', '=', 'success').where('traded_at', '>=', from).where('traded_at', '<', to);

const signed = (direction: 'in' | 'out', window: Window) => sql<number>`sum(case when ${sql.ref('direction')} = ${direction} then ${within('traded_at', window)} * ${sql.ref('amount_fen')} else 0 end)`;

/** Successful trades' income and expense in both periods. */
export async function tradeTotals(db: Db, team: number | null, period: Window, previous: Window) {
  const row = await successful(db, team, previous.startMs, period.endMs)
    .select([signed('in', period).as('income'), signed('out', period).as('expense'), signed('in', previous).as('income_before'), signed('out', previous).as('expense_before')])
    .executeTakeFirstOrThrow();
  return { income: [num(row.income), num(row.income_before)] as const, expense: [num(row.expense), num(row.expense_before)] as const };
}

/** Successful trades' income and expense per China day of the period, by the day's number (days since 1970-01-01). */
export async function tradeDays(db: Db, team: number | null, period: Window) {
  // Integer division in both dialects: the columns are integers. Literals, not parameters, so that
  // PostgreSQL sees the grouped expression and the selected one as the same.
  const day = sql<number>`(${sql.ref('traded_at')} + ${sql.lit(CST_MS)}) / ${sql.lit(DAY_MS)}`;
  const rows = await successful(db, team, period.startMs, period.endMs)
    .select([
      day.as('day'),
      sql<number>`sum(case when ${sql.ref('direction')} = 'in' then ${sql.ref('amount_fen')} else 0 end)`.as('income'),
      sql<number>`sum(case when ${sql.ref('direction')} = 'out' then ${sql.ref('amount_fen')} else 0 end)`.as('expense'),
    ])
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [num(row.day), { income_fen: num(row.income), expense_fen: num(row.expense) }]));
}

/** The categories with most goods, with how many are on sale and their stock's worth. */
export async function topCategories(db: Db, team: number | null) {
  const rows = await db
    .selectFrom('goods')
    .select([
      'category',
      sql<number>`count(*)`.as('count'),
      sql<number>`sum(case when ${sql.ref('status')} = 'on_sale' then 1 else 0 end)`.as('on_sale'),
      stockTimes('cost_fen').as('stock_cost_fen'),
      stockTimes('price_fen').as('stock_price_fen'),
    ])
    .where(teamIs(team))
    .groupBy('category')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('category')
    .limit(GOODS_STATS_TOP)
    .execute();
  return rows.map((row) => ({ category: row.category, count: num(row.count), on_sale: num(row.on_sale), stock_cost_fen: num(row.stock_cost_fen), stock_price_fen: num(row.stock_price_fen) }));
}

/** The on-sale goods with least stock, fewest first. */
export async function lowestStock(db: Db, team: number | null) {
  const rows = await db
    .selectFrom('goods')
    .select(['id', 'sku', 'name', 'category', 'stock', 'price_fen'])
    .where(teamIs(team))
    .where('status', '=', 'on_sale')
    .orderBy('stock')
    .orderBy('id')
    .limit(GOODS_STATS_TOP)
    .execute();
  return rows.map((row) => ({ id: num(row.id), sku: row.sku, name: row.name, category: row.category, stock: num(row.stock), price_fen: num(row.price_fen) }));
}
