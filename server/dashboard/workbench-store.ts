/**
 * The SQL of 工作台: what waits on one user. Queue items and to-dos are the user's own (or their
 * team's, unclaimed); reconciliation differences are their team's, as its routes scope them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DashboardWorkbench } from '../../src/contract/api/dashboard';
import { FILE_KIND_INFO, type FileKind } from '../reconciliation/file-kinds';
import { OUTCOMES, isDifference } from '../reconciliation/match';

type Workbench = DashboardWorkbench;
const OPEN_ASK = ['pending', 'quoted'] as const;
const DIFFERENCES = OUTCOMES.filter(isDifference);

/** The team's open queue items nobody claimed, and those claimed by or assigned to the user. */
export async function queueOf(db: Kysely<Database>, team: number, userId: number, limit: number): Promise<Workbench['queue']> {
  const rows = await db
    .selectFrom('ask_queue as q')
    .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
    .select(['a.ask_no', 'a.goods_name', 'a.quantity', 'a.created_at', 'q.assignee_id'])
    .where('q.team_id', '=', team)
    .where('q.status', 'in', ['open', 'claimed'])
    .where((eb) => eb.or([eb('q.assignee_id', 'is', null), eb('q.assignee_id', '=', userId)]))
    .where('a.status', 'in', OPEN_ASK)
    .orderBy('a.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ask_no: row.ask_no, goods_name: row.goods_name, quantity: Number(row.quantity), at: Number(row.created_at), mine: row.assignee_id !== null }));
}

/** The user's own asks with quotes waiting for their answer. */
export async function toAcceptOf(db: Kysely<Database>, userId: number, limit: number): Promise<Workbench['to_accept']> {
  const waiting = sql<number>`(select count(*) from ${sql.table('price_quotes')} where ${sql.ref('price_quotes.ask_id')} = ${sql.ref('a.id')} and ${sql.ref('price_quotes.status')} = 'submitted')`;
  const rows = await db
    .selectFrom('price_asks as a')
    .select(['a.ask_no', 'a.goods_name', 'a.quantity', 'a.updated_at', waiting.as('quotes')])
    .where('a.created_by', '=', userId)
    .where('a.status', '=', 'quoted')
    .orderBy('a.updated_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ask_no: row.ask_no, goods_name: row.goods_name, quantity: Number(row.quantity), at: Number(row.updated_at), quotes: Number(row.quotes) }));
}

/** The user's own quotes still open whose validity ends between now and `until`, soonest first. */
export async function expiringOf(db: Kysely<Database>, userId: number, now: number, until: number, limit: number): Promise<Workbench['expiring']> {
  const rows = await db
    .selectFrom('price_quotes as q')
    .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
    .select(['q.quote_no', 'a.ask_no', 'a.goods_name', 'q.price_fen', 'q.expires_at'])
    .where('q.quoted_by', '=', userId)
    .where('q.status', '=', 'submitted')
    .where('q.expires_at', '>', now)
    .where('q.expires_at', '<=', until)
    .orderBy('q.expires_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ quote_no: row.quote_no, ask_no: row.ask_no, goods_name: row.goods_name, price_fen: Number(row.price_fen), expires_at: Number(row.expires_at) }));
}

/** Per platform and shop of the team, the differences nobody explained, with the last file imported for that shop. */
export async function differencesOf(db: Kysely<Database>, team: number, limit: number): Promise<Workbench['differences']> {
  const [shops, jobs] = await Promise.all([
    db
      .selectFrom('recon_results as r')
      .innerJoin('store_orders as o', 'o.id', 'r.order_id')
      .select(['o.platform', 'o.shop_name', sql<number>`count(*)`.as('orders'), sql<number>`sum(r.difference_fen)`.as('difference')])
      .where('r.team_id', '=', team)
      .where('r.outcome', 'in', DIFFERENCES)
      .where('o.explained', '=', 0)
      .groupBy(['o.platform', 'o.shop_name'])
      .orderBy(sql`count(*)`, 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('recon_import_jobs')
      .select(['kind', 'shop_name', 'file_name', 'finished_at'])
      .where('team_id', '=', team)
      .where('preview', '=', 0)
      .where('state', '=', 'done')
      .orderBy('finished_at', 'desc')
      .limit(200)
      .execute(),
  ]);
  const lastImport = (platform: string, shop: string) =>
    jobs.find((job) => job.shop_name === shop && FILE_KIND_INFO[job.kind as FileKind]?.platform === platform);
  return shops.map((row) => {
    const job = lastImport(row.platform, row.shop_name);
    return {
      platform: row.platform,
      shop_name: row.shop_name,
      orders: Number(row.orders),
      difference_fen: Number(row.difference ?? 0),
      last_file: job?.file_name ?? null,
      last_import_at: job?.finished_at === null || job?.finished_at === undefined ? null : Number(job.finished_at),
    };
  });
}
