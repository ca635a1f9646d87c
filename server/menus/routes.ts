import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { MenuMoveBody, RoleGrants, RoleIdBody, type PermissionCode } from '../../src/contract/api/menus';
import { SCREEN_DESIGN_PERMISSION } from '../../src/contract/api/screens';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { allMenus, grantedPermissions, moveMenu, roleGrants, saveRoleGrants } from './store';
import { grantableCodes } from './permission-codes';
import { menuTree } from './tree';

export interface MenuRoutesOptions {
  db: Kysely<Database>;
  /** Permission codes the resources declare, with their titles. */
  resourceCodes(): Promise<PermissionCode[]>;
}

const design = { access: { permission: SCREEN_DESIGN_PERMISSION } } as const;
const Anything = Type.Unknown();

/** The designer's menu editor (the whole tree, moved by drag and drop) and role grant editor. */
export async function menuRoutes(app: App, { db, resourceCodes }: MenuRoutesOptions) {
  app.post(
    '/api/menus/tree',
    { config: design, schema: routeSchema({ summary: 'Every menu item as a tree, in menu order', tags: ['menus'], data: Anything, auth: true }) },
    async () => ok(menuTree(await allMenus(db))),
  );

  app.post(
    '/api/menus/move',
    { config: design, schema: routeSchema({ summary: 'Moves a menu item under a parent, at a position', tags: ['menus'], body: MenuMoveBody, data: Anything, auth: true }) },
    async (request) => {
      const { id } = request.body;
      await moveMenu(db, request.body);
      await recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action: 'menu-move', target: `menus:${id}`, ip: request.ip, result: 'ok' });
      return ok(menuTree(await allMenus(db)));
    },
  );

  app.post(
    '/api/roles/permission-codes',
    { config: design, schema: routeSchema({ summary: 'Permission codes an admin can grant beside menu items', tags: ['roles'], data: Anything, auth: true }) },
    async () => {
      return ok(grantableCodes(await resourceCodes(), await grantedPermissions(db)));
    },
  );

  app.post(
    '/api/roles/grants/get',
    { config: design, schema: routeSchema({ summary: "A role's menu items and permission codes", tags: ['roles'], body: RoleIdBody, data: RoleGrants, auth: true }) },
    async (request) => {
      const grants = await roleGrants(db, request.body.role_id);
      if (!grants) throw new ApiError(Code.notFound, 'roleNotFound');
      return ok(grants);
    },
  );

  app.post(
    '/api/roles/grants/save',
    { config: design, schema: routeSchema({ summary: "Replaces a role's menu items and permission codes", tags: ['roles'], body: RoleGrants, data: Type.Null(), auth: true }) },
    async (request) => {
      const grants = request.body;
      await saveRoleGrants(db, grants);
      await recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action: 'role-grants', target: `roles:${grants.role_id}`, ip: request.ip, result: 'ok' });
      return ok(null);
    },
  );
}
