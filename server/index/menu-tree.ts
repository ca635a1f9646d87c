import type { Kysely } from 'kysely';
import type { Database, Menu } from '../db/schema';
import type { MenuItem } from '../../src/contract/api/auth';
import type { RouteStatus } from '../../src/contract/api/route-status';
import type { UserAccess } from '../auth/access';
import { menuItemOf } from '../menus/tree';

/** The menu rows a user's roles grant; null when they grant none. Admins are granted every row. */
function grantedMenus(db: Kysely<Database>, access: UserAccess) {
  const query = db.selectFrom('menus');
  if (access.admin) return query;
  if (access.roleIds.length === 0) return null;
  return query.where('id', 'in', (eb) => eb.selectFrom('role_menus').select('menu_id').where('role_id', 'in', access.roleIds));
}

/** The menu a user's roles grant, as a tree in menu order. Admins get every item. */
export async function menuFor(db: Kysely<Database>, access: UserAccess): Promise<MenuItem[]> {
  const granted = grantedMenus(db, access);
  return granted ? buildTree(await granted.selectAll('menus').orderBy('sort').orderBy('id').execute()) : [];
}

/** Whether a user may open a view: an item of their menu names it, or they are an admin. */
export async function mayOpenView(db: Kysely<Database>, access: UserAccess, vuePath: string): Promise<boolean> {
  if (access.admin) return true;
  const granted = grantedMenus(db, access);
  return granted !== null && (await granted.select('id').where('vue_path', '=', vuePath).executeTakeFirst()) !== undefined;
}

/**
 * What an address is to a user: a page their menu grants, a page of someone else's menu (forbidden),
 * or no page at all (missing). Admins are granted every menu row, so they never meet "forbidden".
 */
export async function routeStatus(db: Kysely<Database>, access: UserAccess, path: string): Promise<RouteStatus> {
  const granted = grantedMenus(db, access);
  if (granted && (await granted.select('id').where('path', '=', path).where('vue_path', '!=', '').executeTakeFirst())) return 'granted';
  const exists = await db.selectFrom('menus').select('id').where('path', '=', path).where('vue_path', '!=', '').executeTakeFirst();
  return exists ? 'forbidden' : 'missing';
}

export function buildTree(rows: Menu[]): MenuItem[] {
  const byParent = new Map<number | null, Menu[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    // An item whose parent is not granted hangs from the root rather than vanishing.
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const toItem = (row: Menu): MenuItem => ({ ...menuItemOf(row), children: (byParent.get(row.id) ?? []).map(toItem) });
  return (byParent.get(null) ?? []).map(toItem);
}
