import { sql, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { liveCaller, loginQuery, type Caller, type LoginRow } from '../auth/sessions';
import { prepared } from '../db/prepared';
import { batchedLookup } from '../db/lookup';
import { isPostgres } from '../db/rowset';
import type { ChatUser } from './conversations';

/** Who sends a message on a socket, as of now. */
export interface Sender {
  caller: Caller;
  /** The sender's name and avatar, for the record. */
  me: Pick<ChatUser, 'name' | 'logo'>;
  /** The user a private message goes to; undefined for a group message, or when there is no such user. */
  peer: ChatUser | undefined;
}

type SenderRow = LoginRow & {
  logo: string;
  asked_peer: number | null;
  peer_name: string | null;
  peer_logo: string | null;
  peer_is_robot: number | null;
  peer_is_talk: number | null;
};

const PEER_COLUMNS = ['p.name as peer_name', 'p.logo as peer_logo', 'p.is_robot as peer_is_robot', 'r.is_talk as peer_is_talk'] as const;

/**
 * Each (login, user written to) pair of a JSON array, `[[session id, user id or null], …]`: the
 * login with its user, and the user written to, or nulls. A login that does not exist gives no row.
 * On PostgreSQL each pair probes its login and its user on their own (limited lateral subqueries),
 * as db/rowset.ts's byKeys does, so a kept plan stays on the primary keys however the tables grow.
 */
const sendersOf = prepared((db, pairs: string): Compilable<SenderRow> => {
  if (isPostgres(db)) {
    const key = (i: number) => sql<number>`(k.value ->> ${sql.lit(i)})::integer`;
    return db
      .selectFrom(sql<{ value: unknown }>`jsonb_array_elements(${pairs}::jsonb)`.as('k'))
      .innerJoinLateral(loginQuery(db).select('u.logo').where('s.id', '=', key(0)).limit(1).as('l'), (join) => join.onTrue())
      .leftJoinLateral(
        db.selectFrom('users as p').leftJoin('chat_robots as r', 'r.user_id', 'p.id').select(PEER_COLUMNS).where('p.id', '=', key(1)).limit(1).as('p'),
        (join) => join.onTrue(),
      )
      .selectAll('l')
      .selectAll('p')
      .select(key(1).as('asked_peer'));
  }
  return loginQuery(db)
    .select('u.logo')
    .innerJoin(sql<{ value: unknown }>`json_each(${pairs})`.as('k'), (join) => join.on(sql<boolean>`s.id = k.value ->> 0`))
    .leftJoin('users as p', (join) => join.on(sql<boolean>`p.id = k.value ->> 1`))
    .leftJoin('chat_robots as r', 'r.user_id', 'p.id')
    .select(PEER_COLUMNS)
    .select(sql<number | null>`k.value ->> 1`.as('asked_peer'));
});

const pairKey = (sessionId: number, peerId: number | null) => `${sessionId}:${peerId ?? ''}`;

// The pairs of one moment are one query, its text the same however many there are.
const senderRow = batchedLookup(async (db, keys: string[]) => {
  const pairs = keys.map((key) => {
    const [sessionId, peerId] = key.split(':');
    return [Number(sessionId), peerId === '' ? null : Number(peerId)];
  });
  const rows = await sendersOf(db, JSON.stringify(pairs));
  return new Map(rows.map((row) => [pairKey(row.session_id, row.asked_peer), row]));
});

/**
 * The sender of a message on a socket opened by login `sessionId`, null once that login ended; with
 * `peerId`, the user a private message goes to. The login is read at every message, so a login
 * ended by any server process stops the next message; it is read with the message's users, by one
 * query for all the messages of a moment, instead of one query for the logins and one for the users.
 */
export async function senderOf(db: Kysely<Database>, sessionId: number, peerId: number | null, now = Date.now()): Promise<Sender | null> {
  const row = await senderRow(db, pairKey(sessionId, peerId));
  const caller = liveCaller(row, now);
  if (!row || !caller) return null;
  const peer =
    row.peer_name === null || row.peer_logo === null || row.peer_is_robot === null
      ? undefined
      : { name: row.peer_name, logo: row.peer_logo, is_robot: row.peer_is_robot, is_talk: row.peer_is_talk };
  return { caller, me: { name: row.name, logo: row.logo }, peer };
}
