import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TalkType } from '../../src/contract/api/chat';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { prepared } from '../db/prepared';
import { batchedLookup } from '../db/lookup';
import { inKeys } from '../db/rowset';

/** A conversation as one of its participants addresses it, checked to be theirs. */
export interface Conversation {
  /** "1:<low user>:<high user>" or "2:<group>". */
  key: string;
  talkType: TalkType;
  /** From the caller's side: the other user, or the group. */
  receiverId: number;
  groupId: number | null;
  /** Everyone in it now: the two users, or the group's members. */
  participants: number[];
  /** The other side of a private conversation when it is a robot. */
  robot: { userId: number; isTalk: boolean } | null;
  /** The caller's name and avatar now, for the records they write. */
  me: { name: string; logo: string };
  /** The stored row's id, or null while nobody has written in the conversation yet. */
  storedId: number | null;
}

export function conversationKey(talkType: TalkType, callerId: number, receiverId: number): string {
  if (talkType === 2) return `2:${receiverId}`;
  return `1:${Math.min(callerId, receiverId)}:${Math.max(callerId, receiverId)}`;
}

/**
 * The conversation the caller means by (talk_type, receiver_id). Nobody gets into one they are not
 * part of: an unknown user or group is 404, a group the caller is not a member of is 403.
 */
export async function conversationOf(db: Kysely<Database>, callerId: number, talkType: TalkType, receiverId: number): Promise<Conversation> {
  const key = conversationKey(talkType, callerId, receiverId);
  if (talkType === 1) {
    if (receiverId === callerId) throw new ApiError(Code.badRequest, 'chatSelf');
    const [me, peer, storedId] = await Promise.all([chatUser(db, callerId), chatUser(db, receiverId), storedIdOf(db, key)]);
    if (!peer || !me) throw new ApiError(Code.notFound, 'chatReceiverNotFound');
    const robot = peer.is_robot === 1 ? { userId: peer.id, isTalk: peer.is_talk !== 0 } : null;
    return { key, talkType, receiverId, groupId: null, participants: [callerId, receiverId], robot, me: { name: me.name, logo: me.logo }, storedId: storedId ?? null };
  }
  const members = await groupMembers(db, key, receiverId);
  if (members.length === 0) throw new ApiError(Code.notFound, 'chatGroupNotFound');
  const me = members.find((m) => m.user_id === callerId);
  if (!me) throw new ApiError(Code.forbidden, 'chatNotMember');
  const participants = members.flatMap((m) => (m.user_id === null ? [] : [m.user_id]));
  return { key, talkType, receiverId, groupId: receiverId, participants, robot: null, me: { name: me.name ?? '', logo: me.logo ?? '' }, storedId: me.stored_id };
}

// Both sides of a private message and its conversation are looked up at every message: the
// lookups of one moment are one query each, its text the same however many there are.
const chatUsers = prepared((db, ids: string) =>
  db
    .selectFrom('users as u')
    .leftJoin('chat_robots as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.logo', 'u.is_robot', 'r.is_talk'])
    .where(inKeys(db, 'u.id', ids, 'integer')),
);
const chatUser = batchedLookup(async (db, ids: number[]) => new Map((await chatUsers(db, JSON.stringify(ids))).map((row) => [row.id, row])));

const storedIds = prepared((db, keys: string) => db.selectFrom('chat_conversations').select(['id', 'conv_key']).where(inKeys(db, 'conv_key', keys, 'text')));
const storedIdOf = batchedLookup(async (db, keys: string[]) => new Map((await storedIds(db, JSON.stringify(keys))).map((row) => [row.conv_key, row.id])));

// Run for every group message, so compiled once.
const groupMembers = prepared((db, key: string, groupId: number) =>
  db
    .selectFrom('chat_groups as g')
    .leftJoin('chat_group_members as m', 'm.group_id', 'g.id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('chat_conversations as c', (join) => join.on('c.conv_key', '=', key))
    .select(['m.user_id', 'u.name', 'u.logo', 'c.id as stored_id'])
    .where('g.id', '=', groupId),
);

/** The stored row with its last sequence, or undefined while nobody has written in the conversation yet. */
export function storedConversation(db: Kysely<Database>, key: string) {
  return db.selectFrom('chat_conversations').select(['id', 'last_sequence']).where('conv_key', '=', key).executeTakeFirst();
}

/** The stored row's id, or null while nobody has written in the conversation yet. */
export async function existingConversationId(db: Kysely<Database>, key: string): Promise<number | null> {
  const row = await db.selectFrom('chat_conversations').select('id').where('conv_key', '=', key).executeTakeFirst();
  return row?.id ?? null;
}

/** The stored row's id, created on first use; two first uses at once end up with the same row. */
export async function conversationId(db: Kysely<Database>, conversation: Conversation, now = Date.now()): Promise<number> {
  if (conversation.storedId !== null) return conversation.storedId;
  await db
    .insertInto('chat_conversations')
    .values({ talk_type: conversation.talkType, conv_key: conversation.key, group_id: conversation.groupId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('conv_key').doNothing())
    .execute();
  return (await existingConversationId(db, conversation.key))!;
}
