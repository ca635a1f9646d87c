import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { IndexInitData } from '../../src/contract/api/auth';
import { ok } from '../http/envelope';
import { routeSchema, type App } from '../http/route';
import { menuFor } from './menu-tree';
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
}
