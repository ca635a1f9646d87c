import type { Kysely } from 'kysely';
import type { Database, Menu } from '../db/schema';
import type { MenuItem } from '../../src/contract/api/auth';
import type { UserAccess } from '../auth/access';
import { menuItemOf } from '../menus/tree';

/** The menu a user's roles grant, as a tree in menu order. Admins get every item. */
export async function menuFor(db: Kysely<Database>, access: UserAccess): Promise<MenuItem[]> {
  let query = db.selectFrom('menus').selectAll('menus').orderBy('sort').orderBy('id');
  if (!access.admin) {
    if (access.roleIds.length === 0) return [];
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('role_menus').select('menu_id').where('role_id', 'in', access.roleIds),
    );
  }
  return buildTree(await query.execute());
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
