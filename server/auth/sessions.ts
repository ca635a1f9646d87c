import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newToken, tokenHash } from './tokens';
import { lockKey, type BatchWriter, type WriteGroup } from '../db/batch';
import { prepared } from '../db/prepared';
import { batchedLookup } from '../db/lookup';
import { byKeys, fixedStatement, isPostgres, rowSetSql } from '../db/rowset';

export interface SessionPolicy {
  accessTtlMs: number;
  /** Absolute lifetime of a login. */
  refreshTtlMs: number;
  /** How long a just-rotated refresh token is still honoured (two tabs refreshing at once). */
  rotationGraceMs: number;
}

export interface IssuedTokens {
  access: string;
  /** Absent when the browser already holds the current refresh token (grace-window refresh). */
  refresh?: string;
  sessionId: number;
}

export interface Caller {
  sessionId: number;
  userId: number;
  teamId: number;
  /** The type of the caller's team (1 asking, 2 quoting, 3 operation), 0 without one: read with the login, which every request checks. */
  teamType: number;
  username: string;
  name: string;
  /** When this login last did something on purpose (polling does not count). */
  lastSeenAt: number;
  locked: boolean;
}

export type AccessCheck = { kind: 'ok'; caller: Caller } | { kind: 'expired' } | { kind: 'invalid' };

async function issueAccess(db: Kysely<Database>, sessionId: number, policy: SessionPolicy, now: number) {
  const access = newToken();
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: tokenHash(access), session_id: sessionId, expires_at: now + policy.accessTtlMs })
    .execute();
  return access;
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  client: { ip: string; userAgent: string },
  policy: SessionPolicy,
  now = Date.now(),
): Promise<IssuedTokens> {
  const refresh = newToken();
  const { id } = await db
    .insertInto('auth_sessions')
    .values({
      user_id: userId,
      refresh_hash: tokenHash(refresh),
      previous_refresh_hash: null,
      rotated_at: null,
      expires_at: now + policy.refreshTtlMs,
      last_seen_at: now,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 512),
      created_at: now,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { access: await issueAccess(db, id, policy, now), refresh, sessionId: id };
}

/** A login with its user, as the guard sees it (chat/sender.ts reads it with a message's users). */
export function loginQuery(db: Kysely<Database>) {
  return db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('teams as tm', 'tm.id', 'u.team_id')
    .select(['s.id as session_id', 's.expires_at', 's.revoked_at', 's.last_seen_at', 's.locked', 'u.id as user_id', 'u.team_id', 'u.username', 'u.name', 'u.status', 'tm.type as team_type']);
}

// Every request runs this one, so it is compiled once.
const loginByToken = prepared((db, hash: string) =>
  loginQuery(db).innerJoin('auth_tokens as t', 't.session_id', 's.id').select('t.expires_at as token_expires').where('t.token_hash', '=', hash),
);
// A socket's login is checked at every message it sends: the checks of one moment are one query,
// its text the same however many there are.
const loginsById = prepared((db, ids: string) => byKeys(db, ids, 'integer', (match) => loginQuery(db).where(match('s.id'))));
const loginById = batchedLookup(async (db, ids: number[]) => new Map((await loginsById(db, JSON.stringify(ids))).map((row) => [row.session_id, row])));

export type LoginRow = Awaited<ReturnType<ReturnType<typeof loginQuery>['executeTakeFirstOrThrow']>>;

/** The caller of a login that is still alive: not revoked, not past its lifetime, its user enabled. */
export function liveCaller(row: LoginRow | undefined, now: number): Caller | null {
  if (!row || row.revoked_at !== null || row.expires_at <= now || row.status !== 1) return null;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    teamId: row.team_id,
    teamType: row.team_type ?? 0,
    username: row.username,
    name: row.name,
    lastSeenAt: row.last_seen_at,
    locked: row.locked === 1,
  };
}

/** Who holds this access token: expired tokens of a live login answer 'expired' so the client refreshes. */
export async function checkAccess(db: Kysely<Database>, token: string, now = Date.now()): Promise<AccessCheck> {
  const [row] = await loginByToken(db, tokenHash(token));
  const caller = liveCaller(row, now);
  if (!row || !caller) return { kind: 'invalid' };
  if (row.token_expires <= now) return { kind: 'expired' };
  return { kind: 'ok', caller };
}

/**
 * The caller of a login by its id while it is alive, null once it ended: for a socket opened by
 * that login, which outlives its access tokens but not the login itself.
 */
export async function checkLogin(db: Kysely<Database>, sessionId: number, now = Date.now()): Promise<Caller | null> {
  return liveCaller(await loginById(db, sessionId), now);
}

/** Activity is written at most this often: idle locking needs minutes, not every request. */
const TOUCH_EVERY_MS = 15_000;

interface Touch {
  sessionId: number;
  now: number;
}

// One text for any number of logins, kept prepared. On PostgreSQL `any(array(…))` probes the primary
// key for each id: joined to the JSON row set, whose size it cannot know, it could read every login.
const touchEach = fixedStatement((postgres, at) => {
  const ids = `select id from ${rowSetSql(postgres, [['id', 'integer']], at(2))} as r`;
  return `update auth_sessions set last_seen_at = ${at(1)} where id ${postgres ? `= any(array(${ids}))` : `in (${ids})`}`;
});

/**
 * The logins active in one moment, written by one statement. Rows are taken in the order the
 * database scans them; should two processes ever deadlock on them, the batch writer runs each
 * touch again on its own. On PostgreSQL the statement is sent alone, committed as it runs: one
 * round trip, not three (BEGIN, it, COMMIT). Every socket's message may bring a touch: with 5,000
 * sockets the chat bench's touches were a third as many transactions as its messages' appends.
 */
const touches: WriteGroup<Touch, void> = {
  async write(trx, entries) {
    const now = Math.max(...entries.map((t) => t.now));
    await touchEach.run(trx, [now, JSON.stringify([...new Set(entries.map((t) => t.sessionId))].map((id) => [id]))]);
    return entries.map(() => undefined);
  },
  lockKey: (touch) => lockKey('auth_sessions', touch.sessionId),
  oneStatement: isPostgres,
};

/**
 * Logins whose touch waits for its commit, by writer: their next requests add none meanwhile (a
 * socket's every message would), so commits under way at once never update the same login row.
 */
const touching = new WeakMap<BatchWriter, Set<number>>();

/**
 * What a request of the caller does to its login: past the idle limit the login locks (and stays
 * locked until unlocked), before the request goes on; otherwise a request made on purpose (not
 * `passive` polling) counts as activity. Both writes go through the batch writer, with whatever else
 * is written at that moment. The request does not wait for its activity to be written: it is only
 * the idle lock's clock, and a touch that fails leaves the previous time for the next to move.
 */
export async function noteActivity(writes: BatchWriter, caller: Caller, { idleLockMs, passive = false }: { idleLockMs: number; passive?: boolean }, now = Date.now()) {
  if (!caller.locked && now - caller.lastSeenAt > idleLockMs) {
    await writes.run((trx) => setSessionLock(trx, caller.sessionId, true), { lockKey: lockKey('auth_sessions', caller.sessionId) });
    caller.locked = true;
  }
  if (!caller.locked && !passive && now - caller.lastSeenAt > TOUCH_EVERY_MS) {
    let pending = touching.get(writes);
    if (!pending) touching.set(writes, (pending = new Set()));
    if (pending.has(caller.sessionId)) return;
    pending.add(caller.sessionId);
    const { sessionId } = caller;
    writes
      .add(touches, { sessionId, now })
      .catch(() => undefined)
      .finally(() => pending.delete(sessionId));
  }
}

/**
 * Trades a refresh token for a new access token and rotates the refresh token. The token just
 * replaced is honoured for the grace window (a second tab refreshing at the same moment); presented
 * after it, it is taken as stolen and the whole login is revoked.
 */
export async function refreshSession(
  db: Kysely<Database>,
  refresh: string,
  policy: SessionPolicy,
  now = Date.now(),
): Promise<IssuedTokens | null> {
  const hash = tokenHash(refresh);
  return db.transaction().execute(async (trx) => {
    const live = (q: ReturnType<typeof trx.selectFrom<'auth_sessions'>>) =>
      q.selectAll().where('revoked_at', 'is', null).where('expires_at', '>', now);
    const current = await live(trx.selectFrom('auth_sessions')).where('refresh_hash', '=', hash).executeTakeFirst();
    if (current) {
      const next = newToken();
      await trx
        .updateTable('auth_sessions')
        .set({ refresh_hash: tokenHash(next), previous_refresh_hash: hash, rotated_at: now, last_seen_at: now })
        .where('id', '=', current.id)
        .execute();
      return { access: await issueAccess(trx, current.id, policy, now), refresh: next, sessionId: current.id };
    }
    const replaced = await live(trx.selectFrom('auth_sessions')).where('previous_refresh_hash', '=', hash).executeTakeFirst();
    if (!replaced) return null;
    if (replaced.rotated_at !== null && now - replaced.rotated_at <= policy.rotationGraceMs) {
      return { access: await issueAccess(trx, replaced.id, policy, now), sessionId: replaced.id };
    }
    await trx.updateTable('auth_sessions').set({ revoked_at: now }).where('id', '=', replaced.id).execute();
    return null;
  });
}

export async function revokeSession(db: Kysely<Database>, sessionId: number, now = Date.now()): Promise<void> {
  await db.updateTable('auth_sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
  await db.deleteFrom('auth_tokens').where('session_id', '=', sessionId).execute();
}

/** Ends every login of a user (password changed, account disabled), or every one but `keep`. */
export async function revokeUserSessions(db: Kysely<Database>, userId: number, keep?: number, now = Date.now()) {
  const sessions = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  for (const { id } of sessions) if (id !== keep) await revokeSession(db, id, now);
}

/** The live logins of a user, newest activity first. */
export function listSessions(db: Kysely<Database>, userId: number, now = Date.now()) {
  return db
    .selectFrom('auth_sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export async function setSessionLock(db: Kysely<Database>, sessionId: number, locked: boolean, now = Date.now()) {
  await db
    .updateTable('auth_sessions')
    .set({ locked: locked ? 1 : 0, ...(locked ? {} : { last_seen_at: now }) })
    .where('id', '=', sessionId)
    .execute();
}

/** Makes one access token expired at once (the demo's way to show the 402 → refresh → retry path). */
export async function expireAccessToken(db: Kysely<Database>, token: string, now = Date.now()): Promise<void> {
  await db.updateTable('auth_tokens').set({ expires_at: now - 1 }).where('token_hash', '=', tokenHash(token)).execute();
}
