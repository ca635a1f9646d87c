/**
 * Attempts counted in a sliding window in the database (table rate_hits), so every server process
 * sees the same attempts: a caller refused by one process is refused by all. Public asking counts
 * every ask (quoting/routes.ts); logging in counts only failures and forgets them on success
 * (auth/login-throttle.ts). A window is named by its bucket; a subject is who is counted in it.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const SUBJECT_MAX = 128;

export interface SharedWindow {
  /** How long `subject` must wait before its next attempt counts, in ms; 0 when it may go on. */
  wait(subject: string, now: number): Promise<number>;
  /** Counts one attempt of `subject`, and sweeps the bucket's attempts that left the window. */
  record(subject: string, now: number): Promise<void>;
  /** Forgets every attempt of `subject` (a login that succeeded). */
  clear(subject: string): Promise<void>;
  /** Counts one attempt unless `subject` has used up the limit already; answers the wait then (ms), else 0. */
  hit(subject: string, now: number): Promise<number>;
}

/** A sliding window of at most `limit` attempts per subject in `windowMs`, named `bucket`. */
export function sharedWindow(db: Kysely<Database>, bucket: string, limit: number, windowMs: number): SharedWindow {
  const keyOf = (subject: string) => subject.slice(0, SUBJECT_MAX);
  const window: SharedWindow = {
    async wait(subject, now) {
      const recent = await db
        .selectFrom('rate_hits')
        .select('created_at')
        .where('bucket', '=', bucket)
        .where('subject', '=', keyOf(subject))
        .where('created_at', '>', now - windowMs)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      // The subject may try again once the oldest of its last `limit` attempts leaves the window.
      return recent.length < limit ? 0 : Math.max(1, Number(recent[limit - 1].created_at) + windowMs - now);
    },
    async record(subject, now) {
      await db.insertInto('rate_hits').values({ bucket, subject: keyOf(subject), created_at: now }).execute();
      await db.deleteFrom('rate_hits').where('bucket', '=', bucket).where('created_at', '<=', now - windowMs).execute();
    },
    async clear(subject) {
      await db.deleteFrom('rate_hits').where('bucket', '=', bucket).where('subject', '=', keyOf(subject)).execute();
    },
    async hit(subject, now) {
      const wait = await window.wait(subject, now);
      if (wait === 0) await window.record(subject, now);
      return wait;
    },
  };
  return window;
}

/** A wait in ms as the whole minutes a refusal tells (at least one). */
export const waitMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
