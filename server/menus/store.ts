/** The menu tree and the roles' grants, as the designer's menu and role editors change them. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { Code } from '../../src/contract/envelope';
import { ADMIN_ROLE, WILDCARD } from '../../src/contract/permissions';
import type { MenuMoveBody, RoleGrants } from '../../src/contract/api/menus';
import { ApiError } from '../http/errors';
import { nextVersion } from '../db/versioned';
import { isMenuPermission, menuPermission } from './permission-codes';

export function allMenus(db: Kysely<Database>) {
  return db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();
}

/** Moves an item under a parent (null: the top) at a position among its new siblings, never under itself. */
export function moveMenu(db: Kysely<Database>, { id, parent_id, index }: MenuMoveBody, now = Date.now()): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('menus').select(['id', 'parent_id', 'sort']).orderBy('sort').orderBy('id').execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (!byId.has(id) || (parent_id !== null && !byId.has(parent_id))) throw new ApiError(Code.notFound, 'menuNotFound');
    for (let at: number | null = parent_id; at !== null; at = byId.get(at)!.parent_id) {
      if (at === id) throw new ApiError(Code.badRequest, 'menuCycle');
    }
    const siblings = rows.filter((r) => r.parent_id === parent_id && r.id !== id).map((r) => r.id);
    siblings.splice(Math.min(index, siblings.length), 0, id);
    await trx.updateTable('menus').set({ parent_id, updated_at: now, version: nextVersion }).where('id', '=', id).execute();
    for (const [sort, sibling] of siblings.entries()) {
      await trx.updateTable('menus').set({ sort, version: nextVersion }).where('id', '=', sibling).execute();
    }
  });
}

/** Every permission code some role holds. */
export async function grantedPermissions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('role_permissions').select('permission').distinct().execute();
  return rows.map((row) => row.permission);
}

/** A role's menu items and the codes it holds beside them; undefined when there is no such role. */
export async function roleGrants(db: Kysely<Database>, roleId: number): Promise<RoleGrants | undefined> {
  const role = await db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst();
  if (!role) return undefined;
  const menus = await db.selectFrom('role_menus').select('menu_id').where('role_id', '=', roleId).execute();
  const permissions = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
  return {
    role_id: roleId,
    menu_ids: menus.map((m) => m.menu_id).sort((a, b) => a - b),
    permissions: permissions.map((p) => p.permission).filter((p) => !isMenuPermission(p)).sort(),
  };
}

/** Replaces a role's menu items (each with its menu code) and codes; the administrator's role stays as it is. */
export function saveRoleGrants(db: Kysely<Database>, grants: RoleGrants): Promise<void> {
  return db.transaction().execute(async (trx) => {
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
    const codes = new Set(grants.permissions.filter((p) => p !== WILDCARD && !isMenuPermission(p)));
    for (const permission of codes) await trx.insertInto('role_permissions').values({ role_id: role.id, permission }).execute();
  });
}
