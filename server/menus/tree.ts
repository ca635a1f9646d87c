import type { Menu } from '../db/schema';
import type { MenuNode } from '../../src/contract/api/menus';
import type { MenuItem } from '../../src/contract/api/auth';

/** A menu row as the console reads it, without its children. */
export function menuItemOf(row: Menu): Omit<MenuItem, 'children'> {
  return {
    path: row.path,
    name: row.name,
    icon: row.icon,
    hidden: row.hidden === 1,
    vue_path: row.vue_path,
    title: { zh: row.title_zh, en: row.title_en },
    permission: row.permission,
  };
}

/** The menu rows as the designer's tree: each item under its parent, in the order the rows come. */
export function menuTree(rows: Menu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>(
    rows.map((row) => [row.id, { id: row.id, parent_id: row.parent_id, ...menuItemOf(row), sort: row.sort, children: [] }]),
  );
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
