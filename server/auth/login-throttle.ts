/**
 * Failed logins, counted per account and address on the shared window (db/rate-window.ts), so a
 * stranger guessing from elsewhere cannot lock the real owner out, and every process counts alike.
 * A successful login forgets the pair's failures.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sharedWindow, type SharedWindow } from '../db/rate-window';

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 5;
/** The bucket of rate_hits failed logins are counted in (migration 0017 carried the older ones there). */
export const LOGIN_BUCKET = 'login';

/** The pair counted: an address holds no space, so it and the account name never run together. */
export const loginSubject = (username: string, ip: string) => `${ip} ${username}`;

export interface LoginThrottle {
  /** How long this pair must wait, in ms, or 0. */
  wait(username: string, ip: string, now?: number): Promise<number>;
  failed(username: string, ip: string, now?: number): Promise<void>;
  succeeded(username: string, ip: string): Promise<void>;
}

export function loginThrottle(db: Kysely<Database>): LoginThrottle {
  const failures: SharedWindow = sharedWindow(db, LOGIN_BUCKET, MAX_FAILURES, WINDOW_MS);
  return {
    wait: (username, ip, now = Date.now()) => failures.wait(loginSubject(username, ip), now),
    failed: (username, ip, now = Date.now()) => failures.record(loginSubject(username, ip), now),
    succeeded: (username, ip) => failures.clear(loginSubject(username, ip)),
  };
}
