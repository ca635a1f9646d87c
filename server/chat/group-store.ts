/**
 * Group chats: their rows, members and sessions. Each change is one transaction that also writes the
 * system line announcing it, so members never see a change without its line or a line without it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { appendSystemMessage, type Target } from './messages';

/** A committed system line: where it went and its record, for the members to be told. */
export interface Announcement {
  target: Target;
  recordId: number;
}

export function usersByIds(db: Kysely<Database>, ids: readonly number[]) {
  return db.selectFrom('users').select(['id', 'name', 'is_robot']).where('id', 'in', ids).execute();
}

/** Read inside the caller's transaction: SQLite has one connection, held by the transaction. */
function groupConversation(trx: Kysely<Database>, groupId: number) {
  return trx.selectFrom('chat_conversations').select(['id', 'last_sequence']).where('group_id', '=', groupId).executeTakeFirstOrThrow();
}

export interface NewGroup {
  name: string;
  ownerId: number;
  /** Everyone in it from the start, the owner among them. */
  participants: number[];
  /** The system line that opens it. */
  line: string;
}

/** A group with its conversation, members and their sessions, opened by its system line. */
export function createGroup(db: Kysely<Database>, group: NewGroup, now = Date.now()): Promise<Announcement & { groupId: number }> {
  return db.transaction().execute(async (trx) => {
    const { id: groupId } = await trx
      .insertInto('chat_groups')
      .values({ name: group.name, avatar: '', owner_id: group.ownerId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('chat_conversations')
      .values({ talk_type: 2, conv_key: `2:${groupId}`, group_id: groupId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('chat_group_members').values(group.participants.map((user_id) => ({ group_id: groupId, user_id, joined_at: now }))).execute();
    await trx
      .insertInto('chat_sessions')
      .values(group.participants.map((user_id) => ({ user_id, conversation_id: id, talk_type: 2, receiver_id: groupId, created_at: now, updated_at: now })))
      .execute();
    const target: Target = { id, talkType: 2, participants: group.participants };
    const row = await appendSystemMessage(trx, target, groupId, group.line, now);
    return { target, recordId: row.id, groupId };
  });
}

/** The group and its members in the order they joined. */
export async function groupWithMembers(db: Kysely<Database>, groupId: number) {
  const group = await db.selectFrom('chat_groups').select(['id', 'name', 'owner_id']).where('id', '=', groupId).executeTakeFirstOrThrow();
  const members = await db
    .selectFrom('chat_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.logo'])
    .where('m.group_id', '=', groupId)
    .orderBy('m.joined_at')
    .orderBy('u.id')
    .execute();
  return { group, members };
}

/** Adds members, each starting with every earlier record read. */
export function addMembers(db: Kysely<Database>, groupId: number, current: readonly number[], invited: readonly number[], line: string, now = Date.now()): Promise<Announcement> {
  return db.transaction().execute(async (trx) => {
    const stored = await groupConversation(trx, groupId);
    await trx.insertInto('chat_group_members').values(invited.map((user_id) => ({ group_id: groupId, user_id, joined_at: now }))).execute();
    await trx
      .insertInto('chat_sessions')
      .values(
        invited.map((user_id) => ({
          user_id,
          conversation_id: stored.id,
          talk_type: 2,
          receiver_id: groupId,
          read_sequence: stored.last_sequence,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const target: Target = { id: stored.id, talkType: 2, participants: [...current, ...invited] };
    const row = await appendSystemMessage(trx, target, groupId, line, now);
    return { target, recordId: row.id };
  });
}

/**
 * Takes a member and their session out; an owner who leaves hands the group to the longest-standing
 * member. The line goes to those who remain (none: no line, null).
 */
export function leaveGroup(db: Kysely<Database>, groupId: number, userId: number, remaining: number[], line: string, now = Date.now()): Promise<Announcement | null> {
  return db.transaction().execute(async (trx) => {
    const stored = await groupConversation(trx, groupId);
    await trx.deleteFrom('chat_group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
    await trx.deleteFrom('chat_sessions').where('conversation_id', '=', stored.id).where('user_id', '=', userId).execute();
    const group = await trx.selectFrom('chat_groups').select('owner_id').where('id', '=', groupId).executeTakeFirstOrThrow();
    if (group.owner_id === userId) {
      const heir = await trx.selectFrom('chat_group_members').select('user_id').where('group_id', '=', groupId).orderBy('joined_at').orderBy('user_id').executeTakeFirst();
      await trx.updateTable('chat_groups').set({ owner_id: heir?.user_id ?? null, updated_at: now }).where('id', '=', groupId).execute();
    }
    if (remaining.length === 0) return null;
    const target: Target = { id: stored.id, talkType: 2, participants: remaining };
    const row = await appendSystemMessage(trx, target, groupId, line, now);
    return { target, recordId: row.id };
  });
}
