/**
 * Quotation links and the quotes they show. A team (null: every team, for administrators) sees its
 * own quotes and links only; a link is kept by the hash of its token.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { tokenHash } from '../auth/tokens';

export function shareableQuotes(db: Kysely<Database>, team: number | null, limit: number) {
  let query = db
    .selectFrom('price_quotes as q')
    .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
    .select(['q.id', 'q.quote_no', 'a.goods_name', 'a.spec', 'q.quantity', 'q.price_fen', 'q.delivery_days', 'q.quote_type', 'q.status', 'q.created_at'])
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(limit);
  if (team !== null) query = query.where('q.team_id', '=', team);
  return query.execute();
}

export function quoteOf(db: Kysely<Database>, quoteId: number, team: number | null) {
  let query = db.selectFrom('price_quotes').select(['id', 'team_id', 'quote_no']).where('id', '=', quoteId);
  if (team !== null) query = query.where('team_id', '=', team);
  return query.executeTakeFirst();
}

export interface NewShareLink {
  token: string;
  quoteId: number;
  teamId: number;
  createdBy: number;
  createdAt: number;
  expiresAt: number;
}

export async function createShareLink(db: Kysely<Database>, link: NewShareLink): Promise<number> {
  const { id } = await db
    .insertInto('share_links')
    .values({
      token_hash: tokenHash(link.token),
      quote_id: link.quoteId,
      team_id: link.teamId,
      created_by: link.createdBy,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function shareLinks(db: Kysely<Database>, team: number | null, limit: number) {
  let query = db
    .selectFrom('share_links as s')
    .innerJoin('price_quotes as q', 'q.id', 's.quote_id')
    .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
    .select(['s.id', 'q.quote_no', 'a.goods_name', 's.created_at', 's.expires_at', 's.revoked_at', 's.views'])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit);
  if (team !== null) query = query.where('s.team_id', '=', team);
  const rows = await query.execute();
  return rows.map(({ revoked_at, ...row }) => ({ ...row, revoked: revoked_at !== null }));
}

export function shareLinkOf(db: Kysely<Database>, linkId: number, team: number | null) {
  let query = db.selectFrom('share_links').select(['id', 'revoked_at']).where('id', '=', linkId);
  if (team !== null) query = query.where('team_id', '=', team);
  return query.executeTakeFirst();
}

export async function revokeShareLink(db: Kysely<Database>, linkId: number, now = Date.now()): Promise<void> {
  await db.updateTable('share_links').set({ revoked_at: now }).where('id', '=', linkId).execute();
}

/** The quote behind a live link (not revoked, not expired), counting the view; undefined otherwise. */
export async function viewSharedQuote(db: Kysely<Database>, token: string, now = Date.now()) {
  const shared = await db
    .selectFrom('share_links as s')
    .innerJoin('price_quotes as q', 'q.id', 's.quote_id')
    .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .select(['s.id', 'q.quote_no', 'a.goods_name', 'a.spec', 'q.quantity', 'q.price_fen', 'q.delivery_days', 'q.quote_type', 't.name as team_name', 'q.created_at as quoted_at', 's.expires_at'])
    .where('s.token_hash', '=', tokenHash(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!shared) return undefined;
  const { id, ...quote } = shared;
  await db
    .updateTable('share_links')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return quote;
}
