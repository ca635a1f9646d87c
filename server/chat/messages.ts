import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ChatMessageTable, ChatSessionTable, Database } from '../db/schema';
import { MSG_SYSTEM, type ChatRecord, type MessageExtra, type MsgType, type TalkType } from '../../src/contract/api/chat';
import type { MessageContent } from '../../src/contract/chat';
import type { ChatHub } from './hub';
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
 * Appends records inside the caller's transaction, a few statements for all of them: locks their
 * conversations' counters in id order (which holds every other writer of those conversations until
 * commit, so sequences have no gaps and no repeats), numbers the records in the order given, stores
 * them, and brings their sessions to the top of their owners' lists again. A message its author
 * already sent under the same client id is not stored twice: the stored one comes back. An unknown
 * conversation fails the whole call. Each statement's text is the same for any number of records
 * (db/rowset.ts): building and parsing a statement of hundreds of values cost more than running it.
 */
export async function appendMessages(trx: Kysely<Database>, appends: readonly Append[]): Promise<Published[]> {
  const { counters, stored } = await lockCounters(trx, [...new Set(appends.map((a) => a.target.id))], appends.map((a) => a.message));
  // New records by "author:client id": a repeat within the call answers the first.
  const fresh = new Map<string, { row: Omit<MessageRow, 'id'>; append: Append }>();
  for (const append of appends) {
    const { target, message, now } = append;
    const key = clientKey(message.sendId, message.clientMsgId);
    if (stored.has(key) || fresh.has(key)) continue;
    const sequence = counters.get(target.id)! + 1;
    counters.set(target.id, sequence);
    const row = {
      conversation_id: target.id, sequence, talk_type: target.talkType, send_id: message.sendId, receiver_id: message.receiverId,
      msg_type: message.msgType, content: message.content, extra: JSON.stringify(message.extra), client_msg_id: message.clientMsgId, created_at: now,
    };
    fresh.set(key, { row, append });
  }
  if (fresh.size > 0) {
    const news = [...fresh.values()].map((f) => f.append);
    const now = Math.max(...news.map((a) => a.now));
    const inserted = await storeRecords(trx, {
      records: [...fresh.values()].map(({ row }) => MESSAGE_COLUMNS.map(([column]) => row[column])),
      counters: [...counters].map(([id, sequence]) => [id, sequence, now]),
      ...sessionsShown(news),
    });
    for (const r of inserted) {
      const key = clientKey(r.send_id, r.client_msg_id);
      stored.set(key, { ...fresh.get(key)!.row, id: Number(r.id) });
    }
  }
  return appends.map(({ message }) => {
    const key = clientKey(message.sendId, message.clientMsgId);
    // The first append of a new record created it; a repeat (in this call or before) found it.
    const created = fresh.get(key)?.append.message === message;
    return { row: stored.get(key)!, created };
  });
}

const clientKey = (sendId: number, clientMsgId: string) => `${sendId}:${clientMsgId}`;

/** The columns of a new record, in the order its row set carries them. */
const MESSAGE_COLUMNS = [
  ['conversation_id', 'integer'], ['sequence', 'integer'], ['talk_type', 'integer'], ['send_id', 'integer'], ['receiver_id', 'integer'],
  ['msg_type', 'integer'], ['content', 'text'], ['extra', 'text'], ['client_msg_id', 'text'], ['created_at', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof MessageRow, ColumnType]>;

type Write = (postgres: boolean, at: (n: number) => string) => string;

// PostgreSQL: in id order, as every writer of these rows takes them, so that two cannot deadlock.
// SQLite has one writer at a time, and its transactions begin holding the write lock (db/open.ts).
const counterRows: Write = (postgres, at) =>
  `select id, last_sequence from chat_conversations where id in ${rowSetSql(postgres, [['id', 'integer']], at(1))} order by id${postgres ? ' for update' : ''}`;

// Named, not `m.*`: a kept statement's columns must not change under it (db/prepared.ts).
const STORED_COLUMNS = ['id', ...MESSAGE_COLUMNS.map(([c]) => c)].map((c) => `m.${c}`).join(', ');

/** The stored records among these messages (same author, same client id). */
const storedRows: Write = (postgres, at) =>
  `select ${STORED_COLUMNS} from chat_messages m join ${rowSetSql(postgres, [['send_id', 'integer'], ['client_msg_id', 'text']], at(1))} as k on m.send_id = k.send_id and m.client_msg_id = k.client_msg_id`;

const counterEach = fixedStatement(counterRows);
const storedEach = fixedStatement(storedRows);

/**
 * PostgreSQL: both as one statement, one round trip (a busy database answers each in milliseconds
 * whatever it carries). Its repeats are read as the statement began, before it waited for any
 * counter: a repeat committed meanwhile by another process is refused by the unique key, and the
 * batch writer then stores each message alone, where it is found.
 */
const countersAndStored = fixedStatement(
  (postgres, at) =>
    `select (select coalesce(json_agg(json_build_array(c.id, c.last_sequence)), '[]') from (${counterRows(postgres, at)}) c) as counters, ` +
    `(select coalesce(json_agg(s), '[]') from (${storedRows(postgres, (n) => at(n + 1))}) s) as stored`,
);

/** Each conversation's last sequence, its row locked until commit, and the messages already stored. */
async function lockCounters(trx: Kysely<Database>, ids: number[], messages: NewMessage[]): Promise<{ counters: Map<number, number>; stored: Map<string, MessageRow> }> {
  const idRows = JSON.stringify(ids.map((id) => [id]));
  const keyRows = JSON.stringify(messages.map((m) => [m.sendId, m.clientMsgId]));
  let counterList: Array<[number, number]>;
  let storedList: MessageRow[];
  if (isPostgres(trx)) {
    const [both] = await countersAndStored.run<{ counters: Array<[number, number]>; stored: MessageRow[] }>(trx, [idRows, keyRows]);
    counterList = both.counters;
    storedList = both.stored;
  } else {
    counterList = (await counterEach.run<{ id: number; last_sequence: number }>(trx, [idRows])).map((r) => [r.id, r.last_sequence]);
    storedList = await storedEach.run<MessageRow>(trx, [keyRows]);
  }
  const counters = new Map(counterList);
  const unknown = ids.filter((id) => !counters.has(id));
  if (unknown.length > 0) throw new Error(`no chat conversation ${unknown.join(', ')}`);
  return { counters, stored: new Map(storedList.map((row) => [clientKey(row.send_id, row.client_msg_id), row])) };
}


const insertRecords: Write = (postgres, at) =>
  `insert into chat_messages (${MESSAGE_COLUMNS.map(([c]) => c).join(', ')}) select * from ${rowSetSql(postgres, MESSAGE_COLUMNS, at(1))} as r returning id, send_id, client_msg_id`;

/** Sets each conversation's counter to its last sequence. */
const raiseCounters: Write = (postgres, at) =>
  `update chat_conversations set last_sequence = r.last_sequence, updated_at = r.updated_at from ${rowSetSql(postgres, [['id', 'integer'], ['last_sequence', 'integer'], ['updated_at', 'bigint']], at(1))} as r where chat_conversations.id = r.id`;

const SESSION_COLUMNS = [
  ['user_id', 'integer'], ['receiver_id', 'integer'], ['conversation_id', 'integer'], ['talk_type', 'integer'], ['created_at', 'bigint'], ['updated_at', 'bigint'],
] as const satisfies ReadonlyArray<readonly [keyof ChatSessionTable, ColumnType]>;

/** The first message of a private conversation creates the receiver's session; a deleted session comes back. */
// `where true`: SQLite would read the `on` of `on conflict` as a join's.
const upsertPrivateSessions: Write = (postgres, at) =>
  `insert into chat_sessions (${SESSION_COLUMNS.map(([c]) => c).join(', ')}) select * from ${rowSetSql(postgres, SESSION_COLUMNS, at(1))} as r where true ` +
  'on conflict (user_id, talk_type, receiver_id) do update set updated_at = excluded.updated_at, hidden = 0';

/** Group members got their sessions when they joined. */
const showGroupSessions: Write = (postgres, at) =>
  `update chat_sessions set updated_at = r.updated_at, hidden = 0 from ${rowSetSql(postgres, [['conversation_id', 'integer'], ['updated_at', 'bigint']], at(1))} as r where chat_sessions.conversation_id = r.conversation_id`;

/** What a call writes once its records are numbered, each as the rows of a row set. */
interface Stores {
  records: unknown[][];
  counters: unknown[][];
  privateSessions: unknown[][];
  groupSessions: unknown[][];
}

const STORES = [insertRecords, raiseCounters, upsertPrivateSessions, showGroupSessions] as const;
const storeEach = STORES.map((write) => fixedStatement(write));

/**
 * PostgreSQL: the four writes as one statement (they touch different tables and read nothing the
 * others write), so a call waits for one round trip instead of four. Under load a round trip to a
 * busy database costs milliseconds whatever it carries, and a call's round trips hold every message
 * of the next call waiting.
 */
const storeAtOnce = fixedStatement((postgres, at) => {
  const parts = STORES.map((write, i) => `s${i} as (${write(postgres, (n) => at(n + i))})`);
  return `with ${parts.join(', ')} select * from s0`;
});

type Inserted = Pick<MessageRow, 'id' | 'send_id' | 'client_msg_id'>;

async function storeRecords(trx: Kysely<Database>, { records, counters, privateSessions, groupSessions }: Stores): Promise<Inserted[]> {
  const sets = [records, counters, privateSessions, groupSessions];
  if (isPostgres(trx)) return storeAtOnce.run<Inserted>(trx, sets.map((rows) => JSON.stringify(rows)));
  const inserted = await storeEach[0].run<Inserted>(trx, [JSON.stringify(records)]);
  for (const [i, rows] of sets.entries()) if (i > 0 && rows.length > 0) await storeEach[i].run(trx, [JSON.stringify(rows)]);
  return inserted;
}

/** The sessions a call's new records bring to the top of their owners' lists, one row per session at its latest message. */
function sessionsShown(appends: Append[]): Pick<Stores, 'privateSessions' | 'groupSessions'> {
  // One row per session: one statement may not touch a row twice.
  const sessions = new Map<string, number[]>();
  const groups = new Map<number, number>();
  for (const { target, now } of appends) {
    if (target.talkType !== 1) {
      groups.set(target.id, Math.max(now, groups.get(target.id) ?? 0));
      continue;
    }
    const [a, b] = target.participants;
    for (const [user_id, receiver_id] of [[a, b], [b, a]]) sessions.set(`${user_id}:${receiver_id}`, [user_id, receiver_id, target.id, 1, now, now]);
  }
  return { privateSessions: [...sessions.values()], groupSessions: [...groups] };
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

/** Tells every participant's sockets (the author's other tabs too) about a committed record. */
export function deliverRecord(hub: ChatHub, participants: readonly number[], record: ChatRecord): void {
  const content: MessageContent = { sender_id: record.send_id, receiver_id: record.receiver_id, talk_type: record.talk_type, data: record };
  hub.deliver(participants, { event: 'im.message', content });
}
