import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hasAccess } from '../../src/contract/permissions';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { checkAccess, noteActivity, type Caller } from './sessions';
import type { UserAccess } from './access';
import { keptAccess } from './kept-access';
import type { BatchWriter } from '../db/batch';

/**
 * What a route needs: `public` (no login), `authenticated` (any login) or a permission code. Every
 * route of the API must say it; the server refuses to start with one that does not.
 */
export type RouteAccess = 'public' | 'authenticated' | { permission: string };

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declared, for the test that proves none is left open by mistake. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Reachable while the session is locked (unlock, logout). */
    whileLocked?: boolean;
    /** Background calls (polling) that must not count as the user being active. */
    passive?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The caller's roles and permissions, loaded once per request when first asked for. */
    access(): Promise<UserAccess>;
    /** The raw access token of the request, when there is one. */
    bearer: string | null;
  }
}

/** Paths whose routes must declare their access; the API docs are public by design. */
const GUARDED = /^\/(api|chat|expireToken|refreshToken)(\/|$)/;
const DOCS = /^\/api\/docs(\/|$)/;

export function needsAccessDeclaration(url: string): boolean {
  return GUARDED.test(url) && !DOCS.test(url);
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export const guardPlugin = fp<{ db: Kysely<Database>; writes: BatchWriter; idleLockMs: number }>(async (app: FastifyInstance, { db, writes, idleLockMs }) => {
  app.decorateRequest('caller', null);
  app.decorateRequest('bearer', null);
  const loaded = new WeakMap<FastifyRequest, Promise<UserAccess>>();
  const accessOf = keptAccess(db);
  app.decorateRequest('access', function (this: FastifyRequest): Promise<UserAccess> {
    if (!this.caller) return Promise.reject(new ApiError(Code.unauthorized, 'unauthorized'));
    let access = loaded.get(this);
    if (!access) {
      access = accessOf(this.caller.userId);
      loaded.set(this, access);
    }
    return access;
  });

  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access: route.config?.access });
    if (needsAccessDeclaration(route.url) && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerOf(request);
    if (!token) throw new ApiError(Code.unauthorized, 'unauthorized');
    const check = await checkAccess(db, token);
    if (check.kind === 'invalid') throw new ApiError(Code.unauthorized, 'unauthorized');
    if (check.kind === 'expired') throw new ApiError(Code.tokenExpired, 'tokenExpired');
    const caller = check.caller;
    request.caller = caller;
    request.bearer = token;
    const config = request.routeOptions.config;
    await noteActivity(writes, caller, { idleLockMs, passive: config.passive });
    if (caller.locked && !config.whileLocked) throw new ApiError(Code.locked, 'locked');
    if (access !== 'authenticated' && !hasAccess(await request.access(), access.permission)) {
      throw new ApiError(Code.forbidden, 'forbidden');
    }
  });
}, { name: 'guard' });
