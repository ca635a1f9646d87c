import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  AdminNoticeList,
  CreateNoticeBody,
  CreateNoticeData,
  NoticeCloseBody,
  NoticeList,
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

const CREATE_NOTICES = { permission: 'notice:create' } as const;
/** A poll brings at most this many, newest first (spec §7 find-notice). */
const POLL_LIMIT = 50;
const ADMIN_LIST_LIMIT = 100;

export async function noticeRoutes(app: App, { db }: { db: Kysely<Database> }) {
  /** Notices addressed to the caller: to them, to one of their roles, to their team, or to everyone. */
  async function addressedTo(request: FastifyRequest) {
    const caller = request.caller!;
    const { roleIds } = await request.access();
    return db.selectFrom('notices as n').where((eb) =>
      eb.or([
        eb('n.target_kind', '=', 'all'),
        eb.and([eb('n.target_kind', '=', 'user'), eb('n.target_id', '=', caller.userId)]),
        eb.and([eb('n.target_kind', '=', 'team'), eb('n.target_id', '=', caller.teamId)]),
        ...(roleIds.length > 0 ? [eb.and([eb('n.target_kind', '=', 'role'), eb('n.target_id', 'in', roleIds)])] : []),
      ]),
    );
  }

  app.post(
    '/api/index/find-notice',
    {
      // Polled every few seconds whether or not anyone is at the screen, so it must not hold off the idle lock.
      config: { access: 'authenticated', passive: true },
      schema: routeSchema({ summary: "The caller's open notices, newest first", tags: ['notice'], data: NoticeList, auth: true }),
    },
    async (request) => {
      const userId = request.caller!.userId;
      const rows = await (await addressedTo(request))
        .select(['n.id', 'n.type', 'n.content', 'n.find_id', 'n.created_at'])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('notice_closes as c').select('c.notice_id').whereRef('c.notice_id', '=', 'n.id').where('c.user_id', '=', userId))),
        )
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(POLL_LIMIT)
        .execute();
      return ok({ rows });
    },
  );

  app.post(
    '/api/index/find-notice-close',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Close a notice for the caller only', tags: ['notice'], body: NoticeCloseBody, data: Type.Null(), auth: true }),
    },
    async (request) => {
      const notice = await (await addressedTo(request)).select('n.id').where('n.id', '=', request.body.id).executeTakeFirst();
      if (!notice) throw new ApiError(Code.notFound, 'noticeNotFound');
      await db
        .insertInto('notice_closes')
        .values({ notice_id: notice.id, user_id: request.caller!.userId, closed_at: Date.now() })
        .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
        .execute();
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
      const team = await teamScope(request);
      let query = db
        .selectFrom('notices as n')
        .leftJoin('users as u', 'u.id', 'n.created_by')
        .select((eb) => [
          'n.id',
          'n.type',
          'n.content',
          'n.find_id',
          'n.created_at',
          'n.target_kind',
          'n.target_id',
          'u.name as creator',
          eb.selectFrom('notice_closes as c').select(eb.fn.countAll<number>().as('count')).whereRef('c.notice_id', '=', 'n.id').as('closed_count'),
        ])
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(ADMIN_LIST_LIMIT);
      // Outside administration, a team sees the notices its own members wrote.
      if (team !== null) query = query.where('u.team_id', '=', team);
      const rows = await query.execute();
      return ok({ rows: rows.map((row) => ({ ...row, closed_count: Number(row.closed_count ?? 0) })) });
    },
  );

  /** The recipient of a new notice, checked to exist and to be within the caller's reach. */
  async function targetOf(kind: NoticeTargetKind, id: number | null, team: number | null): Promise<NoticeTarget> {
    // Everyone, or a role that spans teams, is for administrators only.
    if (team !== null && (kind === 'all' || kind === 'role')) throw new ApiError(Code.forbidden, 'forbidden');
    if (kind === 'all') return { kind };
    if (id === null || !(await targetExists(kind, id, team))) throw new ApiError(Code.badRequest, 'noticeTargetNotFound');
    return { kind, id };
  }

  async function targetExists(kind: 'user' | 'role' | 'team', id: number, team: number | null): Promise<boolean> {
    if (kind === 'role') return !!(await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst());
    if (kind === 'team') {
      return (team === null || team === id) && !!(await db.selectFrom('teams').select('id').where('id', '=', id).executeTakeFirst());
    }
    let query = db.selectFrom('users').select('id').where('id', '=', id);
    if (team !== null) query = query.where('team_id', '=', team);
    return !!(await query.executeTakeFirst());
  }
}
