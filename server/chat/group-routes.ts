import type { FastifyRequest } from 'fastify';
import { ChatSession, GroupBody, GroupCreateBody, GroupInviteBody, GroupMembers } from '../../src/contract/api/chat';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { message } from '../http/messages';
import { routeSchema, type App } from '../http/route';
import type { ChatContext } from './context';
import { conversationOf } from './conversations';
import { deliverRecord, loadRecords } from './messages';
import { addMembers, createGroup, groupWithMembers, leaveGroup, usersByIds, type Announcement } from './group-store';
import { sessionRows } from './sessions';

const TAGS = ['chat'];

export async function groupRoutes(app: App, { db, hub }: ChatContext) {
  /** The users named, checked to exist and to be people: a robot answers only in its own session. */
  async function people(ids: readonly number[]) {
    const wanted = [...new Set(ids)];
    const users = await usersByIds(db, wanted);
    const missing = wanted.filter((id) => !users.some((u) => u.id === id));
    if (missing.length > 0) throw new ApiError(Code.notFound, 'chatMemberNotFound', { ids: missing.join(', ') });
    if (users.some((u) => u.is_robot === 1)) throw new ApiError(Code.badRequest, 'chatRobotInGroup');
    return users;
  }

  /** Tells the members of a group the system line just committed. */
  async function announce({ target, recordId }: Announcement) {
    const [record] = await loadRecords(db, target.id, { ids: [recordId] }, 1);
    deliverRecord(hub, target.participants, record);
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
      const line = message(request.lang, 'chatGroupCreated', { name: caller.name, group: name });
      const { groupId, ...created } = await createGroup(db, { name, ownerId: caller.userId, participants, line });
      await announce(created);
      const [session] = await sessionRows(db, hub, caller.userId, request.lang, { talkType: 2, receiverId: groupId });
      return ok(session);
    },
  );

  async function membersOf(groupId: number): Promise<GroupMembers> {
    const { group, members: rows } = await groupWithMembers(db, groupId);
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
        const text = message(request.lang, 'chatGroupInvited', { name: caller.name, members: names(request, invited) });
        await announce(await addMembers(db, groupId, conversation.participants, invited.map((u) => u.id), text));
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
      const announced = await leaveGroup(db, groupId, caller.userId, remaining, message(request.lang, 'chatGroupLeft', { name: caller.name }));
      if (announced) await announce(announced);
      return ok(null);
    },
  );
}
