/**
 * Totals of list queries, kept briefly. Counting every matching row is most of the cost of a list
 * page on a large table, and a seller paging, sorting or refreshing asks the same count again and
 * again. A total is reused for the same table and filter until any record of the resource is
 * written through this server (which forgets them at once) or TOTAL_TTL_MS pass (which bounds how
 * stale a total can be after a write elsewhere: another process, or a module writing its own
 * table directly). The rows of a page are always read fresh.
 */
export const TOTAL_TTL_MS = 3000;
const MAX_ENTRIES = 2000;

interface Entry {
  total: number;
  generation: number;
  at: number;
}

export interface TotalsCache {
  /**
   * The kept total of a count query of a resource if still good; otherwise the resource's write
   * generation, to store with the total counted now (a write committed meanwhile then voids it).
   */
  lookup(resource: string, key: string): { total: number } | { generation: number };
  set(resource: string, key: string, total: number, generation: number): void;
  /** A record of the resource was written: its totals no longer hold. */
  written(resource: string): void;
}

export function totalsCache(now: () => number = Date.now): TotalsCache {
  const entries = new Map<string, Entry>();
  const generations = new Map<string, number>();
  const generationOf = (resource: string) => generations.get(resource) ?? 0;
  return {
    lookup(resource, key) {
      const entry = entries.get(`${resource}\n${key}`);
      const generation = generationOf(resource);
      if (!entry || entry.generation !== generation || now() - entry.at > TOTAL_TTL_MS) return { generation };
      return { total: entry.total };
    },
    set(resource, key, total, generation) {
      const id = `${resource}\n${key}`;
      entries.delete(id);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(id, { total, generation, at: now() });
    },
    written(resource) {
      generations.set(resource, generationOf(resource) + 1);
    },
  };
}
