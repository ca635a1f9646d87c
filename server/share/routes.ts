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
import { newToken } from '../auth/tokens';
import { createShareLink, quoteOf, revokeShareLink, shareableQuotes, shareLinkOf, shareLinks, viewSharedQuote } from './store';

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
      return ok({ rows: await shareableQuotes(db, await teamScope(request), LIST_LIMIT) });
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
      const quote = await quoteOf(db, request.body.quote_id, await teamScope(request));
      if (!quote) throw new ApiError(Code.notFound, 'quoteNotFound');
      const token = newToken();
      const now = Date.now();
      const expiresAt = now + (request.body.days ?? SHARE_DAYS_DEFAULT) * DAY_MS;
      const id = await createShareLink(db, { token, quoteId: quote.id, teamId: quote.team_id, createdBy: caller.userId, createdAt: now, expiresAt });
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
      return ok({ rows: await shareLinks(db, await teamScope(request), LIST_LIMIT) });
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
      const link = await shareLinkOf(db, request.body.id, await teamScope(request));
      if (!link) throw new ApiError(Code.notFound, 'shareNotFound');
      // Revoking twice keeps the first time.
      if (link.revoked_at === null) await revokeShareLink(db, link.id);
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
      const quote = await viewSharedQuote(db, request.body.token);
      // One answer for unknown, revoked and expired: the link's holder learns nothing more.
      if (!quote) throw new ApiError(Code.notFound, 'shareInvalid');
      return ok(quote);
    },
  );
}
