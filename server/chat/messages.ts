import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { WebSocket } from 'ws';
import type { ChatMessageTable, ChatSessionTable, Database } from '../db/schema';
import { MSG_SYSTEM, type ChatRecord, type MessageExtra, type MsgType, type TalkType } from '../../src/contract/api/chat';
import type { MessageContent } from '../../src/contract/chat';
import type { ChatHub } from './hub';
import { frameWithData } from './outbox';
import { lockKey, type BatchWriter, type WriteGroup } from '../db/batch';
import { fixedStatement, isPostgres, rowSetSql, type ColumnType } from '../db/rowset';

type MessageRow = Selectable<ChatMessageTable>;

/** Where a message goes: the stored conversation and who is in it now. */
export interface Target {
  id: number;
  talkType: TalkType;
  participants: number[];
}

export interface NewMessage {
  /** The author; 0 for a system message. */
  sendId: number;
  /** As stored: the other user of a private message, the group of a group message. */
  receiverId: number;
  msgType: MsgType;
  content: string;
  extra: MessageExtra;
  clientMsgId: string;
}

/** A stored record, and whether this call stored it (false: its author had already sent it). */
export interface Published {
  row: MessageRow;
  created: boolean;
}

/** A message to store where it goes, and when. */
export interface Append {
  target: Target;
  message: NewMessage;
  now: number;
}

/** One record inside the caller's transaction; see appendMessages. */
export async function appendMessage(trx: Kysely<Database>, target: Target, message: NewMessage, now = Date.now()): Promise<Published> {
  return (await appendMessages(trx, [{ target, message, now }]))[0];
}

/**
 * Appends records, all of them at once: locks their conversations' counters in id order (which holds
 * every other writer of those conversations until commit, so sequences have no gaps and no repeats),
 * numbers the records in the order given, stores them, and shows their sessions in their owners'
 * lists (creating a private conversation's sessions at its first message; the list's order comes from
 * the conversation's last message, so a shown session is not written again). A message its author
 * already sent under the same client id is not stored twice: the stored one comes back. An unknown
 * conversation fails the whole call. Each statement's text is the same for any number of records
 * (db/rowset.ts): building and parsing a statement of hundreds of values cost more than running it.
 *
 * On PostgreSQL it is one statement, atomic on its own: the batch writer sends it without a
 * transaction around it (one round trip, see `messageGroup`). On SQLite, a few statements inside the
 * caller's transaction.
 */
export async function appendMessages(trx: Kysely<Database>, appends: readonly Append[]): Promise<Published[]> {
  // A repeat within the call answers the first append of its "author:client id".
  const firsts = new Map<string, Append>();
  for (const append of appends) {
    const key = clientKey(append.message.sendId, append.message.clientMsgId);
    if (!firsts.has(key)) firsts.set(key, append);
  }
  const { rows, created } = isPostgres(trx) ? await appendAtOnce(trx, [...firsts.values()]) : await appendInSteps(trx, [...firsts.values()]);
  return appends.map(({ message }) => {
    const key = clientKey(message.sendId, message.clientMsgId);
    return { row: rows.get(key)!, created: created.has(key) && firsts.get(key)!.message === message };
  });
}

/** The stored record of each "author:client id", and the keys this call stored. */
interface Appended {
  rows: Map<string, MessageRow>;
  created: Set<string>;
}

const clientKey = (sendId: number, clientMsgId: string) => `${sendId}:${clientMsgId}`;

/** The columns of a new record, in the order its row set carries them, sequence aside. */
const MESSAGE_COLUMNS = [
  ['conversation_id', 'integer'], ['talk_type', 'integer'], ['send_id', 'integer'], ['receiver_id', 'integer'],
  ['msg_type', 'integer'], ['content', 'text'], ['extra', 'text'], ['client_msg_id', 'text'], ['created_at', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof MessageRow, ColumnType]>;

/** A new record's stored columns, its id and sequence aside. */
type NewRow = Omit<MessageRow, 'id' | 'sequence'>;

const newRow = ({ target, message, now }: Append): NewRow => ({
  conversation_id: target.id, talk_type: target.talkType, send_id: message.sendId, receiver_id: message.receiverId,
  msg_type: message.msgType, content: message.content, extra: JSON.stringify(message.extra), client_msg_id: message.clientMsgId, created_at: now,
});

/** A row's values in the order of `columns`, as a row set carries them. */
const tupleOf = <R>(row: R, columns: ReadonlyArray<readonly [keyof R, ColumnType]>) => columns.map(([column]) => row[column]);

const messageTuple = (append: Append) => tupleOf(newRow(append), MESSAGE_COLUMNS);

type Write = (postgres: boolean, at: (n: number) => string) => string;

// Named, not `m.*`: a kept statement's columns must not change under it (db/prepared.ts).
const ROW_COLUMNS = ['id', 'conversation_id', 'sequence', ...MESSAGE_COLUMNS.slice(1).map(([c]) => c)];
const STORED_COLUMNS = ROW_COLUMNS.map((c) => `m.${c}`).join(', ');

/** The stored records among these messages (same author, same client id). */
const storedRows: Write = (postgres, at) =>
  `select ${STORED_COLUMNS} from chat_messages m join ${rowSetSql(postgres, [['send_id', 'integer'], ['client_msg_id', 'text']], at(1))} as k on m.send_id = k.send_id and m.client_msg_id = k.client_msg_id`;

const SESSION_COLUMNS = [
  ['user_id', 'integer'], ['receiver_id', 'integer'], ['conversation_id', 'integer'], ['at', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof ChatSessionTable | 'at', ColumnType]>;

/**
 * Private sessions `p` (user_id, receiver_id, conversation_id, at) not yet shown: the first message of a
 * conversation creates them, and a deleted one comes back. A shown session is left alone: its place
 * in the list is its conversation's last message (sessions.ts), and writing it at every message cost
 * more than the message (its row and four indexes, twice per message).
 *
 * On PostgreSQL the shown session is looked for by a limited lateral probe, one index lookup per
 * session: a `not exists` is planned as an anti join, and the statement's generic plan, made while
 * the table was nearly empty, read every private session into memory at every message batch and
 * compared each pair with all of them (24 ms of the database's CPU per batch of 50 at 5,000 users).
 */
const showPrivateSessions = (postgres: boolean, p: string) => {
  const shown = 'chat_sessions s where s.user_id = p.user_id and s.talk_type = 1 and s.receiver_id = p.receiver_id and s.hidden = 0';
  const unshown = postgres
    ? `left join lateral (select 1 as found from ${shown} limit 1) s on true where s.found is null`
    : `where not exists (select 1 from ${shown})`;
  return (
    'insert into chat_sessions (user_id, receiver_id, conversation_id, talk_type, created_at, updated_at) ' +
    `select p.user_id, p.receiver_id, p.conversation_id, 1, p.at, p.at from ${p} as p ${unshown} ` +
    'on conflict (user_id, talk_type, receiver_id) do update set updated_at = excluded.updated_at, hidden = 0'
  );
};

/**
 * Group members got their sessions when they joined; those who deleted theirs see them again.
 * `conversations` completes `conversation_id …` (`in <set>`, `= <any>`).
 */
const showGroupSessions = (conversations: string, now: string) => `update chat_sessions set updated_at = ${now}, hidden = 0 where hidden = 1 and conversation_id ${conversations}`;

/**
 * `any(array(<query>))`: PostgreSQL probes an index for each value, in a plan made on a table of
 * some size. Joined to a CTE or a JSON row set, whose size it cannot know, it chose to read the whole
 * table instead (a hash join). In a plan made while the table was small it is a scan too (it was
 * for the counters' table, which the append now probes key by key).
 */
const anyOf = (query: string) => `any(array(${query}))`;

/**
 * PostgreSQL, all in one statement: the repeats as the statement began, the others numbered per
 * conversation after its counter, raised under the counter's lock (taken in id order, as every writer
 * takes them, so that two cannot deadlock; a counter raised meanwhile is read again once its lock is
 * had), stored, and their sessions shown. A conversation that does not exist leaves its records
 * without a sequence, which fails the statement, so nothing of it is stored. A repeat committed by a
 * statement under way meanwhile is refused by the unique key; the batch writer then stores each
 * message alone, where it is found.
 */
const appendWrite = (groups: boolean): Write => (postgres, at) => {
  const input = rowSetSql(postgres, [['ord', 'integer'], ...MESSAGE_COLUMNS], at(1));
  const now = `${at(2)}::bigint`;
  const columns = MESSAGE_COLUMNS.map(([c]) => c);
  return (
    `with r as ${input}, ` +
    // Lateral and limited, so it stays a probe of the client id's index for each row: a plain lateral
    // subquery is flattened into a join, which a plan made while the table was small (and kept as
    // the statement's generic plan) runs as a hash join over every stored message.
    `old as (select ${STORED_COLUMNS} from r cross join lateral (select ${ROW_COLUMNS.join(', ')} from chat_messages m where m.send_id = r.send_id and m.client_msg_id = r.client_msg_id limit 1) m), ` +
    'fresh as (select r.*, row_number() over (partition by r.conversation_id order by r.ord) as k from r ' +
    'where not exists (select 1 from old where old.send_id = r.send_id and old.client_msg_id = r.client_msg_id)), ' +
    'counts as (select conversation_id as id, count(*) as n from fresh group by conversation_id), ' +
    // Each counter probed by its key and locked as it is read, the keys taken in id order. As
    // `id = any(array(…))`, in a plan made while the table was small (a new database's first
    // messages; the kept generic plan), the lock read every conversation at every statement once
    // there were thousands: 5,000 rows per statement, ~30 µs of the database's CPU per message.
    // Each locked counter carries its count, so raising it joins nothing else: joined to `counts`
    // again, the generic plan (which takes either for one row) compared every pair of the two, quadratic
    // in the batch (half the statement's time at a hundred messages).
    'locked as (select c.id, k.n from (select id, n from counts order by id) k ' +
    'cross join lateral (select c.id from chat_conversations c where c.id = k.id limit 1 for update of c) c), ' +
    // Raised by key, each counter probed from the one row `locked` gives: with `c.id = any(array(…))`
    // besides, plans made on a small table scanned every conversation to apply it.
    `bumped as (update chat_conversations c set last_sequence = c.last_sequence + locked.n, updated_at = ${now} from locked ` +
    'where c.id = locked.id returning c.id, c.last_sequence - locked.n as base), ' +
    // Each record's base read from one object of every counter raised, built once (an uncorrelated
    // subquery): joined to `bumped` instead, whose size the planner cannot know, each record scanned
    // all of them, quadratic in the batch.
    `ins as (insert into chat_messages (${columns.join(', ')}, sequence) select ${columns.map((c) => `f.${c}`).join(', ')}, ` +
    `((select jsonb_object_agg(id, base) from bumped) ->> f.conversation_id::text)::integer + f.k from fresh f returning ${ROW_COLUMNS.join(', ')}), ` +
    `ps as (${showPrivateSessions(
      postgres,
      `(select send_id as user_id, receiver_id, conversation_id, ${now} as at from fresh where talk_type = 1 ` +
        `union select receiver_id, send_id, conversation_id, ${now} from fresh where talk_type = 1)`,
    )})` +
    (groups ? `, gs as (${showGroupSessions(`= ${anyOf('select conversation_id from fresh where talk_type <> 1')}`, now)})` : '') +
    ` select true as created, ${ROW_COLUMNS.join(', ')} from ins union all select false, ${ROW_COLUMNS.join(', ')} from old`
  );
};
/**
 * Private messages only, or some of groups too. Showing groups' sessions is left out of a moment
 * without group messages: its plan read every session to find none (the statement's generic plan,
 * made without the table's statistics, chose a scan over the conversation's index).
 */
const appendStatements = { privateOnly: fixedStatement(appendWrite(false)), withGroups: fixedStatement(appendWrite(true)) };

async function appendAtOnce(db: Kysely<Database>, appends: Append[]): Promise<Appended> {
  const now = Math.max(...appends.map((a) => a.now));
  const statement = appends.some((a) => a.target.talkType !== 1) ? appendStatements.withGroups : appendStatements.privateOnly;
  const answered = await statement.run<MessageRow & { created: boolean }>(db, [JSON.stringify(appends.map((a, i) => [i, ...messageTuple(a)])), now]);
  const rows = new Map<string, MessageRow>();
  const created = new Set<string>();
  for (const { created: isNew, ...row } of answered) {
    const key = clientKey(row.send_id, row.client_msg_id);
    rows.set(key, row);
    if (isNew) created.add(key);
  }
  return { rows, created };
}

// SQLite has one writer at a time, and its transactions begin holding the write lock (db/open.ts).
const counterEach = fixedStatement((postgres, at) => `select id, last_sequence from chat_conversations where id in ${rowSetSql(postgres, [['id', 'integer']], at(1))}`);
const storedEach = fixedStatement(storedRows);
const NUMBERED_COLUMNS = [...MESSAGE_COLUMNS, ['sequence', 'integer']] as const;

// Only the keys come back: the rest of each record is what was written, and reading a row's values
// back costs a call into V8 each (its text the most), a quarter of the statement's time.
const insertEach = fixedStatement(
  (postgres, at) =>
    `insert into chat_messages (${NUMBERED_COLUMNS.map(([c]) => c).join(', ')}) select * from ${rowSetSql(postgres, NUMBERED_COLUMNS, at(1))} as r returning id, conversation_id, sequence`,
);
/** Sets each conversation's counter to its last sequence. */
const raiseEach = fixedStatement(
  (postgres, at) =>
    `update chat_conversations set last_sequence = r.last_sequence, updated_at = r.updated_at from ${rowSetSql(postgres, [['id', 'integer'], ['last_sequence', 'integer'], ['updated_at', 'bigint']], at(1))} as r where chat_conversations.id = r.id`,
);
const privateSessionsEach = fixedStatement((postgres, at) => showPrivateSessions(postgres, rowSetSql(postgres, SESSION_COLUMNS, at(1))));
const groupSessionsEach = fixedStatement((postgres, at) => showGroupSessions(`in ${rowSetSql(postgres, [['id', 'integer']], at(2))}`, at(1)));

/**
 * SQLite, inside the caller's transaction (which holds the write lock): the counters and repeats
 * read, the new records numbered here and stored, the counters raised, the sessions shown.
 */
async function appendInSteps(trx: Kysely<Database>, appends: Append[]): Promise<Appended> {
  const ids = [...new Set(appends.map((a) => a.target.id))];
  const counters = new Map((await counterEach.run<{ id: number; last_sequence: number }>(trx, [JSON.stringify(ids.map((id) => [id]))])).map((r) => [r.id, r.last_sequence]));
  const unknown = ids.filter((id) => !counters.has(id));
  if (unknown.length > 0) throw new Error(`no chat conversation ${unknown.join(', ')}`);
  const stored = await storedEach.run<MessageRow>(trx, [JSON.stringify(appends.map((a) => [a.message.sendId, a.message.clientMsgId]))]);
  const rows = new Map(stored.map((row) => [clientKey(row.send_id, row.client_msg_id), row]));
  const created = new Set<string>();
  const news = appends.filter((a) => !rows.has(clientKey(a.message.sendId, a.message.clientMsgId)));
  if (news.length === 0) return { rows, created };
  const numbered = news.map((append) => {
    const sequence = counters.get(append.target.id)! + 1;
    counters.set(append.target.id, sequence);
    return { ...newRow(append), sequence };
  });
  const tuples = numbered.map((row) => tupleOf(row, NUMBERED_COLUMNS));
  const inserted = await insertEach.run<Pick<MessageRow, 'id' | 'conversation_id' | 'sequence'>>(trx, [JSON.stringify(tuples)]);
  const idOf = new Map(inserted.map((row) => [`${row.conversation_id}:${row.sequence}`, row.id]));
  for (const written of numbered) {
    const row: MessageRow = { id: idOf.get(`${written.conversation_id}:${written.sequence}`)!, ...written };
    const key = clientKey(row.send_id, row.client_msg_id);
    rows.set(key, row);
    created.add(key);
  }
  const now = Math.max(...news.map((a) => a.now));
  await raiseEach.run(trx, [JSON.stringify([...counters].map(([id, sequence]) => [id, sequence, now]))]);
  const { privateSessions, groups } = sessionsShown(news, now);
  if (privateSessions.length > 0) await privateSessionsEach.run(trx, [JSON.stringify(privateSessions)]);
  if (groups.length > 0) await groupSessionsEach.run(trx, [now, JSON.stringify(groups.map((id) => [id]))]);
  return { rows, created };
}

/** The sessions new records show: each private session once (a statement may not touch a row twice), and the groups. */
function sessionsShown(appends: Append[], now: number): { privateSessions: unknown[][]; groups: number[] } {
  const sessions = new Map<string, unknown[]>();
  const groups = new Set<number>();
  for (const { target } of appends) {
    if (target.talkType !== 1) {
      groups.add(target.id);
      continue;
    }
    const [a, b] = target.participants;
    for (const [user_id, receiver_id] of [[a, b], [b, a]]) sessions.set(`${user_id}:${receiver_id}`, [user_id, receiver_id, target.id, now]);
  }
  return { privateSessions: [...sessions.values()], groups: [...groups] };
}

/** A system line (msg_type 1000, no author) in a group, e.g. "X joined". */
export async function appendSystemMessage(trx: Kysely<Database>, target: Target, groupId: number, content: string, now = Date.now()): Promise<MessageRow> {
  const message: NewMessage = { sendId: 0, receiverId: groupId, msgType: MSG_SYSTEM, content, extra: {}, clientMsgId: `sys-${randomUUID()}` };
  return (await appendMessage(trx, target, message, now)).row;
}

/** Messages of one moment, stored together by appendMessages. */
const messageGroup: WriteGroup<Append, Published> = {
  write: appendMessages,
  lockKey: (append) => lockKey('chat_conversations', append.target.id),
  oneStatement: isPostgres,
};

/**
 * Stores a message through the database's batch writer, so messages of one moment share a few
 * statements and one commit; resolves once it is committed.
 */
export function publishMessage(writes: BatchWriter, target: Target, message: NewMessage, now = Date.now()): Promise<Published> {
  return writes.add(messageGroup, { target, message, now });
}

export type RecordRange = { before: number } | { after: number } | { ids: number[] };

/** The sequence of a record within its conversation; undefined when it is not one of its records. */
export async function sequenceOf(db: Kysely<Database>, conversationId: number, recordId: number): Promise<number | undefined> {
  const row = await db.selectFrom('chat_messages').select('sequence').where('id', '=', recordId).where('conversation_id', '=', conversationId).executeTakeFirst();
  return row?.sequence;
}

/** Records of one conversation, oldest first, with their authors and read state as of now. */
export async function loadRecords(db: Kysely<Database>, conversationId: number, range: RecordRange, limit: number): Promise<ChatRecord[]> {
  let query = db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.send_id')
    .selectAll('m')
    .select(['u.name as nickname', 'u.logo as avatar'])
    .where('m.conversation_id', '=', conversationId)
    .limit(limit);
  if ('before' in range) query = query.where('m.sequence', '<', range.before).orderBy('m.sequence', 'desc');
  else if ('after' in range) query = query.where('m.sequence', '>', range.after).orderBy('m.sequence', 'asc');
  else query = query.where('m.id', 'in', range.ids).orderBy('m.sequence', 'asc');
  const rows = await query.execute();
  if ('before' in range) rows.reverse();
  const marks = await readMarks(db, conversationId);
  return rows.map((row) => toRecord(row, { name: row.nickname ?? '', logo: row.avatar ?? '' }, isReadByOthers(marks, row.send_id, row.sequence)));
}

/** Each participant's read mark: every record up to it is read by them. */
export async function readMarks(db: Kysely<Database>, conversationId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('chat_sessions').select(['user_id', 'read_sequence']).where('conversation_id', '=', conversationId).execute();
  return new Map(rows.map((r) => [r.user_id, r.read_sequence]));
}

/**
 * A private record is read once the receiver's mark reaches it; a group record once every other
 * member's does. Both are "every participant but the author".
 */
export function isReadByOthers(marks: Map<number, number>, authorId: number, sequence: number): boolean {
  for (const [userId, mark] of marks) if (userId !== authorId && mark < sequence) return false;
  return true;
}

export function toRecord(row: MessageRow, author: { name: string; logo: string }, isRead: boolean): ChatRecord {
  return {
    id: row.id,
    sequence: row.sequence,
    talk_type: row.talk_type as TalkType,
    send_id: row.send_id,
    receiver_id: row.receiver_id,
    msg_type: row.msg_type as MsgType,
    content: row.content,
    extra: JSON.parse(row.extra) as MessageExtra,
    client_msg_id: row.client_msg_id,
    nickname: row.send_id > 0 ? author.name : '',
    avatar: row.send_id > 0 ? author.logo : '',
    is_read: isRead ? 1 : 0,
    created_at: row.created_at,
  };
}

/**
 * A record's JSON, written once for every frame that carries it: its delivery to the participants
 * and its author's acknowledgement both hold the whole record.
 */
const recordTexts = new WeakMap<ChatRecord, string>();
export function recordText(record: ChatRecord): string {
  let text = recordTexts.get(record);
  if (text === undefined) recordTexts.set(record, (text = JSON.stringify(record)));
  return text;
}

/**
 * Tells every participant's sockets (the author's other tabs too) about a committed record, but
 * `except`: the socket it was published on, whose acknowledgement carries the record already.
 */
export function deliverRecord(hub: ChatHub, participants: readonly number[], record: ChatRecord, except?: WebSocket): void {
  const content: Omit<MessageContent, 'data'> = { sender_id: record.send_id, receiver_id: record.receiver_id, talk_type: record.talk_type };
  hub.deliver(participants, frameWithData('im.message', content, recordText(record)), except);
}
