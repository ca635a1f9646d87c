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
 * conversation): the keys asked for in the same turn of the event loop are fetched by one query, so
 * under load the database answers one query per turn instead of one per message, and on PostgreSQL
 * the messages of a turn wait for one round trip instead of queueing for the pool's connections.
 * Each database (or transaction) gets its own query. Nothing is kept between turns: every answer is
 * read after it was asked for.
 */
export function batchedLookup<K, V>(fetch: Fetch<K, V>): (db: Kysely<Database>, key: K) => Promise<V | undefined> {
  const pending = new Map<Kysely<Database>, Map<K, Array<Waiter<V>>>>();

  function run(db: Kysely<Database>, asked: Map<K, Array<Waiter<V>>>) {
    pending.delete(db);
    const keys = [...asked.keys()];
    for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
      const slice = keys.slice(start, start + KEYS_PER_QUERY);
      fetch(db, slice).then(
        (found) => {
          for (const key of slice) for (const waiter of asked.get(key)!) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const key of slice) for (const waiter of asked.get(key)!) waiter.reject(error);
        },
      );
    }
  }

  return (db, key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let asked = pending.get(db);
      if (!asked) {
        const fresh = new Map<K, Array<Waiter<V>>>();
        pending.set(db, fresh);
        setImmediate(() => run(db, fresh));
        asked = fresh;
      }
      const waiters = asked.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else asked.set(key, [{ resolve, reject }]);
    });
}
