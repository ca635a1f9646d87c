import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ChatSession, GroupBody, GroupCreateBody, GroupInviteBody, GroupMembers } from '../../src/contract/api/chat';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { message } from '../http/messages';
import { routeSchema, type App } from '../http/route';
import type { ChatContext } from './context';
import { conversationOf } from './conversations';
import { appendSystemMessage, deliverRecord, loadRecords, type Target } from './messages';
import { sessionRows } from './sessions';

const TAGS = ['chat'];

export async function groupRoutes(app: App, { db, hub }: ChatContext) {
  /** The users named, checked to exist and to be people: a robot answers only in its own session. */
  async function people(ids: readonly number[]) {
    const wanted = [...new Set(ids)];
    const users = await db.selectFrom('users').select(['id', 'name', 'is_robot']).where('id', 'in', wanted).execute();
    const missing = wanted.filter((id) => !users.some((u) => u.id === id));
    if (missing.length > 0) throw new ApiError(Code.notFound, 'chatMemberNotFound', { ids: missing.join(', ') });
    if (users.some((u) => u.is_robot === 1)) throw new ApiError(Code.badRequest, 'chatRobotInGroup');
    return users;
  }

  /** Posts a system line in the group and tells its members, once committed. */
  async function announce(target: Target, recordId: number) {
    const [record] = await loadRecords(db, target.id, { ids: [recordId] }, 1);
    deliverRecord(hub, target.participants, record);
  }

  /** Read inside the caller's transaction: SQLite has one connection, held by the transaction. */
  function groupConversation(trx: Kysely<Database>, groupId: number) {
    return trx.selectFrom('chat_conversations').select(['id', 'last_sequence']).where('group_id', '=', groupId).executeTakeFirstOrThrow();
  }

  const names = (request: FastifyRequest, users: ReadonlyArray<{ name: string }>) =>
    users.map((u) => u.name).join(request.lang === 'zh' ? '、' : ', ');

  app.post(
    '/chat/group/create',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({
        summary: "Create a group with the caller as owner; answers the caller's session with it",
        tags: TAGS,
        body: GroupCreateBody,
        data: ChatSession,
        auth: true,
      }),
    },
    async (request) => {
      const caller = request.caller!;
      const name = request.body.name.trim();
      if (!name) throw new ApiError(Code.badRequest, 'chatGroupNameEmpty');
      const members = await people([caller.userId, ...request.body.member_ids]);
      const participants = members.map((m) => m.id);
      const now = Date.now();
      const { target, recordId, groupId } = await db.transaction().execute(async (trx) => {
        const { id: groupId } = await trx
          .insertInto('chat_groups')
          .values({ name, avatar: '', owner_id: caller.userId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id } = await trx
          .insertInto('chat_conversations')
          .values({ talk_type: 2, conv_key: `2:${groupId}`, group_id: groupId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('chat_group_members').values(participants.map((user_id) => ({ group_id: groupId, user_id, joined_at: now }))).execute();
        await trx
          .insertInto('chat_sessions')
          .values(participants.map((user_id) => ({ user_id, conversation_id: id, talk_type: 2, receiver_id: groupId, created_at: now, updated_at: now })))
          .execute();
        const target: Target = { id, talkType: 2, participants };
        const row = await appendSystemMessage(trx, target, groupId, message(request.lang, 'chatGroupCreated', { name: caller.name, group: name }), now);
        return { target, recordId: row.id, groupId };
      });
      await announce(target, recordId);
      const [session] = await sessionRows(db, hub, caller.userId, request.lang, { talkType: 2, receiverId: groupId });
      return ok(session);
    },
  );

  async function membersOf(groupId: number): Promise<GroupMembers> {
    const group = await db.selectFrom('chat_groups').select(['id', 'name', 'owner_id']).where('id', '=', groupId).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('chat_group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name', 'u.logo'])
      .where('m.group_id', '=', groupId)
      .orderBy('m.joined_at')
      .orderBy('u.id')
      .execute();
    const online = await hub.online(rows.map((r) => r.id));
    return {
      group_id: group.id,
      name: group.name,
      rows: rows.map((r) => ({
        user_id: r.id,
        name: r.name,
        avatar: r.logo,
        is_owner: r.id === group.owner_id ? 1 : 0,
        is_online: online.has(r.id) ? 1 : 0,
      })),
    };
  }

  app.post(
    '/chat/group/members',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "A group's members, for its members", tags: TAGS, body: GroupBody, data: GroupMembers, auth: true }),
    },
    async (request) => {
      await conversationOf(db, request.caller!.userId, 2, request.body.group_id);
      return ok(await membersOf(request.body.group_id));
    },
  );

  app.post(
    '/chat/group/invite',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Add users to a group the caller is in', tags: TAGS, body: GroupInviteBody, data: GroupMembers, auth: true }),
        description: 'New members start with every earlier record read; users already in the group are left as they are.',
      },
    },
    async (request) => {
      const caller = request.caller!;
      const groupId = request.body.group_id;
      const conversation = await conversationOf(db, caller.userId, 2, groupId);
      const invited = (await people(request.body.member_ids)).filter((u) => !conversation.participants.includes(u.id));
      if (invited.length > 0) {
        const now = Date.now();
        const { target, recordId } = await db.transaction().execute(async (trx) => {
          const stored = await groupConversation(trx, groupId);
          await trx.insertInto('chat_group_members').values(invited.map((u) => ({ group_id: groupId, user_id: u.id, joined_at: now }))).execute();
          await trx
            .insertInto('chat_sessions')
            .values(
              invited.map((u) => ({
                user_id: u.id,
                conversation_id: stored.id,
                talk_type: 2,
                receiver_id: groupId,
                read_sequence: stored.last_sequence,
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
          const target: Target = { id: stored.id, talkType: 2, participants: [...conversation.participants, ...invited.map((u) => u.id)] };
          const text = message(request.lang, 'chatGroupInvited', { name: caller.name, members: names(request, invited) });
          const row = await appendSystemMessage(trx, target, groupId, text, now);
          return { target, recordId: row.id };
        });
        await announce(target, recordId);
      }
      return ok(await membersOf(groupId));
    },
  );

  app.post(
    '/chat/group/leave',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Leave a group', tags: TAGS, body: GroupBody, data: Type.Null(), auth: true }),
        description: "The caller's session with the group goes; an owner who leaves hands the group to the longest-standing member.",
      },
    },
    async (request) => {
      const caller = request.caller!;
      const groupId = request.body.group_id;
      const conversation = await conversationOf(db, caller.userId, 2, groupId);
      const remaining = conversation.participants.filter((id) => id !== caller.userId);
      const now = Date.now();
      const announced = await db.transaction().execute(async (trx) => {
        const stored = await groupConversation(trx, groupId);
        await trx.deleteFrom('chat_group_members').where('group_id', '=', groupId).where('user_id', '=', caller.userId).execute();
        await trx.deleteFrom('chat_sessions').where('conversation_id', '=', stored.id).where('user_id', '=', caller.userId).execute();
        const group = await trx.selectFrom('chat_groups').select('owner_id').where('id', '=', groupId).executeTakeFirstOrThrow();
        if (group.owner_id === caller.userId) {
          const heir = await trx
            .selectFrom('chat_group_members')
            .select('user_id')
            .where('group_id', '=', groupId)
            .orderBy('joined_at')
            .orderBy('user_id')
            .executeTakeFirst();
          await trx.updateTable('chat_groups').set({ owner_id: heir?.user_id ?? null, updated_at: now }).where('id', '=', groupId).execute();
        }
        if (remaining.length === 0) return null;
        const target: Target = { id: stored.id, talkType: 2, participants: remaining };
        const row = await appendSystemMessage(trx, target, groupId, message(request.lang, 'chatGroupLeft', { name: caller.name }), now);
        return { target, recordId: row.id };
      });
      if (announced) await announce(announced.target, announced.recordId);
      return ok(null);
    },
  );
}
