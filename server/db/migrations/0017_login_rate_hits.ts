import { sql, type Generated, type Kysely } from 'kysely';
import type { Migration } from '../dialect';

interface Tables {
  login_failures: { id: Generated<number>; username: string; ip: string; created_at: number };
  rate_hits: { id: Generated<number>; bucket: string; subject: string; created_at: number };
}

/** The login window as it was when this step landed (a literal copy: the throttle may change later, history may not). */
const WINDOW_MS = 15 * 60_000;

/**
 * Failed logins move onto the sliding window public asking already counts in (rate_hits, bucket
 * `login`, subject "<address> <account>"): one module counts both (db/rate-window.ts). The failures
 * still inside their window are carried over, so a pair locked out before the upgrade stays locked
 * out; the older ones are dropped with login_failures.
 */
export const migration: Migration = {
  async up(raw) {
    const db = raw as Kysely<Tables>;
    const live = db
      .selectFrom('login_failures')
      .select([sql<string>`'login'`.as('bucket'), sql<string>`substr(ip || ' ' || username, 1, 128)`.as('subject'), 'created_at'])
      .where('created_at', '>', Date.now() - WINDOW_MS);
    await db.insertInto('rate_hits').columns(['bucket', 'subject', 'created_at']).expression(live).execute();
    await db.schema.dropTable('login_failures').execute();
  },
};
