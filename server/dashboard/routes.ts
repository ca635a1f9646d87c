/**
 * The dashboard: one read per screen. 首页 answers the figures of the caller's scope (their team;
 * an administrator every team or the one picked), 工作台 what waits on the caller. Which figures a
 * caller gets follows their permissions: no asks, no quoting figures; no orders, no reconciliation.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { hasAccess } from '../../src/contract/permissions';
import { Code } from '../../src/contract/envelope';
import { DashboardOverview, DashboardOverviewQuery, DashboardScreen, DashboardWorkbench } from '../../src/contract/api/dashboard';
import type { Database } from '../db/schema';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { teamScope } from '../auth/team-scope';
import { menuFor } from '../index/menu-tree';
import { countOpenNotices, openNotices, type NoticeReader } from '../notices/store';
import { allTeams, reconFigures, scopeOf, unreadChat } from './store';
import { latestEvents, peopleOf } from './screen-store';
import { screenPlatforms, screenQuoting, screenSales } from './screen';
import { goodsFigures } from '../goods/statistics-store';
import { differencesOf, expiringOf, queueOf, toAcceptOf } from './workbench-store';
import { quotingFigures } from './overview';
import { quickEntries } from './entries';
import { dayLabel, dayStart, periodOf } from './rules';

const TAGS = ['dashboard'];
const WAITING_SHOWN = 6;
const TODO_SHOWN = 8;
/** A quote whose validity ends within this is listed as expiring soon. */
const EXPIRING_WITHIN_MS = 24 * 3600_000;
const FEED_SHOWN = 12;

async function readerOf(request: FastifyRequest): Promise<NoticeReader> {
  const { userId, teamId } = request.caller!;
  return { userId, teamId, roleIds: (await request.access()).roleIds };
}

/**
 * Whose figures a read counts: the caller's team, or for an administrator every team or the one
 * named in `team` (another team named by anyone else is refused; an unknown one is not found).
 */
async function scopeFor(db: Kysely<Database>, request: FastifyRequest<{ Querystring: DashboardOverviewQuery }>) {
  const caller = request.caller!;
  const admin = (await teamScope(request)) === null;
  const picked = request.query.team === undefined ? null : Number(request.query.team);
  if (picked !== null && !admin && picked !== caller.teamId) throw new ApiError(Code.forbidden, 'forbidden');
  const scope = await scopeOf(db, { scope: admin ? null : caller.teamId, teamType: caller.teamType }, admin ? picked : null);
  if (!scope) throw new ApiError(Code.notFound, 'teamNotFound');
  return { admin, scope, team: admin ? picked : caller.teamId, period: periodOf(Date.now(), Number(request.query.days ?? '7')) };
}

export interface DashboardDeps {
  db: Kysely<Database>;
  /** Of these users, those with the console open (the chat hub's presence). */
  online(userIds: readonly number[]): Promise<Set<number>>;
}

export async function dashboardRoutes(app: App, { db, online }: DashboardDeps) {
  app.get(
    '/api/dashboard/overview',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "首页: the scope's asks, quotes and reconciliation over 7 or 30 days against the period before", tags: TAGS, querystring: DashboardOverviewQuery, data: DashboardOverview, auth: true }),
    },
    async (request) => {
      const caller = request.caller!;
      const access = await request.access();
      const { admin, scope, team, period } = await scopeFor(db, request);
      const days = Number(request.query.days ?? '7');
      const readsQuoting = hasAccess(access, ['price_asks:read', 'price_quotes:read']);
      const [quoting, recon, teams, chat, notices] = await Promise.all([
        readsQuoting ? quotingFigures(db, scope, period, WAITING_SHOWN) : null,
        hasAccess(access, 'store_orders:read') ? reconFigures(db, scope.scope) : null,
        admin ? allTeams(db) : null,
        unreadChat(db, caller.userId),
        countOpenNotices(db, await readerOf(request)),
      ]);
      return ok({ days, from: dayLabel(period.first), teams, team, quoting, recon, unread: { chat, notices } });
    },
  );

  app.get(
    '/api/dashboard/screen',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({
        summary: "数据大屏: the scope's asks, quotes, adoptions, sales, bills per platform, reconciliation, stock and newest events, today and over 7 or 30 days",
        tags: TAGS,
        querystring: DashboardOverviewQuery,
        data: DashboardScreen,
        auth: true,
      }),
    },
    async (request) => {
      const caller = request.caller!;
      const access = await request.access();
      const { admin, scope, team, period } = await scopeFor(db, request);
      const now = Date.now();
      const readsOrders = hasAccess(access, 'store_orders:read');
      const readsGoods = hasAccess(access, 'goods:read');
      const window = { startMs: dayStart(period.first), endMs: now };
      const [quoting, sales, recon, platforms, goods, teams, people, chat, notices, feed] = await Promise.all([
        hasAccess(access, ['price_asks:read', 'price_quotes:read']) ? screenQuoting(db, scope, period) : null,
        readsOrders ? screenSales(db, scope.scope, period) : null,
        readsOrders ? reconFigures(db, scope.scope) : null,
        hasAccess(access, 'store_bills:read') ? screenPlatforms(db, scope.scope, period) : null,
        readsGoods ? goodsFigures(db, scope.scope, window, window) : null,
        allTeams(db),
        peopleOf(db, scope.scope),
        unreadChat(db, caller.userId),
        countOpenNotices(db, await readerOf(request)),
        latestEvents(db, scope, readsOrders, FEED_SHOWN),
      ]);
      return ok({
        days: Number(request.query.days ?? '7'),
        from: dayLabel(period.first),
        teams: admin ? teams : null,
        team,
        team_name: scope.scope === null ? null : (teams.find((row) => row.id === scope.scope)?.name ?? null),
        at: now,
        quoting,
        sales,
        recon,
        platforms,
        low_stock: goods ? goods.low_stock : null,
        online: (await online(people)).size,
        unread: { chat, notices },
        feed,
      });
    },
  );

  app.get(
    '/api/dashboard/workbench',
    { config: { access: 'authenticated' }, schema: routeSchema({ summary: '工作台: what waits on the caller, each with where it is handled, and their quick entries', tags: TAGS, data: DashboardWorkbench, auth: true }) },
    async (request) => {
      const { userId, teamId } = request.caller!;
      const access = await request.access();
      const now = Date.now();
      const [queue, toAccept, expiring, differences, notices, menu] = await Promise.all([
        hasAccess(access, 'price_quotes:write') ? queueOf(db, teamId, userId, TODO_SHOWN) : [],
        hasAccess(access, 'price_asks:write') ? toAcceptOf(db, userId, TODO_SHOWN) : [],
        hasAccess(access, 'price_quotes:write') ? expiringOf(db, userId, now, now + EXPIRING_WITHIN_MS, TODO_SHOWN) : [],
        hasAccess(access, 'store_orders:read') ? differencesOf(db, teamId, TODO_SHOWN) : [],
        openNotices(db, await readerOf(request), TODO_SHOWN),
        menuFor(db, access),
      ]);
      return ok({
        queue,
        to_accept: toAccept,
        expiring,
        differences,
        notices: notices.map((notice) => ({ ...notice, id: Number(notice.id), type: Number(notice.type), created_at: Number(notice.created_at) })),
        entries: quickEntries(menu),
      });
    },
  );
}
