import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ChatMessageTable, Database } from '../db/schema';
import { MSG_SYSTEM, type ChatRecord, type MessageExtra, type MsgType, type TalkType } from '../../src/contract/api/chat';
import type { MessageContent } from '../../src/contract/chat';
import type { ChatHub } from './hub';
import { lockKey, type BatchWriter } from '../db/batch';
import { prepared } from '../db/prepared';

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

/**
 * Appends a record inside the caller's transaction: raises the conversation's counter (which holds
 * every other writer of this conversation until commit, so sequences have no gaps and no repeats),
 * stores the record, and brings its sessions to the top of their owners' lists again. A message its
 * author already sent under the same client id is not stored twice: the stored one comes back.
 */
export async function appendMessage(trx: Kysely<Database>, target: Target, message: NewMessage, now = Date.now()): Promise<Published> {
  const [{ last_sequence: sequence }] = await raiseSequence(trx, target.id, now);
  const [row] = await insertMessage(trx, target.id, sequence, target.talkType, message.sendId, message.receiverId, message.msgType, message.content, JSON.stringify(message.extra), message.clientMsgId, now);
  if (!row) {
    // Sent before: the counter goes back (nobody else could take the number while this transaction holds it).
    await lowerSequence(trx, target.id);
    const [stored] = await messageByClientId(trx, message.sendId, message.clientMsgId);
    return { row: stored, created: false };
  }
  if (target.talkType === 1) {
    // The first message creates the receiver's session; a deleted session comes back.
    const [a, b] = target.participants;
    await showPrivateSessions(trx, a, b, target.id, now);
  } else {
    // Group members got their sessions when they joined.
    await showGroupSessions(trx, target.id, now);
  }
  return { row, created: true };
}

// What appendMessage runs for every message, compiled once.
const raiseSequence = prepared((db, id: number, now: number) =>
  db
    .updateTable('chat_conversations')
    .set((eb) => ({ last_sequence: eb('last_sequence', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returning('last_sequence'),
);

const lowerSequence = prepared((db, id: number) =>
  db.updateTable('chat_conversations').set((eb) => ({ last_sequence: eb('last_sequence', '-', 1) })).where('id', '=', id),
);

const insertMessage = prepared((
    db,
    conversation_id: number,
    sequence: number,
    talk_type: number,
    send_id: number,
    receiver_id: number,
    msg_type: number,
    content: string,
    extra: string,
    client_msg_id: string,
    created_at: number,
  ) =>
    db
      .insertInto('chat_messages')
      .values({ conversation_id, sequence, talk_type, send_id, receiver_id, msg_type, content, extra, client_msg_id, created_at })
      .onConflict((oc) => oc.columns(['send_id', 'client_msg_id']).doNothing())
      .returningAll(),
);

const messageByClientId = prepared((db, sendId: number, clientMsgId: string) =>
  db.selectFrom('chat_messages').selectAll().where('send_id', '=', sendId).where('client_msg_id', '=', clientMsgId),
);

const showPrivateSessions = prepared((db, a: number, b: number, conversation_id: number, now: number) => {
  const session = (user_id: number, receiver_id: number) => ({ user_id, receiver_id, conversation_id, talk_type: 1, created_at: now, updated_at: now });
  return db
    .insertInto('chat_sessions')
    .values([session(a, b), session(b, a)])
    .onConflict((oc) => oc.columns(['user_id', 'talk_type', 'receiver_id']).doUpdateSet({ updated_at: now, hidden: 0 }));
});

const showGroupSessions = prepared((db, id: number, now: number) =>
  db.updateTable('chat_sessions').set({ updated_at: now, hidden: 0 }).where('conversation_id', '=', id),
);

/** A system line (msg_type 1000, no author) in a group, e.g. "X joined". */
export async function appendSystemMessage(trx: Kysely<Database>, target: Target, groupId: number, content: string, now = Date.now()): Promise<MessageRow> {
  const message: NewMessage = { sendId: 0, receiverId: groupId, msgType: MSG_SYSTEM, content, extra: {}, clientMsgId: `sys-${randomUUID()}` };
  return (await appendMessage(trx, target, message, now)).row;
}

/**
 * Stores a message through the database's batch writer, so messages of one moment share one commit;
 * resolves once it is committed.
 */
export function publishMessage(writes: BatchWriter, target: Target, message: NewMessage, now = Date.now()): Promise<Published> {
  return writes.run((trx) => appendMessage(trx, target, message, now), { lockKey: lockKey('chat_conversations', target.id) });
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
