import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  AdminNoticeList,
  CreateNoticeBody,
  CreateNoticeData,
  NoticeCloseBody,
  NoticeList,
  NoticeTeamList,
  type NoticeTargetKind,
} from '../../src/contract/api/notice';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { teamScope } from '../auth/team-scope';
import { notify, type NoticeTarget } from './notify';
import { closeNotice, noticeTeams, openNotices, recentNotices, targetExists, type NoticeReader } from './store';

const CREATE_NOTICES = { permission: 'notice:create' } as const;
/** A poll brings at most this many, newest first (spec §7 find-notice). */
const POLL_LIMIT = 50;
const ADMIN_LIST_LIMIT = 100;

/** Notices reach the caller by their user, roles and team. */
async function readerOf(request: FastifyRequest): Promise<NoticeReader> {
  const { userId, teamId } = request.caller!;
  return { userId, teamId, roleIds: (await request.access()).roleIds };
}

export async function noticeRoutes(app: App, { db }: { db: Kysely<Database> }) {
  app.post(
    '/api/index/find-notice',
    {
      // Polled every few seconds whether or not anyone is at the screen, so it must not hold off the idle lock.
      config: { access: 'authenticated', passive: true },
      schema: routeSchema({ summary: "The caller's open notices, newest first", tags: ['notice'], data: NoticeList, auth: true }),
    },
    async (request) => {
      return ok({ rows: await openNotices(db, await readerOf(request), POLL_LIMIT) });
    },
  );

  app.post(
    '/api/index/find-notice-close',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Close a notice for the caller only', tags: ['notice'], body: NoticeCloseBody, data: Type.Null(), auth: true }),
    },
    async (request) => {
      if (!(await closeNotice(db, await readerOf(request), request.body.id))) throw new ApiError(Code.notFound, 'noticeNotFound');
      return ok(null);
    },
  );

  app.post(
    '/api/admin/notices',
    {
      config: { access: CREATE_NOTICES },
      schema: routeSchema({ summary: 'Send a notice to a user, a role, a team or everyone', tags: ['notice'], body: CreateNoticeBody, data: CreateNoticeData, auth: true }),
    },
    async (request) => {
      const caller = request.caller!;
      const { type, content, find_id, target_kind, target_id } = request.body;
      const target = await targetOf(target_kind, target_id ?? null, await teamScope(request));
      const id = await notify(db, { type, content, find_id, target, createdBy: caller.userId });
      await recordLog(db, {
        userId: caller.userId,
        username: caller.username,
        action: 'create-notice',
        target: target.kind === 'all' ? 'all' : `${target.kind}:${target.id}`,
        detail: find_id,
        ip: request.ip,
        result: 'ok',
      });
      return ok({ id });
    },
  );

  app.post(
    '/api/admin/notices/list',
    {
      config: { access: CREATE_NOTICES },
      schema: routeSchema({ summary: 'Recent notices with how many users closed each', tags: ['notice'], data: AdminNoticeList, auth: true }),
    },
    async (request) => {
      // Outside administration, a team sees the notices its own members wrote.
      return ok({ rows: await recentNotices(db, await teamScope(request), ADMIN_LIST_LIMIT) });
    },
  );

  app.post(
    '/api/admin/notices/teams',
    {
      config: { access: CREATE_NOTICES },
      schema: routeSchema({ summary: 'The teams a notice may be sent to, by name', tags: ['notice'], data: NoticeTeamList, auth: true }),
    },
    async (request) => ok({ rows: await noticeTeams(db, await teamScope(request)) }),
  );

  /** The recipient of a new notice, checked to exist and to be within the caller's reach. */
  async function targetOf(kind: NoticeTargetKind, id: number | null, team: number | null): Promise<NoticeTarget> {
    // Everyone, or a role that spans teams, is for administrators only.
    if (team !== null && (kind === 'all' || kind === 'role')) throw new ApiError(Code.forbidden, 'forbidden');
    if (kind === 'all') return { kind };
    if (id === null || !(await targetExists(db, kind, id, team))) throw new ApiError(Code.badRequest, 'noticeTargetNotFound');
    return { kind, id };
  }
}
