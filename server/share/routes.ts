import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  CreateShareBody,
  CreateShareData,
  SHARE_DAYS_DEFAULT,
  SharedQuote,
  ShareableQuoteList,
  ShareIdBody,
  ShareLinkList,
  ShareTokenBody,
} from '../../src/contract/api/share';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { teamScope } from '../auth/team-scope';
import { newToken, tokenHash } from '../auth/tokens';

const LIST_LIMIT = 50;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Quotation links: a quoting team shares one of its quotes with a customer through a secret link
 * that opens without a login, for a few days, until the team revokes it.
 */
export async function shareRoutes(app: App, { db }: { db: Kysely<Database> }) {
  app.post(
    '/api/index/share/quotes',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller team's recent quotes, to share", tags: ['share'], data: ShareableQuoteList, auth: true }),
    },
    async (request) => {
      const team = await teamScope(request);
      let query = db
        .selectFrom('price_quotes as q')
        .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
        .select(['q.id', 'q.quote_no', 'a.goods_name', 'a.spec', 'q.quantity', 'q.price_fen', 'q.delivery_days', 'q.quote_type', 'q.status', 'q.created_at'])
        .orderBy('q.created_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(LIST_LIMIT);
      if (team !== null) query = query.where('q.team_id', '=', team);
      return ok({ rows: await query.execute() });
    },
  );

  app.post(
    '/api/index/share/create',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Make a link that shows one quote without a login', tags: ['share'], body: CreateShareBody, data: CreateShareData, auth: true }),
    },
    async (request) => {
      const caller = request.caller!;
      const team = await teamScope(request);
      let found = db.selectFrom('price_quotes').select(['id', 'team_id', 'quote_no']).where('id', '=', request.body.quote_id);
      if (team !== null) found = found.where('team_id', '=', team);
      const quote = await found.executeTakeFirst();
      if (!quote) throw new ApiError(Code.notFound, 'quoteNotFound');
      const token = newToken();
      const now = Date.now();
      const expiresAt = now + (request.body.days ?? SHARE_DAYS_DEFAULT) * DAY_MS;
      const { id } = await db
        .insertInto('share_links')
        .values({ token_hash: tokenHash(token), quote_id: quote.id, team_id: quote.team_id, created_by: caller.userId, created_at: now, expires_at: expiresAt, revoked_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordLog(db, { userId: caller.userId, username: caller.username, action: 'create-share', target: quote.quote_no, ip: request.ip, result: 'ok' });
      return ok({ id, token, expires_at: expiresAt });
    },
  );

  app.post(
    '/api/index/share/list',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller team's quotation links, newest first", tags: ['share'], data: ShareLinkList, auth: true }),
    },
    async (request) => {
      const team = await teamScope(request);
      let query = db
        .selectFrom('share_links as s')
        .innerJoin('price_quotes as q', 'q.id', 's.quote_id')
        .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
        .select(['s.id', 'q.quote_no', 'a.goods_name', 's.created_at', 's.expires_at', 's.revoked_at', 's.views'])
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(LIST_LIMIT);
      if (team !== null) query = query.where('s.team_id', '=', team);
      const rows = await query.execute();
      return ok({ rows: rows.map(({ revoked_at, ...row }) => ({ ...row, revoked: revoked_at !== null })) });
    },
  );

  app.post(
    '/api/index/share/revoke',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Stop a quotation link from working', tags: ['share'], body: ShareIdBody, data: Type.Null(), auth: true }),
    },
    async (request) => {
      const caller = request.caller!;
      const team = await teamScope(request);
      let found = db.selectFrom('share_links').select(['id', 'revoked_at']).where('id', '=', request.body.id);
      if (team !== null) found = found.where('team_id', '=', team);
      const link = await found.executeTakeFirst();
      if (!link) throw new ApiError(Code.notFound, 'shareNotFound');
      // Revoking twice keeps the first time.
      if (link.revoked_at === null) await db.updateTable('share_links').set({ revoked_at: Date.now() }).where('id', '=', link.id).execute();
      await recordLog(db, { userId: caller.userId, username: caller.username, action: 'revoke-share', target: String(link.id), ip: request.ip, result: 'ok' });
      return ok(null);
    },
  );

  app.post(
    '/api/public/share/view',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'The quote behind a quotation link', tags: ['share'], body: ShareTokenBody, data: SharedQuote, auth: false }),
    },
    async (request) => {
      const now = Date.now();
      const shared = await db
        .selectFrom('share_links as s')
        .innerJoin('price_quotes as q', 'q.id', 's.quote_id')
        .innerJoin('price_asks as a', 'a.id', 'q.ask_id')
        .innerJoin('teams as t', 't.id', 's.team_id')
        .select(['s.id', 'q.quote_no', 'a.goods_name', 'a.spec', 'q.quantity', 'q.price_fen', 'q.delivery_days', 'q.quote_type', 't.name as team_name', 'q.created_at as quoted_at', 's.expires_at'])
        .where('s.token_hash', '=', tokenHash(request.body.token))
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .executeTakeFirst();
      // One answer for unknown, revoked and expired: the link's holder learns nothing more.
      if (!shared) throw new ApiError(Code.notFound, 'shareInvalid');
      const { id, ...quote } = shared;
      await db
        .updateTable('share_links')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .execute();
      return ok(quote);
    },
  );
}
