import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { LoginBody, TokenData } from '../../src/contract/api/auth';
import { Type } from '../../src/contract/schema';
import { settings } from '../../src/contract/settings';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import { waitMinutes } from '../db/rate-window';
import { loginThrottle } from './login-throttle';
import { rehashPassword, userByUsername } from './account-store';
import { createSession, expireAccessToken, refreshSession, revokeSession, type SessionPolicy } from './sessions';

export const REFRESH_COOKIE = 'shop_refresh';
const ROTATION_GRACE_MS = 10_000;

export function sessionPolicy(config: Config): SessionPolicy {
  return {
    accessTtlMs: config.accessTokenTtlSeconds * 1000,
    refreshTtlMs: config.refreshTokenTtlSeconds * 1000,
    rotationGraceMs: ROTATION_GRACE_MS,
  };
}

/** Opens a login for a user: a session, its refresh cookie, and the access token answer. */
export async function startLogin(db: Kysely<Database>, request: FastifyRequest, reply: FastifyReply, userId: number, policy: SessionPolicy) {
  const issued = await createSession(db, userId, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }, policy);
  setRefreshCookie(request, reply, issued.refresh!, policy);
  return tokenAnswer(issued.access);
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, policy: SessionPolicy) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: Math.floor(policy.refreshTtlMs / 1000),
  });
}

const tokenAnswer = (access: string) => ({ [settings.tokenName]: access });

/** The login's schema; the build compiles its validator and serializers (scripts/route-code.ts). */
export const LOGIN_SCHEMA = routeSchema({ summary: 'Log in with user name and password', tags: ['auth'], body: LoginBody, data: TokenData, auth: false });

export async function authRoutes(app: App, { db, config }: { db: Kysely<Database>; config: Config }) {
  const policy = sessionPolicy(config);
  const throttle = loginThrottle(db);

  app.post(
    '/api/public/login-do',
    {
      config: { access: 'public' },
      schema: LOGIN_SCHEMA,
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = await throttle.wait(username, request.ip);
      if (wait > 0) throw new ApiError(Code.tooManyRequests, 'tooManyAttempts', { minutes: waitMinutes(wait) });
      const user = await userByUsername(db, username);
      const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
      const log = { userId: user?.id ?? null, username, action: 'login' as const, ip: request.ip };
      if (!user || !valid) {
        await throttle.failed(username, request.ip);
        await recordLog(db, { ...log, result: 'fail', detail: 'wrong credentials' });
        throw new ApiError(Code.badRequest, 'loginFailed');
      }
      if (user.status !== 1) {
        await recordLog(db, { ...log, result: 'fail', detail: 'disabled' });
        throw new ApiError(Code.forbidden, 'userDisabled');
      }
      await throttle.succeeded(username, request.ip);
      if (needsRehash(user.password_hash)) await rehashPassword(db, user.id, user.password_hash, await hashPassword(password));
      const answer = await startLogin(db, request, reply, user.id, policy);
      await recordLog(db, { ...log, result: 'ok' });
      return ok(answer);
    },
  );

  app.post(
    '/api/public/login-out',
    {
      config: { access: 'authenticated', whileLocked: true },
      schema: routeSchema({ summary: 'Log out: ends this login', tags: ['auth'], data: Type.Null(), auth: true }),
    },
    async (request, reply) => {
      const caller = request.caller!;
      await revokeSession(db, caller.sessionId);
      await recordLog(db, { userId: caller.userId, username: caller.username, action: 'logout', ip: request.ip, result: 'ok' });
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      return ok(null);
    },
  );

  app.get(
    '/refreshToken',
    {
      config: { access: 'public' },
      schema: routeSchema({ summary: 'Trade the refresh cookie for a new access token', tags: ['auth'], data: TokenData, auth: false }),
    },
    async (request, reply) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      const issued = refresh ? await refreshSession(db, refresh, policy) : null;
      if (!issued) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/' });
        throw new ApiError(Code.unauthorized, 'unauthorized');
      }
      if (issued.refresh) setRefreshCookie(request, reply, issued.refresh, policy);
      return ok(tokenAnswer(issued.access));
    },
  );

  app.get(
    '/expireToken',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Demo mode: expire the current access token at once', tags: ['auth'], data: Type.Null(), auth: true }),
    },
    async (request) => {
      if (!config.demoSeed) throw new ApiError(Code.notFound, 'demoOnly');
      await expireAccessToken(db, request.bearer!);
      return ok(null);
    },
  );
}
