import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 5;

/**
 * Failed logins are counted per account and address, so a stranger guessing from elsewhere cannot
 * lock the real owner out. Answers how long this pair must wait, in ms, or 0.
 */
export async function loginWait(db: Kysely<Database>, username: string, ip: string, now = Date.now()): Promise<number> {
  const recent = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('username', '=', username)
    .where('ip', '=', ip)
    .where('created_at', '>', now - WINDOW_MS)
    .orderBy('created_at', 'desc')
    .limit(MAX_FAILURES)
    .execute();
  if (recent.length < MAX_FAILURES) return 0;
  // The pair may try again once the oldest of the last five failures leaves the window.
  return recent[MAX_FAILURES - 1].created_at + WINDOW_MS - now;
}

export async function recordLoginFailure(db: Kysely<Database>, username: string, ip: string, now = Date.now()) {
  await db.insertInto('login_failures').values({ username, ip, created_at: now }).execute();
  await db.deleteFrom('login_failures').where('created_at', '<', now - WINDOW_MS).execute();
}

export async function clearLoginFailures(db: Kysely<Database>, username: string, ip: string) {
  await db.deleteFrom('login_failures').where('username', '=', username).where('ip', '=', ip).execute();
}
