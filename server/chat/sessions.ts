import { sql, type Kysely, type Updateable } from 'kysely';
import type { ChatSessionTable, Database } from '../db/schema';
import { indexName, MSG_CODE, MSG_FILE, MSG_IMAGE, type ChatSession, type MessageExtra, type TalkType } from '../../src/contract/api/chat';
import { message, type Language } from '../http/messages';
import type { ChatHub } from './hub';
import { isPostgres } from '../db/rowset';

/** The list shows the start of the last message; the dialogue loads it whole. */
const PREVIEW_CHARS = 100;

const preview = (text: string) => Array.from(text).slice(0, PREVIEW_CHARS).join('');

/** The last message as the session list shows it: the text itself, "[图片]", "[文件] name"… */
export function messageText(lang: Language, msgType: number, content: string, extra: MessageExtra): string {
  if (msgType === MSG_IMAGE) return message(lang, 'chatImageLabel');
  if (msgType === MSG_FILE) return message(lang, 'chatFileLabel', { name: extra.name ?? '' });
  if (msgType === MSG_CODE) return message(lang, 'chatCodeLabel');
  return preview(content);
}

/**
 * The caller's sessions, newest first (or the one asked for), with the other side's name and avatar,
 * its online state, the unread count and the last message. A session's time is the later of its own
 * (created, shown again) and its conversation's last message: a message does not write the sessions
 * it moves to the top (messages.ts).
 */
export async function sessionRows(
  db: Kysely<Database>,
  hub: ChatHub,
  userId: number,
  lang: Language,
  only?: { talkType: TalkType; receiverId: number },
): Promise<ChatSession[]> {
  const latest = sql.raw(isPostgres(db) ? 'greatest' : 'max');
  const updatedAt = sql<number>`${latest}(s.updated_at, c.updated_at)`;
  let query = db
    .selectFrom('chat_sessions as s')
    .innerJoin('chat_conversations as c', 'c.id', 's.conversation_id')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 's.receiver_id').on('s.talk_type', '=', 1))
    .leftJoin('chat_robots as r', (join) => join.onRef('r.user_id', '=', 's.receiver_id').on('s.talk_type', '=', 1))
    .leftJoin('chat_groups as g', (join) => join.onRef('g.id', '=', 's.receiver_id').on('s.talk_type', '=', 2))
    .leftJoin('chat_messages as m', (join) => join.onRef('m.conversation_id', '=', 'c.id').onRef('m.sequence', '=', 'c.last_sequence'))
    .select((eb) => [
      's.id',
      's.talk_type',
      's.receiver_id',
      's.remark',
      's.is_top',
      's.is_disturb',
      's.draft_text',
      updatedAt.as('updated_at'),
      'c.last_sequence',
      'u.name as user_name',
      'u.logo as user_logo',
      'u.is_robot',
      'r.is_talk',
      'g.name as group_name',
      'g.avatar as group_avatar',
      'm.msg_type',
      'm.content',
      'm.extra',
      // Others' records past the caller's read mark; system lines are not news.
      eb
        .selectFrom('chat_messages as x')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('x.conversation_id', '=', 's.conversation_id')
        .whereRef('x.sequence', '>', 's.read_sequence')
        .whereRef('x.send_id', '<>', 's.user_id')
        .where('x.send_id', '<>', 0)
        .as('un_read_num'),
    ])
    .where('s.user_id', '=', userId);
  query = only
    ? query.where('s.talk_type', '=', only.talkType).where('s.receiver_id', '=', only.receiverId)
    : query.where('s.hidden', '=', 0).orderBy(updatedAt, 'desc').orderBy('s.id', 'desc');
  const rows = await query.execute();

  const people = rows.filter((r) => r.talk_type === 1 && r.is_robot !== 1).map((r) => r.receiver_id);
  const online = await hub.online(people);
  return rows.map((row): ChatSession => {
    const talkType = row.talk_type as TalkType;
    const isRobot = talkType === 1 && row.is_robot === 1;
    const extra = row.extra ? (JSON.parse(row.extra) as MessageExtra) : {};
    const content = row.msg_type === MSG_IMAGE ? '' : row.msg_type === MSG_FILE ? (extra.name ?? '') : preview(row.content ?? '');
    return {
      id: row.id,
      talk_type: talkType,
      receiver_id: row.receiver_id,
      name: (talkType === 1 ? row.user_name : row.group_name) ?? '',
      remark: row.remark,
      avatar: (talkType === 1 ? row.user_logo : row.group_avatar) ?? '',
      is_disturb: row.is_disturb ? 1 : 0,
      is_top: row.is_top ? 1 : 0,
      // Robots are always there to answer.
      is_online: isRobot || online.has(row.receiver_id) ? 1 : 0,
      is_robot: isRobot ? 1 : 0,
      is_talk: isRobot && row.is_talk === 0 ? 0 : 1,
      un_read_num: Number(row.un_read_num ?? 0),
      content,
      draft_text: row.draft_text,
      msg_text: row.msg_type === null ? '' : messageText(lang, row.msg_type, row.content ?? '', extra),
      last_sequence: row.last_sequence,
      index_name: indexName(talkType, row.receiver_id),
      updated_at: row.updated_at,
    };
  });
}

/** The caller's session for a conversation, created on first use (visible, at the top of the list). */
export async function ensureSession(
  db: Kysely<Database>,
  userId: number,
  talkType: TalkType,
  receiverId: number,
  conversationId: number,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('chat_sessions')
    .values({ user_id: userId, conversation_id: conversationId, talk_type: talkType, receiver_id: receiverId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'talk_type', 'receiver_id']).doNothing())
    .execute();
}

/** What a user may change on their own session. */
export type SessionChanges = Pick<Updateable<ChatSessionTable>, 'is_top' | 'is_disturb' | 'draft_text' | 'remark'>;

/** Shows the user's session in their list again, with the changes applied. */
export async function showSession(db: Kysely<Database>, userId: number, talkType: TalkType, receiverId: number, changes: SessionChanges): Promise<void> {
  await db
    .updateTable('chat_sessions')
    .set({ ...changes, hidden: 0 })
    .where('user_id', '=', userId)
    .where('talk_type', '=', talkType)
    .where('receiver_id', '=', receiverId)
    .execute();
}

/** Takes the session out of the user's list; its records and read state stay. */
export async function hideSession(db: Kysely<Database>, userId: number, talkType: TalkType, receiverId: number): Promise<void> {
  await db
    .updateTable('chat_sessions')
    .set({ hidden: 1 })
    .where('user_id', '=', userId)
    .where('talk_type', '=', talkType)
    .where('receiver_id', '=', receiverId)
    .execute();
}
