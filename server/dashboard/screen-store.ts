/**
 * The SQL 数据大屏 adds to 首页's (store.ts): sales per day and the goods that sold most, the
 * quoting teams ranked by quotes accepted, store bills per platform, who is online, and the newest
 * business events. Quoting rows are read under quoting's visibility, store rows by their team.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { ScopedCaller } from '../resources/visibility';
import { priceAsks, priceQuotes } from '../quoting/resources';
import type { DashboardScreenEvent, DashboardScreenGoods, DashboardScreenRank } from '../../src/contract/api/dashboard';
import { dayOf, toMap, visible } from './store';

const QUOTING = 2;
const teamIs = (column: string, team: number | null) => (team === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(column)} = ${team}`);
/** A refunded order sold nothing. */
const SOLD = ['pending', 'shipped', 'signed'] as const;

/** Store orders paid per China-time day from `since` on: pieces and amount. */
export async function salesPerDay(db: Kysely<Database>, team: number | null, since: number): Promise<{ quantity: Map<number, number>; amount: Map<number, number> }> {
  const rows = await db
    .selectFrom('store_orders')
    .select([dayOf('paid_at').as('day'), sql<number>`sum(${sql.ref('quantity')})`.as('n'), sql<number>`sum(${sql.ref('amount_fen')})`.as('amount')])
    .where(teamIs('team_id', team))
    .where('paid_at', '>=', since)
    .where('status', 'in', SOLD)
    .groupBy(dayOf('paid_at'))
    .execute();
  return { quantity: toMap(rows), amount: toMap(rows.map((row) => ({ day: row.day, n: row.amount }))) };
}

/** The goods that brought in most from `since` on. */
export async function topGoods(db: Kysely<Database>, team: number | null, since: number, limit: number): Promise<DashboardScreenGoods[]> {
  const rows = await db
    .selectFrom('store_orders')
    .select(['goods_name', sql<number>`sum(${sql.ref('quantity')})`.as('quantity'), sql<number>`sum(${sql.ref('amount_fen')})`.as('amount')])
    .where(teamIs('team_id', team))
    .where('paid_at', '>=', since)
    .where('status', 'in', SOLD)
    .groupBy('goods_name')
    .orderBy(sql`sum(${sql.ref('amount_fen')})`, 'desc')
    .orderBy('goods_name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ goods_name: row.goods_name, quantity: Number(row.quantity), amount_fen: Number(row.amount) }));
}

/**
 * The quotes the scope may read given from `since` on, per quoting team, with how many were
 * accepted; a quoting team's own screen ranks its quoters instead (no quoter: the automatic rules).
 */
export async function acceptedRanking(db: Kysely<Database>, scope: ScopedCaller, since: number, limit: number): Promise<DashboardScreenRank[]> {
  const byQuoter = scope.scope !== null && scope.teamType === QUOTING;
  const name = byQuoter
    ? sql<string | null>`(select ${sql.ref('users.name')} from ${sql.table('users')} where ${sql.ref('users.id')} = ${sql.ref('price_quotes.quoted_by')})`
    : sql<string | null>`(select ${sql.ref('teams.name')} from ${sql.table('teams')} where ${sql.ref('teams.id')} = ${sql.ref('price_quotes.team_id')})`;
  const key = byQuoter ? sql.ref('price_quotes.quoted_by') : sql.ref('price_quotes.team_id');
  const accepted = sql<number>`sum(case when ${sql.ref('status')} = 'accepted' then 1 else 0 end)`;
  const rows = await db
    .selectFrom('price_quotes')
    .select([key.as('who'), name.as('name'), accepted.as('accepted'), sql<number>`count(*)`.as('quoted')])
    .where('created_at', '>=', since)
    .where(visible(priceQuotes, scope))
    .groupBy([key, name])
    .orderBy(accepted, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.name, accepted: Number(row.accepted), quoted: Number(row.quoted) }));
}

/** Store bills' settled amounts per platform for the months from `month` ('YYYY-MM') on. */
export async function billsPerPlatform(db: Kysely<Database>, team: number | null, month: string): Promise<Array<{ platform: string; amount_fen: number }>> {
  const rows = await db
    .selectFrom('store_bills')
    .select(['platform', sql<number>`sum(${sql.ref('settle_fen')})`.as('amount')])
    .where(teamIs('team_id', team))
    .where('period', '>=', month)
    .groupBy('platform')
    .execute();
  return rows.map((row) => ({ platform: row.platform, amount_fen: Number(row.amount ?? 0) }));
}

/** The active people of a team (null: every team), robots left out: whose presence counts as 在线. */
export async function peopleOf(db: Kysely<Database>, team: number | null): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where(teamIs('team_id', team)).where('status', '=', 1).where('is_robot', '=', 0).execute();
  return rows.map((row) => Number(row.id));
}

const teamName = (table: string) => sql<string>`(select ${sql.ref('teams.name')} from ${sql.table('teams')} where ${sql.ref('teams.id')} = ${sql.ref(`${table}.team_id`)})`;
const askOfQuote = (column: string) => sql<string>`(select ${sql.ref(`price_asks.${column}`)} from ${sql.table('price_asks')} where ${sql.ref('price_asks.id')} = ${sql.ref('price_quotes.ask_id')})`;

/**
 * The newest events the scope may read: asks made, quotes given, quotes accepted, and (readers of
 * orders) platform files imported; `limit` of each, merged newest first and cut to `limit`.
 */
export async function latestEvents(db: Kysely<Database>, scope: ScopedCaller, readsOrders: boolean, limit: number): Promise<DashboardScreenEvent[]> {
  const quotes = (status: 'accepted' | null) => {
    let query = db
      .selectFrom('price_quotes')
      .select(['quote_no', 'created_at', 'updated_at', askOfQuote('goods_name').as('goods_name'), teamName('price_quotes').as('team_name')])
      .where(visible(priceQuotes, scope, 'rows'));
    if (status) query = query.where('status', '=', status);
    return query.orderBy(status ? 'updated_at' : 'created_at', 'desc').limit(limit).execute();
  };
  const [asks, given, accepted, imports] = await Promise.all([
    db
      .selectFrom('price_asks')
      .select(['ask_no', 'goods_name', 'created_at', teamName('price_asks').as('team_name')])
      .where(visible(priceAsks, scope, 'rows'))
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    quotes(null),
    quotes('accepted'),
    readsOrders
      ? db
          .selectFrom('recon_import_jobs')
          .select(['file_name', 'shop_name', 'finished_at', teamName('recon_import_jobs').as('team_name')])
          .where(teamIs('team_id', scope.scope))
          .where('preview', '=', 0)
          .where('state', '=', 'done')
          .orderBy('finished_at', 'desc')
          .limit(limit)
          .execute()
      : [],
  ]);
  const events: DashboardScreenEvent[] = [
    ...asks.map((row) => ({ kind: 'ask' as const, at: Number(row.created_at), no: row.ask_no, title: row.goods_name, team_name: row.team_name ?? '' })),
    ...given.map((row) => ({ kind: 'quote' as const, at: Number(row.created_at), no: row.quote_no, title: row.goods_name ?? '', team_name: row.team_name ?? '' })),
    ...accepted.map((row) => ({ kind: 'accepted' as const, at: Number(row.updated_at), no: row.quote_no, title: row.goods_name ?? '', team_name: row.team_name ?? '' })),
    ...imports.map((row) => ({ kind: 'import' as const, at: Number(row.finished_at ?? 0), no: row.file_name, title: row.shop_name, team_name: row.team_name ?? '' })),
  ];
  return events.sort((a, b) => b.at - a.at).slice(0, limit);
}
