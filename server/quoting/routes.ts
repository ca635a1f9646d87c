/**
 * Quoting's routes beside the resource API: the ask page a notice opens (the ask, its photos and
 * timeline, the quotes the caller may see) and public asking. Reads go through the resource API's
 * readers, so the same visibility holds; SQL lives in store.ts.
 */
import { Code } from '../../src/contract/envelope';
import { BaoJiaAnswer, BaoJiaBody, HandleFindAnswer, HandleFindQuery } from '../../src/contract/api/quoting';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { tokenHash } from '../auth/tokens';
import { assertAction, resourceCaller } from '../resources/caller';
import { resourceRegistry } from '../resources/definitions';
import { listRecords, type ResourceContext } from '../resources/read-records';
import { keptCache } from '../resources/kept';
import type { WrittenEvent } from '../resources/store';
import { readTimeline } from '../resources/workflow';
import { nextNumber } from '../resources/write-records';
import { sharedWindow, waitMinutes } from '../db/rate-window';
import { priceAsks, priceQuotes } from './resources';
import { expireDue, insertPublicAsk, linkTeam, operationTeam, teamNames } from './store';

const TAGS = ['quoting'];
/** Public asks: at most 5 per address and 3 per mobile number in 10 minutes. */
const PUBLIC_WINDOW_MS = 10 * 60_000;
const EXPIRY_INTERVAL_MS = 60_000;

export interface QuotingRouteOptions {
  database: DatabaseHandle;
  /** Told of a public ask once it committed (live.ts). */
  onWritten?: (event: WrittenEvent) => void;
}

export async function quotingRoutes(app: App, { database, onWritten }: QuotingRouteOptions) {
  const { db } = database;
  const ctx: ResourceContext = { db, reads: database.reads, dialect: database.dialect, registry: resourceRegistry(database), kept: keptCache() };
  const byAddress = sharedWindow(db, 'bao-jia:ip', 5, PUBLIC_WINDOW_MS);
  const byMobile = sharedWindow(db, 'bao-jia:mobile', 3, PUBLIC_WINDOW_MS);

  // Deadlines and validity pass while nobody reads: a timer expires them too (reads do on their own).
  const timer = setInterval(() => void expireDue(db, Date.now()).catch((error: unknown) => app.log.warn({ err: error }, 'quoting expiry failed')), EXPIRY_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/api/quoting/handlefind',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'An ask by its number with photos, timeline and the quotes the caller may see', tags: TAGS, data: HandleFindAnswer, auth: true }),
        querystring: HandleFindQuery,
      },
    },
    async (request) => {
      const caller = await resourceCaller(request);
      assertAction(priceAsks, caller, 'get');
      await priceAsks.hooks.refresh?.(db);
      const found = await listRecords(ctx, priceAsks, caller, { filters: [{ field: 'ask_no', op: 'eq', value: request.query.name }], pageSize: 1 });
      const ask = found.rows[0];
      if (!ask) throw new ApiError(Code.notFound, 'recordNotFound');
      const quotes = assertQuotes(caller)
        ? await listRecords(ctx, priceQuotes, caller, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }], sort: [{ field: 'price_fen', order: 'asc' }], pageSize: 200 })
        : { rows: [] };
      const teams = await teamNames(db, [...new Set(quotes.rows.map((q) => q.team_id).filter((t): t is number => t !== null))]);
      return ok({
        ask,
        photos: String(ask.photos ?? '').split('\n').map((p) => p.trim()).filter(Boolean),
        timeline: await readTimeline(db, 'price_asks', ask.id),
        quotes: quotes.rows,
        teams: Object.fromEntries(quotes.rows.map((q) => [String(q.id), teams.get(q.team_id ?? 0) ?? ''])),
      });
    },
  );

  function assertQuotes(caller: Awaited<ReturnType<typeof resourceCaller>>): boolean {
    try {
      assertAction(priceQuotes, caller, 'list');
      return true;
    } catch {
      return false;
    }
  }

  app.post(
    '/api/public/bao-jia',
    {
      config: { access: 'public' },
      schema: {
        ...routeSchema({ summary: 'Ask for a price without an account; answers a reference number', tags: TAGS, data: BaoJiaAnswer, auth: false }),
        body: BaoJiaBody,
      },
    },
    async (request) => {
      const now = Date.now();
      const body = request.body;
      const wait = Math.max(await byAddress.hit(request.ip, now), await byMobile.hit(body.mobile, now));
      if (wait > 0) throw new ApiError(Code.tooManyRequests, 'publicAskTooMany', { minutes: waitMinutes(wait) });
      const linked = body.token ? await linkTeam(db, tokenHash(body.token), now) : null;
      if (body.token && linked === null) throw new ApiError(Code.badRequest, 'publicLinkInvalid');
      const team = linked ?? (await operationTeam(db));
      if (team === null) throw new ApiError(Code.notFound, 'teamNotFound');
      const { id, ask_no: ref } = await insertPublicAsk(
        db,
        team,
        { goods_name: body.goods_name.trim(), spec: (body.spec ?? '').trim(), quantity: body.quantity, contact_name: body.contact_name.trim(), contact_mobile: body.mobile },
        (trx) => nextNumber(trx, priceAsks, 'ask_no', 'XJ', now),
        now,
      );
      onWritten?.({ resource: 'price_asks', action: 'create', record: { id, version: 1, team_id: team, created_by: null, created_at: now, updated_at: now } });
      return ok({ ref });
    },
  );
}
