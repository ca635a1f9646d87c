import type { DialectAdapter, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { TalkType } from '../../src/contract/api/chat';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { prepared } from '../db/prepared';
import { batchedLookup } from '../db/lookup';
import { byKeys, fixedStatement, rowSetSql } from '../db/rowset';

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
  if (talkType === 1) return privateConversation(db, callerId, receiverId, () => Promise.all([chatUser(db, callerId), chatUser(db, receiverId)]));
  const key = conversationKey(talkType, callerId, receiverId);
  const members = await groupMembers(db, key, receiverId);
  if (members.length === 0) throw new ApiError(Code.notFound, 'chatGroupNotFound');
  const me = members.find((m) => m.user_id === callerId);
  if (!me) throw new ApiError(Code.forbidden, 'chatNotMember');
  const participants = members.flatMap((m) => (m.user_id === null ? [] : [m.user_id]));
  return { key, talkType, receiverId, groupId: receiverId, participants, robot: null, me: { name: me.name ?? '', logo: me.logo ?? '' }, storedId: me.stored_id };
}

/** A user as a private conversation needs them: who writes (name, avatar) and, on the other side, whether a robot answers. */
export interface ChatUser {
  name: string;
  logo: string;
  is_robot: number;
  is_talk: number | null;
}

/**
 * The private conversation of the caller with `receiverId`, from both users as `users` reads them
 * (the caller, then the receiver; undefined when there is no such user). Its stored id is read
 * meanwhile, unless this process knows it.
 */
export async function privateConversation(
  db: Kysely<Database>,
  callerId: number,
  receiverId: number,
  users: () => Promise<readonly [Pick<ChatUser, 'name' | 'logo'> | undefined, ChatUser | undefined]>,
): Promise<Conversation> {
  if (receiverId === callerId) throw new ApiError(Code.badRequest, 'chatSelf');
  const key = conversationKey(1, callerId, receiverId);
  const known = privateIds(db).get(key);
  const [[me, peer], storedId] = await Promise.all([users(), known ?? storedIdOf(db, key)]);
  if (!peer || !me) throw new ApiError(Code.notFound, 'chatReceiverNotFound');
  if (storedId !== undefined) keepPrivateId(db, key, storedId);
  const robot = peer.is_robot === 1 ? { userId: receiverId, isTalk: peer.is_talk !== 0 } : null;
  return { key, talkType: 1, receiverId, groupId: null, participants: [callerId, receiverId], robot, me: { name: me.name, logo: me.logo }, storedId: storedId ?? null };
}

// Both sides of a private message and its conversation are looked up at every message: the
// lookups of one moment are one query each, its text the same however many there are.
const chatUsers = prepared((db, ids: string) =>
  byKeys(db, ids, 'integer', (match) =>
    db.selectFrom('users as u').leftJoin('chat_robots as r', 'r.user_id', 'u.id').select(['u.id', 'u.name', 'u.logo', 'u.is_robot', 'r.is_talk']).where(match('u.id')),
  ),
);
const chatUser = batchedLookup(async (db, ids: number[]) => new Map((await chatUsers(db, JSON.stringify(ids))).map((row) => [row.id, row])));

const storedIds = prepared((db, keys: string) => byKeys(db, keys, 'text', (match) => db.selectFrom('chat_conversations').select(['id', 'conv_key']).where(match('conv_key'))));
const storedIdOf = batchedLookup(async (db, keys: string[]) => new Map((await storedIds(db, JSON.stringify(keys))).map((row) => [row.conv_key, row.id])));

/** Private conversations' ids kept per database, the oldest forgotten first past this many. */
const PRIVATE_IDS_KEPT = 100_000;
const privateIdsByDatabase = new WeakMap<DialectAdapter, Map<string, number>>();

/**
 * The stored ids of private conversations known to this process, by database (a database and its
 * transactions share their adapter). A pair of users keeps its conversation row for good (nothing
 * deletes a private one), so an id once read stays true whatever other processes do, and a private
 * message need not look it up again. A group's conversation goes with its group: it is read each time.
 */
function privateIds(db: Kysely<Database>): Map<string, number> {
  const adapter = db.getExecutor().adapter;
  let ids = privateIdsByDatabase.get(adapter);
  if (!ids) privateIdsByDatabase.set(adapter, (ids = new Map()));
  return ids;
}

function keepPrivateId(db: Kysely<Database>, key: string, id: number): void {
  const ids = privateIds(db);
  if (ids.has(key)) return;
  if (ids.size >= PRIVATE_IDS_KEPT) ids.delete(ids.keys().next().value!);
  ids.set(key, id);
}

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

/** What a conversation's key says of it: its kind and, for a group, the group. */
function keyParts(key: string): { talkType: TalkType; groupId: number | null } {
  const [kind, group] = key.split(':');
  return kind === '2' ? { talkType: 2, groupId: Number(group) } : { talkType: 1, groupId: null };
}

// Keys in order, so that two processes creating the same conversations wait for each other's rows in
// the same order and cannot deadlock. SQLite needs the WHERE to read ON CONFLICT as the insert's.
const createConversations = fixedStatement(
  (postgres, at) =>
    'insert into chat_conversations (talk_type, conv_key, group_id, created_at, updated_at) ' +
    `select r.talk_type, r.conv_key, r.group_id, r.at, r.at from ${rowSetSql(postgres, [['talk_type', 'integer'], ['conv_key', 'text'], ['group_id', 'integer'], ['at', 'bigint']], at(1))} as r ` +
    'where true on conflict (conv_key) do nothing',
);

/**
 * The stored ids of conversations, each created if nobody has written in it yet: the first messages
 * of a moment (a console opening many conversations at once) create theirs with one statement and
 * one commit, then read every id with one query, instead of two statements and a commit each.
 */
const createdIdOf = batchedLookup(async (db, keys: string[]) => {
  const now = Date.now();
  const rows = keys.toSorted().map((key) => {
    const { talkType, groupId } = keyParts(key);
    return [talkType, key, groupId, now];
  });
  await createConversations.run(db, [JSON.stringify(rows)]);
  return new Map((await storedIds(db, JSON.stringify(keys))).map((row) => [row.conv_key, row.id]));
});

/** The stored row's id, created on first use; two first uses at once end up with the same row. */
export async function conversationId(db: Kysely<Database>, conversation: Conversation): Promise<number> {
  if (conversation.storedId !== null) return conversation.storedId;
  const id = await createdIdOf(db, conversation.key);
  if (id === undefined) throw new Error(`chat conversation ${conversation.key} was not stored`);
  if (conversation.talkType === 1) keepPrivateId(db, conversation.key, id);
  return id;
}
