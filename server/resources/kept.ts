/**
 * What a list works out from a whole table, kept until the table is written: the totals of its
 * queries (counting every matching row is most of the cost of a page on a large table, and sellers
 * paging, sorting or refreshing ask the same count again and again) and the keyword index's
 * candidate rows for a keyword. A value is kept under its key with the write counter its table had
 * when it was worked out (table-versions.ts), and reused while that counter has not moved: any
 * write to the table, by any module of any server process, ends it.
 * A page's rows are kept the same way: they are what the table held at that counter, so while it
 * stands they are what a read would answer. The labels of its lookups are kept under the counter of
 * the table they are read from; its actions, which read other tables, are not kept.
 */
import { tableVersion } from './table-versions';
import type { DynamicDb } from './store';

/**
 * What the cache holds at most, in rows: a total or a plan counts as one, a page as its rows (a
 * thousand-row page weighs a thousand totals). About 30 MB of rows of a dozen fields.
 */
const MOST_ROWS = 40_000;

interface Entry {
  value: unknown;
  version: number;
  weight: number;
}

/** A value that says what it weighs, in rows (a keyword's candidate ids). */
export interface Weighed {
  keptWeight: number;
}

/** A page weighs its rows; a value that says its weight that; anything else one. */
function weightOf(value: unknown): number {
  if (Array.isArray(value)) return Math.max(1, value.length);
  if (typeof value === 'object' && value !== null && 'keptWeight' in value) return (value as Weighed).keptWeight;
  return 1;
}

/** A table as its counter stood when read: what was kept at that counter, or is worked out now. */
export interface KeptTable {
  /** The value of `work` under `key` (which must say all the value depends on but the table's rows). */
  kept<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export interface KeptCache {
  /**
   * The table's values as of its counter now. One read of the counter serves every value a request
   * asks for (a list's keyword plan, page and total): each is worked out after it was read, so a
   * write committed meanwhile still moves the counter past what is stored.
   */
  at(db: DynamicDb, table: string): Promise<KeptTable>;
}

export function keptCache(): KeptCache {
  const entries = new Map<string, Entry>();
  let weight = 0;
  const forget = (id: string) => {
    weight -= entries.get(id)?.weight ?? 0;
    entries.delete(id);
  };
  // Work under way, by key and counter: fifty clients asking a new keyword at once wait for one
  // count of it, not fifty counts side by side.
  const working = new Map<string, Promise<unknown>>();

  async function kept<T>(table: string, version: number | null, key: string, work: () => Promise<T>): Promise<T> {
    if (version === null) return work();
    const id = `${table}\n${key}`;
    const entry = entries.get(id);
    if (entry?.version === version) return entry.value as T;
    const job = `${version}\n${id}`;
    const running = working.get(job);
    if (running) return running as Promise<T>;
    const done = work().then((value) => {
      // A later counter's value may have been stored meanwhile: an older one does not replace it.
      const added = weightOf(value);
      if ((entries.get(id)?.version ?? -1) <= version && added <= MOST_ROWS) {
        forget(id);
        // The oldest go first (a Map keeps the order values were stored in).
        while (weight + added > MOST_ROWS) forget(entries.keys().next().value!);
        entries.set(id, { value, version, weight: added });
        weight += added;
      }
      return value;
    });
    working.set(job, done);
    try {
      return await done;
    } finally {
      working.delete(job);
    }
  }

  return {
    async at(db, table) {
      const version = await tableVersion(db, table);
      return { kept: (key, work) => kept(table, version, key, work) };
    },
  };
}
