/**
 * The dashboard's SQL, for SQLite and PostgreSQL alike. Asks and quotes are read under quoting's own
 * visibility rules (the condition every list of them applies), so a figure counts exactly the rows
 * the caller's lists show; reconciliation is the team's own, as its routes have it.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { ScopedCaller } from '../resources/visibility';
import type { ResourceStore } from '../resources/store';
import { priceAsks, priceQuotes } from '../quoting/resources';
import { isDifference, type Outcome } from '../reconciliation/match';
import type { DashboardRecon, DashboardWaitingAsk } from '../../src/contract/api/dashboard';
import { DAY_MS } from './rules';

type Condition = RawBuilder<SqlBool>;
const TRUE = sql<SqlBool>`1 = 1`;
const CST_MS = 8 * 3600_000;

/** The rows of a quoting resource the scope may read (administrators of all teams: every row). */
export const visible = (store: ResourceStore, scope: ScopedCaller, purpose: 'rows' | 'count' = 'count'): Condition => store.visibility?.(scope, purpose) ?? TRUE;

/** The China-time day number of a time column, computed by the database (integer division on both dialects). */
export const dayOf = (column: string) => sql<number>`(${sql.ref(column)} + ${sql.lit(CST_MS)}) / ${sql.lit(DAY_MS)}`;

export const toMap = (rows: Array<{ day: number | string; n: number | string }>) => new Map(rows.map((row) => [Number(row.day), Number(row.n)]));

/** The scope a caller reads: their own team, or for an administrator every team (null) or the team they picked. */
export async function scopeOf(db: Kysely<Database>, caller: { scope: number | null; teamType: number }, picked: number | null): Promise<ScopedCaller | null> {
  if (caller.scope !== null || picked === null) return { scope: caller.scope, teamType: caller.teamType };
  const team = await db.selectFrom('teams').select(['id', 'type']).where('id', '=', picked).executeTakeFirst();
  return team ? { scope: team.id, teamType: Number(team.type) } : null;
}

export async function allTeams(db: Kysely<Database>): Promise<Array<{ id: number; name: string }>> {
  return (await db.selectFrom('teams').select(['id', 'name']).orderBy('id').execute()).map((team) => ({ id: Number(team.id), name: team.name }));
}

/** Asks created per China-time day from `since` on. */
export async function asksPerDay(db: Kysely<Database>, scope: ScopedCaller, since: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('price_asks')
    .select([dayOf('created_at').as('day'), sql<number>`count(*)`.as('n')])
    .where('created_at', '>=', since)
    .where(visible(priceAsks, scope))
    .groupBy(dayOf('created_at'))
    .execute();
  return toMap(rows);
}

/** Quotes given per China-time day from `since` on, all and those accepted. */
export async function quotesPerDay(db: Kysely<Database>, scope: ScopedCaller, since: number): Promise<{ all: Map<number, number>; accepted: Map<number, number> }> {
  const rows = await db
    .selectFrom('price_quotes')
    .select([dayOf('created_at').as('day'), sql<number>`count(*)`.as('n'), sql<number>`sum(case when ${sql.ref('status')} = 'accepted' then 1 else 0 end)`.as('accepted')])
    .where('created_at', '>=', since)
    .where(visible(priceQuotes, scope))
    .groupBy(dayOf('created_at'))
    .execute();
  return { all: toMap(rows), accepted: toMap(rows.map((row) => ({ day: row.day, n: row.accepted }))) };
}

/**
 * The asks created from `since` on that a quote the scope may read has reached, with the time of the
 * first one. Unaliased tables: the visibility conditions name them.
 */
export async function firstQuotes(db: Kysely<Database>, scope: ScopedCaller, since: number): Promise<Array<{ created_at: number; first_quote_at: number }>> {
  const firstQuote = sql<number | null>`(select min(${sql.ref('price_quotes.created_at')}) from ${sql.table('price_quotes')} where ${sql.ref('price_quotes.ask_id')} = ${sql.ref('price_asks.id')} and ${visible(priceQuotes, scope, 'rows')})`;
  const rows = await db
    .selectFrom('price_asks')
    .select(['created_at', firstQuote.as('first_quote_at')])
    .where('created_at', '>=', since)
    .where(visible(priceAsks, scope))
    .execute();
  return rows.filter((row) => row.first_quote_at !== null).map((row) => ({ created_at: Number(row.created_at), first_quote_at: Number(row.first_quote_at) }));
}

/** The newest asks still waiting for their first quote. */
export async function waitingAsks(db: Kysely<Database>, scope: ScopedCaller, limit: number): Promise<DashboardWaitingAsk[]> {
  const rows = await db
    .selectFrom('price_asks')
    .select(['id', 'ask_no', 'goods_name', 'quantity', 'created_at', sql<string>`(select ${sql.ref('teams.name')} from ${sql.table('teams')} where ${sql.ref('teams.id')} = ${sql.ref('price_asks.team_id')})`.as('team_name')])
    .where('status', '=', 'pending')
    .where(visible(priceAsks, scope, 'rows'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), ask_no: row.ask_no, goods_name: row.goods_name, quantity: Number(row.quantity), created_at: Number(row.created_at), team_name: row.team_name ?? '' }));
}

const MISMATCHED: readonly Outcome[] = ['mismatch', 'duplicate'];

/** What reconciliation holds for a team (null: every team): orders and lines imported, outcomes, amounts. */
export async function reconFigures(db: Kysely<Database>, team: number | null): Promise<DashboardRecon> {
  let orders = db
    .selectFrom('store_orders as o')
    .leftJoin('recon_results as r', 'r.order_id', 'o.id')
    .select(['r.outcome', sql<number>`count(*)`.as('n'), sql<number>`sum(o.amount_fen)`.as('paid'), sql<number>`sum(coalesce(r.settled_fen, 0))`.as('settled'), sql<number>`sum(coalesce(r.difference_fen, 0))`.as('difference')])
    .groupBy('r.outcome');
  let lines = db.selectFrom('recon_settlements').select([sql<number>`count(*)`.as('n'), sql<number>`sum(case when has_order = 0 then 1 else 0 end)`.as('orphans')]);
  if (team !== null) {
    orders = orders.where('o.team_id', '=', team);
    lines = lines.where('team_id', '=', team);
  }
  const [byOutcome, lineCounts] = await Promise.all([orders.execute(), lines.executeTakeFirstOrThrow()]);
  const figures: DashboardRecon = { orders: 0, lines: Number(lineCounts.n), matched: 0, mismatched: 0, missing: Number(lineCounts.orphans ?? 0), paid_fen: 0, settled_fen: 0, difference_fen: 0 };
  for (const row of byOutcome) {
    const n = Number(row.n);
    const outcome = (row.outcome ?? 'pending') as Outcome;
    figures.orders += n;
    figures.paid_fen += Number(row.paid ?? 0);
    figures.settled_fen += Number(row.settled ?? 0);
    figures.difference_fen += Number(row.difference ?? 0);
    if (outcome === 'matched') figures.matched += n;
    else if (MISMATCHED.includes(outcome)) figures.mismatched += n;
    else if (isDifference(outcome)) figures.missing += n;
  }
  return figures;
}

/** Others' messages past the user's read mark in the conversations they keep; system lines are not news. */
export async function unreadChat(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_sessions as s')
    .innerJoin('chat_messages as x', 'x.conversation_id', 's.conversation_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('s.user_id', '=', userId)
    .where('s.hidden', '=', 0)
    .whereRef('x.sequence', '>', 's.read_sequence')
    .whereRef('x.send_id', '<>', 's.user_id')
    .where('x.send_id', '<>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
