import type { Kysely } from 'kysely';
import type { Database, Menu } from '../db/schema';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ADMIN_ROLE, WILDCARD } from '../../src/contract/permissions';
import { MenuMoveBody, RoleGrants, RoleIdBody, type MenuNode, type PermissionCode } from '../../src/contract/api/menus';
import { SCREEN_DESIGN_PERMISSION } from '../../src/contract/api/screens';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { menuPermission } from './permission-codes';
import { nextVersion } from '../db/versioned';

/** Codes that guard server actions beside menus and resources, with what each allows. */
const KNOWN_CODES: PermissionCode[] = [
  { code: 'user:manage', title: { zh: '管理本团队成员', en: "Manage the team's members" } },
  { code: SCREEN_DESIGN_PERMISSION, title: { zh: '设计页面与资源', en: 'Design screens and resources' } },
];

export interface MenuRoutesOptions {
  db: Kysely<Database>;
  /** Permission codes the resources declare, with their titles. */
  resourceCodes(): Promise<PermissionCode[]>;
}

function tree(rows: Menu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        parent_id: row.parent_id,
        path: row.path,
        name: row.name,
        icon: row.icon,
        hidden: row.hidden === 1,
        vue_path: row.vue_path,
        title: { zh: row.title_zh, en: row.title_en },
        permission: row.permission,
        sort: row.sort,
        children: [],
      },
    ]),
  );
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const design = { access: { permission: SCREEN_DESIGN_PERMISSION } } as const;
const Anything = Type.Unknown();

/** The designer's menu editor (the whole tree, moved by drag and drop) and role grant editor. */
export async function menuRoutes(app: App, { db, resourceCodes }: MenuRoutesOptions) {
  const allMenus = () => db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();

  app.post(
    '/api/menus/tree',
    { config: design, schema: routeSchema({ summary: 'Every menu item as a tree, in menu order', tags: ['menus'], data: Anything, auth: true }) },
    async () => ok(tree(await allMenus())),
  );

  app.post(
    '/api/menus/move',
    { config: design, schema: routeSchema({ summary: 'Moves a menu item under a parent, at a position', tags: ['menus'], body: MenuMoveBody, data: Anything, auth: true }) },
    async (request) => {
      const { id, parent_id, index } = request.body;
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('menus').select(['id', 'parent_id', 'sort']).orderBy('sort').orderBy('id').execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        if (!byId.has(id) || (parent_id !== null && !byId.has(parent_id))) throw new ApiError(Code.notFound, 'menuNotFound');
        for (let at: number | null = parent_id; at !== null; at = byId.get(at)!.parent_id) {
          if (at === id) throw new ApiError(Code.badRequest, 'menuCycle');
        }
        const siblings = rows.filter((r) => r.parent_id === parent_id && r.id !== id).map((r) => r.id);
        siblings.splice(Math.min(index, siblings.length), 0, id);
        const now = Date.now();
        await trx.updateTable('menus').set({ parent_id, updated_at: now, version: nextVersion }).where('id', '=', id).execute();
        for (const [sort, sibling] of siblings.entries()) {
          await trx.updateTable('menus').set({ sort, version: nextVersion }).where('id', '=', sibling).execute();
        }
      });
      await recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action: 'menu-move', target: String(id), ip: request.ip, result: 'ok' });
      return ok(tree(await allMenus()));
    },
  );

  app.post(
    '/api/roles/permission-codes',
    { config: design, schema: routeSchema({ summary: 'Permission codes an admin can grant beside menu items', tags: ['roles'], data: Anything, auth: true }) },
    async () => {
      const codes = new Map<string, PermissionCode>();
      for (const known of [...KNOWN_CODES, ...(await resourceCodes())]) codes.set(known.code, known);
      const granted = await db.selectFrom('role_permissions').select('permission').distinct().execute();
      for (const { permission } of granted) {
        if (permission !== WILDCARD && !permission.startsWith(menuPermission('')) && !codes.has(permission)) {
          codes.set(permission, { code: permission, title: { zh: permission, en: permission } });
        }
      }
      return ok([...codes.values()].sort((a, b) => a.code.localeCompare(b.code)));
    },
  );

  app.post(
    '/api/roles/grants/get',
    { config: design, schema: routeSchema({ summary: "A role's menu items and permission codes", tags: ['roles'], body: RoleIdBody, data: RoleGrants, auth: true }) },
    async (request) => {
      const { role_id } = request.body;
      const role = await db.selectFrom('roles').select('id').where('id', '=', role_id).executeTakeFirst();
      if (!role) throw new ApiError(Code.notFound, 'roleNotFound');
      const menus = await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', role_id).execute();
      const permissions = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', role_id).execute();
      return ok({
        role_id,
        menu_ids: menus.map((m) => m.menu_id).sort((a, b) => a - b),
        permissions: permissions.map((p) => p.permission).filter((p) => !p.startsWith(menuPermission(''))).sort(),
      });
    },
  );

  app.post(
    '/api/roles/grants/save',
    { config: design, schema: routeSchema({ summary: "Replaces a role's menu items and permission codes", tags: ['roles'], body: RoleGrants, data: Type.Null(), auth: true }) },
    async (request) => {
      const grants = request.body;
      await db.transaction().execute(async (trx) => {
        const role = await trx.selectFrom('roles').select(['id', 'code']).where('id', '=', grants.role_id).executeTakeFirst();
        if (!role) throw new ApiError(Code.notFound, 'roleNotFound');
        if (role.code === ADMIN_ROLE) throw new ApiError(Code.forbidden, 'adminRoleFixed');
        const menuIds = [...new Set(grants.menu_ids)];
        const menus = menuIds.length ? await trx.selectFrom('menus').select(['id', 'name']).where('id', 'in', menuIds).execute() : [];
        if (menus.length !== menuIds.length) throw new ApiError(Code.notFound, 'menuNotFound');
        await trx.deleteFrom('role_menus').where('role_id', '=', role.id).execute();
        await trx.deleteFrom('role_permissions').where('role_id', '=', role.id).execute();
        for (const menu of menus) {
          await trx.insertInto('role_menus').values({ role_id: role.id, menu_id: menu.id }).execute();
          await trx.insertInto('role_permissions').values({ role_id: role.id, permission: menuPermission(menu.name) }).execute();
        }
        // The wildcard is the administrator's alone: no other role gets everything by a checkbox.
        const codes = new Set(grants.permissions.filter((p) => p !== WILDCARD && !p.startsWith(menuPermission(''))));
        for (const permission of codes) await trx.insertInto('role_permissions').values({ role_id: role.id, permission }).execute();
      });
      await recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action: 'role-grants', target: String(grants.role_id), ip: request.ip, result: 'ok' });
      return ok(null);
    },
  );
}
