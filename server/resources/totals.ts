/**
 * Totals of list queries, kept. Counting every matching row is most of the cost of a list page on
 * a large table, and sellers paging, sorting or refreshing ask the same count again and again. A
 * total is kept under its query (the caller passes what decides its SQL: scope, roles, filters,
 * keyword) with the write counter its table had when it was counted (table-versions.ts), and is
 * reused while that counter has not moved: any write to the table, by any module of any server
 * process, ends it. The rows of a page are always read fresh.
 */
import { tableVersion } from './table-versions';
import type { DynamicDb } from './store';

const MAX_ENTRIES = 2000;

interface Entry {
  total: number;
  version: number;
}

export interface TotalsCache {
  /** The total of a count query of a table: kept if its table was not written since, else counted now. */
  total(db: DynamicDb, table: string, key: string, count: () => Promise<number>): Promise<number>;
}

export function totalsCache(): TotalsCache {
  const entries = new Map<string, Entry>();
  return {
    async total(db, table, key, count) {
      // Read before counting: a write committed meanwhile moves the counter past what is stored.
      const version = await tableVersion(db, table);
      if (version === null) return count();
      const id = `${table}\n${key}`;
      const entry = entries.get(id);
      if (entry?.version === version) return entry.total;
      const total = await count();
      entries.delete(id);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(id, { total, version });
      return total;
    },
  };
}
