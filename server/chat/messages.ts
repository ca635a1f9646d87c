import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ChatMessageTable, ChatSessionTable, Database } from '../db/schema';
import { MSG_SYSTEM, type ChatRecord, type MessageExtra, type MsgType, type TalkType } from '../../src/contract/api/chat';
import type { MessageContent } from '../../src/contract/chat';
import type { ChatHub } from './hub';
import { insertRows, insertSlices, lockKey, type BatchWriter, type WriteGroup } from '../db/batch';

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
 * conversation fails the whole call.
 */
export async function appendMessages(trx: Kysely<Database>, appends: readonly Append[]): Promise<Published[]> {
  const counters = await lockCounters(trx, [...new Set(appends.map((a) => a.target.id))]);
  const stored = await sentBefore(trx, appends.map((a) => a.message));
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
    const inserted = await insertRows(trx, 'chat_messages', [...fresh.values()].map((f) => f.row), ['id', 'send_id', 'client_msg_id']);
    for (const r of inserted) {
      const key = clientKey(r.send_id, r.client_msg_id);
      stored.set(key, { ...fresh.get(key)!.row, id: Number(r.id) });
    }
    const news = [...fresh.values()].map((f) => f.append);
    await raiseCounters(trx, counters, Math.max(...news.map((a) => a.now)));
    await showSessions(trx, news);
  }
  return appends.map(({ message }) => {
    const key = clientKey(message.sendId, message.clientMsgId);
    // The first append of a new record created it; a repeat (in this call or before) found it.
    const created = fresh.get(key)?.append.message === message;
    return { row: stored.get(key)!, created };
  });
}

const clientKey = (sendId: number, clientMsgId: string) => `${sendId}:${clientMsgId}`;

/** Each conversation's last sequence, its row locked until commit. */
async function lockCounters(trx: Kysely<Database>, ids: number[]): Promise<Map<number, number>> {
  const query = trx.selectFrom('chat_conversations').select(['id', 'last_sequence']).where('id', 'in', ids).orderBy('id');
  // PostgreSQL: in id order, as every writer of these rows takes them, so that two cannot deadlock.
  // SQLite has one writer at a time, and its transactions begin holding the write lock (db/open.ts).
  const rows = await (trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).execute();
  const counters = new Map(rows.map((r) => [r.id, r.last_sequence]));
  const unknown = ids.filter((id) => !counters.has(id));
  if (unknown.length > 0) throw new Error(`no chat conversation ${unknown.join(', ')}`);
  return counters;
}

/** Messages looked up by one query: SQLite parses a chain of ORs as deep as it is long, and refuses past 1,000. */
const LOOKUPS_PER_QUERY = 200;

/** The stored records among these messages (same author, same client id). */
async function sentBefore(trx: Kysely<Database>, messages: NewMessage[]): Promise<Map<string, MessageRow>> {
  const stored = new Map<string, MessageRow>();
  for (let start = 0; start < messages.length; start += LOOKUPS_PER_QUERY) {
    const rows = await trx
      .selectFrom('chat_messages')
      .selectAll()
      .where((eb) => eb.or(messages.slice(start, start + LOOKUPS_PER_QUERY).map((m) => eb.and([eb('send_id', '=', m.sendId), eb('client_msg_id', '=', m.clientMsgId)]))))
      .execute();
    for (const row of rows) stored.set(clientKey(row.send_id, row.client_msg_id), row);
  }
  return stored;
}

/** Sets each conversation's counter to its last sequence, one statement for all. */
async function raiseCounters(trx: Kysely<Database>, counters: Map<number, number>, now: number): Promise<void> {
  const [first, ...rest] = counters;
  const sequence = (eb: ExpressionBuilder<Database, 'chat_conversations'>, value: number) => eb.cast<number>(eb.val(value), 'integer');
  await trx
    .updateTable('chat_conversations')
    .set((eb) => {
      let last = eb.case('id').when(first[0]).then(sequence(eb, first[1]));
      for (const [id, value] of rest) last = last.when(id).then(sequence(eb, value));
      return { last_sequence: last.else(eb.ref('last_sequence')).end(), updated_at: now };
    })
    .where('id', 'in', [...counters.keys()])
    .execute();
}

/**
 * The first message of a private conversation creates the receiver's session and a deleted session
 * comes back; group members got their sessions when they joined. Either way the sessions go to the
 * top of their owners' lists.
 */
async function showSessions(trx: Kysely<Database>, appends: Append[]): Promise<void> {
  // One row per session, at its latest message.
  const sessions = new Map<string, Insertable<ChatSessionTable>>();
  const groups = new Map<number, number>();
  for (const { target, now } of appends) {
    if (target.talkType !== 1) {
      groups.set(target.id, Math.max(now, groups.get(target.id) ?? 0));
      continue;
    }
    const [a, b] = target.participants;
    for (const [user_id, receiver_id] of [[a, b], [b, a]]) {
      sessions.set(`${user_id}:${receiver_id}`, { user_id, receiver_id, conversation_id: target.id, talk_type: 1, created_at: now, updated_at: now });
    }
  }
  for (const slice of insertSlices([...sessions.values()])) {
    await trx
      .insertInto('chat_sessions')
      .values(slice)
      .onConflict((oc) => oc.columns(['user_id', 'talk_type', 'receiver_id']).doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at'), hidden: 0 })))
      .execute();
  }
  for (const [id, now] of groups) await trx.updateTable('chat_sessions').set({ updated_at: now, hidden: 0 }).where('conversation_id', '=', id).execute();
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
