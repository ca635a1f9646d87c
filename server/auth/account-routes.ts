import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import {
  AdminEndSessionsBody,
  ChangePasswordBody,
  EndSessionBody,
  RegisterBody,
  ResetPasswordBody,
  SendCodeBody,
  SendCodeData,
  SessionList,
  UnlockBody,
  UserStatusBody,
} from '../../src/contract/api/account';
import { TokenData } from '../../src/contract/api/auth';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import type { AuditAction } from '../audit/actions';
import { hashPassword, verifyPassword } from './passwords';
import { assertAcceptablePassword } from './password-policy';
import { consumeCode, issueCode, type CodeSender } from './verification-codes';
import { deviceName } from './device-name';
import { listSessions, revokeSession, revokeUserSessions, setSessionLock } from './sessions';
import { sessionPolicy, startLogin } from './routes';
import { teamScope } from './team-scope';
import { createSeller, passwordHashOf, setPasswordHash, setUserStatus, userByMobile, userByUsername, userInTeam } from './account-store';

const MANAGE_USERS = { permission: 'user:manage' } as const;

const NoData = Type.Null();

export async function accountRoutes(
  app: App,
  { db, config, sender }: { db: Kysely<Database>; config: Config; sender: CodeSender },
) {
  const policy = sessionPolicy(config);
  const audit = (request: FastifyRequest, action: AuditAction, result: 'ok' | 'fail', extra: { target?: string; detail?: string } = {}) =>
    recordLog(db, {
      userId: request.caller?.userId ?? null,
      username: request.caller?.username ?? '',
      action,
      ip: request.ip,
      result,
      ...extra,
    });

  app.post(
    '/api/public/send-code',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'Send a 6-digit code to a mobile (register or reset)', tags: ['account'], body: SendCodeBody, data: SendCodeData, auth: false }),
    },
    async (request) => {
      const { mobile, scene } = request.body;
      const owner = await userByMobile(db, mobile);
      if (scene === 'register' && owner) throw new ApiError(Code.badRequest, 'mobileTaken');
      const code = await issueCode(db, mobile, scene);
      // A reset for an unknown number answers like any other, so numbers cannot be probed; nothing is sent.
      if (scene === 'reset' && !owner) return ok({ retry_after: 60 });
      await sender.send(mobile, code, scene);
      return ok({ retry_after: 60, ...(sender.demo && config.demoSeed ? { demo_code: code } : {}) });
    },
  );

  app.post(
    '/api/public/register',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'Register a seller account with a mobile code', tags: ['account'], body: RegisterBody, data: TokenData, auth: false }),
    },
    async (request, reply) => {
      const { username, password, mobile, code } = request.body;
      await assertAcceptablePassword(password);
      if (await userByUsername(db, username)) {
        throw new ApiError(Code.badRequest, 'usernameTaken');
      }
      if (await userByMobile(db, mobile)) {
        throw new ApiError(Code.badRequest, 'mobileTaken');
      }
      await consumeCode(db, mobile, 'register', code);
      const userId = await createSeller(db, { username, password_hash: await hashPassword(password), mobile });
      await recordLog(db, { userId, username, action: 'register', ip: request.ip, result: 'ok' });
      return ok(await startLogin(db, request, reply, userId, policy));
    },
  );

  app.post(
    '/api/public/reset-password',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'Set a new password with a mobile code; ends every login', tags: ['account'], body: ResetPasswordBody, data: NoData, auth: false }),
    },
    async (request) => {
      const { mobile, code, password } = request.body;
      await assertAcceptablePassword(password);
      await consumeCode(db, mobile, 'reset', code);
      const user = await userByMobile(db, mobile);
      if (!user) throw new ApiError(Code.badRequest, 'codeInvalid');
      await setPassword(user.id, password);
      await recordLog(db, { userId: user.id, username: user.username, action: 'reset-password', ip: request.ip, result: 'ok' });
      return ok(null);
    },
  );

  app.post(
    '/api/index/change-password',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Change the password; ends every login of the user', tags: ['account'], body: ChangePasswordBody, data: NoData, auth: true }),
    },
    async (request) => {
      const { old_password, password } = request.body;
      await assertCallerPassword(request, old_password, 'change-password');
      await assertAcceptablePassword(password);
      await setPassword(request.caller!.userId, password);
      await audit(request, 'change-password', 'ok');
      return ok(null);
    },
  );

  app.post(
    '/api/index/lock',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Lock this session until the password is given again', tags: ['account'], data: NoData, auth: true }),
    },
    async (request) => {
      await setSessionLock(db, request.caller!.sessionId, true);
      await audit(request, 'lock', 'ok');
      return ok(null);
    },
  );

  app.post(
    '/api/index/unlock',
    {
      config: { access: 'authenticated', whileLocked: true },
      schema: routeSchema({ summary: "Lift the lock with the user's password", tags: ['account'], body: UnlockBody, data: NoData, auth: true }),
    },
    async (request) => {
      await assertCallerPassword(request, request.body.password, 'unlock');
      await setSessionLock(db, request.caller!.sessionId, false);
      await audit(request, 'unlock', 'ok');
      return ok(null);
    },
  );

  app.post(
    '/api/index/sessions',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller's live logins", tags: ['account'], data: SessionList, auth: true }),
    },
    async (request) => {
      const caller = request.caller!;
      const rows = await listSessions(db, caller.userId);
      return ok({ rows: rows.map((row) => ({ ...row, device: deviceName(row.user_agent), current: row.id === caller.sessionId })) });
    },
  );

  app.post(
    '/api/index/sessions/end',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'End one of my logins, or all the others', tags: ['account'], body: EndSessionBody, data: NoData, auth: true }),
    },
    async (request) => {
      const caller = request.caller!;
      if (request.body.others) {
        await revokeUserSessions(db, caller.userId, caller.sessionId);
      } else {
        const mine = await listSessions(db, caller.userId);
        if (request.body.id === undefined || !mine.some((s) => s.id === request.body.id)) {
          throw new ApiError(Code.notFound, 'sessionNotFound');
        }
        await revokeSession(db, request.body.id);
      }
      await audit(request, 'end-session', 'ok', { detail: request.body.others ? 'others' : String(request.body.id) });
      return ok(null);
    },
  );

  app.post(
    '/api/admin/sessions/end',
    {
      config: { access: MANAGE_USERS },
      schema: routeSchema({ summary: "End every login of a user (administrators)", tags: ['account'], body: AdminEndSessionsBody, data: NoData, auth: true }),
    },
    async (request) => {
      const target = await findUser(request, request.body.user_id);
      await revokeUserSessions(db, target.id);
      await audit(request, 'end-sessions', 'ok', { target: target.username });
      return ok(null);
    },
  );

  app.post(
    '/api/admin/user/status',
    {
      config: { access: MANAGE_USERS },
      schema: routeSchema({ summary: 'Enable or disable a user; disabling ends their logins', tags: ['account'], body: UserStatusBody, data: NoData, auth: true }),
    },
    async (request) => {
      const target = await findUser(request, request.body.user_id);
      await setUserStatus(db, target.id, request.body.status);
      if (request.body.status === 0) await revokeUserSessions(db, target.id);
      await audit(request, request.body.status === 0 ? 'disable-user' : 'enable-user', 'ok', { target: target.username });
      return ok(null);
    },
  );

  /** The caller proves who they are again; a wrong password is logged against the action. */
  async function assertCallerPassword(request: FastifyRequest, password: string, action: AuditAction) {
    if (!(await verifyPassword(await passwordHashOf(db, request.caller!.userId), password))) {
      await audit(request, action, 'fail');
      throw new ApiError(Code.badRequest, 'wrongPassword');
    }
  }

  /** A user the caller may manage: administrators reach everyone, team managers their own team. */
  async function findUser(request: FastifyRequest, id: number) {
    const user = await userInTeam(db, id, await teamScope(request));
    if (!user) throw new ApiError(Code.notFound, 'userNotFound');
    return user;
  }

  async function setPassword(userId: number, password: string) {
    await setPasswordHash(db, userId, await hashPassword(password));
    await revokeUserSessions(db, userId);
  }
}
