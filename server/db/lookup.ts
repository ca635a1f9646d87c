import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Finds the rows of many keys at once; a key with no row is left out of the answer. */
export type Fetch<K, V> = (db: Kysely<Database>, keys: K[]) => Promise<Map<K, V>>;

/** Keys one query carries, well within both databases' limits on bound parameters. */
const KEYS_PER_QUERY = 1_000;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * A lookup by key that a hot path makes for every message (the sender's login, the two users of a
 * conversation): the keys asked for in the same turn of the event loop are fetched by one query, and
 * while that query is under way the keys asked for meanwhile wait and go in the next one. Under load
 * the database answers one query at a time per lookup however many messages arrive, each carrying
 * the keys of every message that came while the last was answered, and on PostgreSQL they hold one
 * of the pool's connections instead of queueing for all of them. Each database (or transaction) gets
 * its own queries. Nothing is kept between queries: every answer is read after it was asked for.
 */
export function batchedLookup<K, V>(fetch: Fetch<K, V>): (db: Kysely<Database>, key: K) => Promise<V | undefined> {
  const pending = new Map<Kysely<Database>, Map<K, Array<Waiter<V>>>>();
  /** Databases with a query of this lookup under way or about to start. */
  const busy = new Set<Kysely<Database>>();

  async function answer(db: Kysely<Database>, asked: Map<K, Array<Waiter<V>>>) {
    const keys = [...asked.keys()];
    const slices: K[][] = [];
    for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) slices.push(keys.slice(start, start + KEYS_PER_QUERY));
    await Promise.all(
      slices.map((slice) =>
        fetch(db, slice).then(
          (found) => {
            for (const key of slice) for (const waiter of asked.get(key)!) waiter.resolve(found.get(key));
          },
          (error: unknown) => {
            for (const key of slice) for (const waiter of asked.get(key)!) waiter.reject(error);
          },
        ),
      ),
    );
  }

  function run(db: Kysely<Database>) {
    const asked = pending.get(db);
    if (!asked) {
      busy.delete(db);
      return;
    }
    pending.delete(db);
    void answer(db, asked).finally(() => run(db));
  }

  return (db, key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let asked = pending.get(db);
      if (!asked) pending.set(db, (asked = new Map()));
      const waiters = asked.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else asked.set(key, [{ resolve, reject }]);
      if (!busy.has(db)) {
        busy.add(db);
        setImmediate(() => run(db));
      }
    });
}
