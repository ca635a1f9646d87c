/**
 * Rate limits of quoting's public side, counted in the database like failed logins
 * (auth/login-throttle.ts), so every server process sees the same attempts: a caller refused by
 * one process is refused by all.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SharedWindow {
  /**
   * Records one attempt of `subject` unless it has used up the limit already; answers the minutes
   * it must wait then, else 0.
   */
  hit(subject: string, now: number): Promise<number>;
}

/** A sliding window of at most `limit` attempts per subject in `windowMs`, named `bucket`. */
export function sharedWindow(db: Kysely<Database>, bucket: string, limit: number, windowMs: number): SharedWindow {
  return {
    async hit(subject, now) {
      const key = subject.slice(0, 128);
      const recent = await db
        .selectFrom('rate_hits')
        .select('created_at')
        .where('bucket', '=', bucket)
        .where('subject', '=', key)
        .where('created_at', '>', now - windowMs)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      // The subject may try again once the oldest of its last `limit` attempts leaves the window.
      if (recent.length >= limit) return Math.max(1, Math.ceil((Number(recent[limit - 1].created_at) + windowMs - now) / 60_000));
      await db.insertInto('rate_hits').values({ bucket, subject: key, created_at: now }).execute();
      await db.deleteFrom('rate_hits').where('bucket', '=', bucket).where('created_at', '<=', now - windowMs).execute();
      return 0;
    },
  };
}
