import type { ResourceRecord } from '../../contract/resource';

/**
 * A page of records as a tree by their parent field: a record whose parent is not on the page is a
 * root, so a filtered page still shows every row it holds.
 */
export function treeOf(rows: ResourceRecord[], parentField: string): { roots: ResourceRecord[]; children: Map<number, ResourceRecord[]> } {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, ResourceRecord[]>();
  const roots: ResourceRecord[] = [];
  for (const row of rows) {
    const parent = Number(row[parentField]);
    if (parent && parent !== row.id && ids.has(parent)) {
      const siblings = children.get(parent);
      if (siblings) siblings.push(row);
      else children.set(parent, [row]);
    } else roots.push(row);
  }
  // Records in a parent cycle reach no root: one of them becomes a root and the edge back to it is
  // dropped, so nothing is lost and the tree stays finite.
  const reached = new Set<number>();
  const walk = (row: ResourceRecord) => {
    reached.add(row.id);
    const below = children.get(row.id)?.filter((child) => !reached.has(child.id));
    if (below?.length) children.set(row.id, below);
    else children.delete(row.id);
    below?.forEach(walk);
  };
  roots.forEach(walk);
  for (const row of rows) {
    if (reached.has(row.id)) continue;
    roots.push(row);
    walk(row);
  }
  return { roots, children };
}
