import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ConversationBody, ReviewBody } from '../../src/contract/api/chat';
import type { ReadContent } from '../../src/contract/chat';
import type { ChatHub } from './hub';
import { conversationOf, type Conversation } from './conversations';
import { isReadByOthers, readMarks } from './messages';

/** Compare-and-set attempts before giving up to a reader that is moving its own mark concurrently. */
const MARK_ATTEMPTS = 5;

/**
 * Moves the reader's mark up to `upTo` (never back), then tells each author which of their records
 * are now read: by the receiver in a private conversation, by every other member in a group.
 */
export async function markRead(
  db: Kysely<Database>,
  hub: ChatHub,
  conversation: Pick<Conversation, 'talkType' | 'receiverId'>,
  conversationId: number,
  readerId: number,
  upTo: number,
) {
  let previous: number | null = null;
  for (let attempt = 0; attempt < MARK_ATTEMPTS && previous === null; attempt++) {
    const session = await db
      .selectFrom('chat_sessions')
      .select('read_sequence')
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', readerId)
      .executeTakeFirst();
    if (!session || session.read_sequence >= upTo) return;
    const { numUpdatedRows } = await db
      .updateTable('chat_sessions')
      .set({ read_sequence: upTo })
      .where('conversation_id', '=', conversationId)
      .where('user_id', '=', readerId)
      .where('read_sequence', '=', session.read_sequence)
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 1) previous = session.read_sequence;
  }
  if (previous === null) return;

  // Only records in the span the reader just crossed can have become read by everyone now.
  const crossed = await db
    .selectFrom('chat_messages')
    .select(['id', 'send_id', 'sequence'])
    .where('conversation_id', '=', conversationId)
    .where('sequence', '>', previous)
    .where('sequence', '<=', upTo)
    .where('send_id', 'not in', [readerId, 0])
    .orderBy('sequence')
    .execute();
  if (crossed.length === 0) return;
  const marks = await readMarks(db, conversationId);
  const byAuthor = new Map<number, number[]>();
  for (const row of crossed) {
    if (!isReadByOthers(marks, row.send_id, row.sequence)) continue;
    byAuthor.set(row.send_id, [...(byAuthor.get(row.send_id) ?? []), row.id]);
  }
  for (const [authorId, ids] of byAuthor) {
    const content: ReadContent = {
      sender_id: readerId,
      receiver_id: conversation.talkType === 1 ? authorId : conversation.receiverId,
      talk_type: conversation.talkType,
      ids,
    };
    hub.deliver([authorId], { event: 'im.message.read', content });
  }
}

/** Marks these records, and every earlier one, read by the caller (POST /chat/talk/review, socket im.message.read). */
export async function reviewRecords(db: Kysely<Database>, hub: ChatHub, readerId: number, body: ReviewBody) {
  const conversation = await conversationOf(db, readerId, body.talk_type, body.receiver_id);
  const id = conversation.storedId;
  if (id === null) return;
  const newest = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('sequence').as('sequence'))
    .where('conversation_id', '=', id)
    .where('id', 'in', body.ids)
    .where('send_id', '<>', readerId)
    .executeTakeFirst();
  if (newest?.sequence) await markRead(db, hub, conversation, id, readerId, Number(newest.sequence));
}

/** Marks the whole conversation read by the caller (POST /chat/talk/unread/clear). */
export async function clearUnread(db: Kysely<Database>, hub: ChatHub, readerId: number, body: ConversationBody) {
  const conversation = await conversationOf(db, readerId, body.talk_type, body.receiver_id);
  const row = await db.selectFrom('chat_conversations').select(['id', 'last_sequence']).where('conv_key', '=', conversation.key).executeTakeFirst();
  if (row) await markRead(db, hub, conversation, row.id, readerId, row.last_sequence);
}
