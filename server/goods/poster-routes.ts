/**
 * 海报设计's routes (src/contract/api/posters.ts): thin, over the SQL of poster-store.ts and the
 * document rules of poster-rules.ts. A poster is looked up within the caller's team (an
 * administrator's: any team's), so another team's id answers 404 like a missing one. A save names
 * the version it started from: saved meanwhile by someone else, it is refused (409) with nothing
 * written, and the designer offers to keep the work as a new poster.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { NewPosterBody, Poster, PosterIdParam, PosterList, PosterListQuery, POSTERS_READ, POSTERS_WRITE, SavePosterBody, type PosterDoc } from '../../src/contract/api/posters';
import type { DatabaseHandle } from '../db/open';
import { recordLog } from '../audit/system-log';
import { askedTeam, teamScope } from '../auth/team-scope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { formatDateTime } from '../resources/time';
import { checkDoc } from './poster-rules';
import * as store from './poster-store';

const TAGS = ['goods'];
const READ = { access: { permission: POSTERS_READ } };
const WRITE = { access: { permission: POSTERS_WRITE } };

const notFound = () => new ApiError(Code.notFound, 'posterNotFound');

/** The document as the rules take it, or the refusal that names what is wrong (oversize: 413). */
function docOf(sent: unknown): PosterDoc {
  const checked = checkDoc(sent);
  if ('problem' in checked) throw new ApiError(checked.problem === 'posterTooLarge' ? Code.payloadTooLarge : Code.badRequest, checked.problem, checked.params);
  return checked.doc;
}

export async function posterRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const { db } = database;

  /**
   * The team a request works in: a member's own (naming another team is refused, as 商品管理 and
   * 文件管理 refuse it); an administrator's choice once it exists, or null for every team.
   */
  const scopeOf = async (request: FastifyRequest, asked: string | number | undefined): Promise<number | null> =>
    askedTeam(db, await teamScope(request), asked, { foreign: () => new ApiError(Code.forbidden, 'forbidden'), unknown: () => new ApiError(Code.notFound, 'posterTeamNotFound') });

  async function posterIn(request: FastifyRequest, id: string): Promise<Poster> {
    const poster = await store.findPoster(db, await teamScope(request), Number(id));
    if (!poster) throw notFound();
    return poster;
  }

  function log(request: FastifyRequest, action: 'create' | 'update' | 'delete', poster: { id: number; name: string }) {
    const caller = request.caller!;
    return recordLog(db, { userId: caller.userId, username: caller.username, action: `poster-${action}`, target: `goods_posters:${poster.id}`, ip: request.ip, result: 'ok', detail: poster.name });
  }

  const author = (request: FastifyRequest) => ({ id: request.caller!.userId, name: request.caller!.name || request.caller!.username });

  app.get(
    '/api/goods/posters',
    { config: READ, schema: routeSchema({ summary: "The caller's team's posters, last saved first (an administrator's: every team's, or team_id's)", tags: TAGS, querystring: PosterListQuery, data: PosterList, auth: true }) },
    async (request) => ok({ rows: await store.listPosters(database.reads, await scopeOf(request, request.query.team_id)) }),
  );

  app.get(
    '/api/goods/posters/:id',
    { config: READ, schema: routeSchema({ summary: 'A poster with its document', tags: TAGS, params: PosterIdParam, data: Poster, auth: true }) },
    async (request) => ok(await posterIn(request, request.params.id)),
  );

  app.post(
    '/api/goods/posters',
    { config: WRITE, schema: routeSchema({ summary: "A new poster of the caller's team (an administrator names the team)", tags: TAGS, body: NewPosterBody, data: Poster, auth: true }) },
    async (request) => {
      const body = request.body;
      const team = await scopeOf(request, body.team_id);
      if (team === null) throw new ApiError(Code.badRequest, 'posterTeamRequired');
      const doc = docOf(body.doc);
      const id = await store.insertPoster(db, team, { name: body.name.trim() || body.name, doc, user: author(request) }, Date.now());
      const poster = (await store.findPoster(db, team, id))!;
      await log(request, 'create', poster);
      return ok(poster);
    },
  );

  app.put(
    '/api/goods/posters/:id',
    { config: WRITE, schema: routeSchema({ summary: 'Saves a poster over the version it was opened at; saved meanwhile by someone else: 409, nothing written', tags: TAGS, params: PosterIdParam, body: SavePosterBody, data: Poster, auth: true }) },
    async (request) => {
      const poster = await posterIn(request, request.params.id);
      const body = request.body;
      const doc = docOf(body.doc);
      const saved = body.version === poster.version && (await store.updatePoster(db, poster.id, body.version, { name: body.name.trim() || body.name, doc, user: author(request) }, Date.now()));
      if (!saved) {
        const now = (await store.findPoster(db, poster.team_id, poster.id)) ?? poster;
        throw new ApiError(Code.conflict, 'posterSavedMeanwhile', { name: now.updated_by_name, at: formatDateTime(now.updated_at) });
      }
      const updated = (await store.findPoster(db, poster.team_id, poster.id))!;
      await log(request, 'update', updated);
      return ok(updated);
    },
  );

  app.delete(
    '/api/goods/posters/:id',
    { config: WRITE, schema: routeSchema({ summary: 'Deletes a poster', tags: TAGS, params: PosterIdParam, data: Type.Null(), auth: true }) },
    async (request) => {
      const poster = await posterIn(request, request.params.id);
      await store.deletePoster(db, poster.id);
      await log(request, 'delete', poster);
      return ok(null);
    },
  );
}
