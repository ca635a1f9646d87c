import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { IndexInitData } from '../../src/contract/api/auth';
import { ok } from '../http/envelope';
import { routeSchema, type App } from '../http/route';
import { menuFor, routeStatus } from './menu-tree';
import { RouteStatusBody, RouteStatusData } from '../../src/contract/api/route-status';
import { userWithTeam } from '../auth/account-store';

export async function indexRoutes(app: App, { db }: { db: Kysely<Database> }) {
  app.post(
    '/api/index/index-init',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({
        summary: "The caller's profile, roles, team and menu",
        tags: ['index'],
        data: IndexInitData,
        auth: true,
      }),
    },
    async (request) => {
      const caller = request.caller!;
      const access = await request.access();
      const user = await userWithTeam(db, caller.userId);
      return ok({
        user_info: { id: user.id, name: user.name, logo: user.logo },
        role: access.role,
        role_type: access.roleTypes,
        permission: access.permission,
        team: { id: user.team_id, name: user.team_name, type: user.team_type },
        menu: await menuFor(db, access),
      });
    },
  );

  app.post(
    '/api/index/route-status',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({
        summary: 'Whether an address outside the caller\'s menu is a page they may not open (403) or no page (404)',
        tags: ['index'],
        body: RouteStatusBody,
        data: RouteStatusData,
        auth: true,
      }),
    },
    async (request) => ok({ status: await routeStatus(db, await request.access(), request.body.path) }),
  );
}
