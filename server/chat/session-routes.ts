import type { FastifyRequest } from 'fastify';
import { ChatSession, SessionDeleteBody, SessionList, SessionListBody, SessionSaveBody, type TalkType } from '../../src/contract/api/chat';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import type { ChatContext } from './context';
import { conversationId, conversationOf } from './conversations';
import { ensureSession, hideSession, sessionRows, showSession, type SessionChanges } from './sessions';
import { assistantUserId } from './robots';

const TAGS = ['chat'];

/** `send_id` in a payload must be the token's own user: nobody lists or edits another's sessions. */
export function checkSender(request: FastifyRequest, sendId: number): number {
  const userId = request.caller!.userId;
  if (sendId !== userId) throw new ApiError(Code.forbidden, 'chatSenderMismatch');
  return userId;
}

export async function sessionRoutes(app: App, { db, hub }: ChatContext) {
  /**
   * Creates (or shows again) the caller's session with a user or group, applies the changes, and
   * answers it as the list shows it.
   */
  async function openSession(
    request: FastifyRequest,
    talkType: TalkType,
    receiverId: number,
    changes: SessionChanges = {},
  ): Promise<ChatSession> {
    const userId = request.caller!.userId;
    const conversation = await conversationOf(db, userId, talkType, receiverId);
    await ensureSession(db, userId, talkType, receiverId, await conversationId(db, conversation));
    await showSession(db, userId, talkType, receiverId, changes);
    const [session] = await sessionRows(db, hub, userId, request.lang, { talkType, receiverId });
    return session;
  }

  app.post(
    '/chat/talk/session/list',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller's chat sessions, newest first", tags: TAGS, body: SessionListBody, data: SessionList, auth: true }),
    },
    async (request) => {
      const userId = checkSender(request, request.body.send_id);
      return ok({ rows: await sessionRows(db, hub, userId, request.lang) });
    },
  );

  app.post(
    '/chat/talk/session/save',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({
        summary: 'Create or return a session; pin it, mute it, keep a draft or a remark',
        tags: TAGS,
        body: SessionSaveBody,
        data: ChatSession,
        auth: true,
      }),
    },
    async (request) => {
      const { send_id, receiver_id, talk_type = 1, is_top, is_disturb, draft_text, remark } = request.body;
      checkSender(request, send_id);
      const changes: SessionChanges = {};
      if (is_top !== undefined) changes.is_top = is_top;
      if (is_disturb !== undefined) changes.is_disturb = is_disturb;
      if (draft_text !== undefined) changes.draft_text = draft_text;
      if (remark !== undefined) changes.remark = remark.trim();
      return ok(await openSession(request, talk_type, receiver_id, changes));
    },
  );

  app.post(
    '/chat/talk/session/delete',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({
        summary: "Remove a session from the caller's list; records and read state stay, the next message shows it again",
        tags: TAGS,
        body: SessionDeleteBody,
        data: Type.Null(),
        auth: true,
      }),
    },
    async (request) => {
      const userId = checkSender(request, request.body.send_id);
      await hideSession(db, userId, request.body.talk_type, request.body.receiver_id);
      return ok(null);
    },
  );

  app.post(
    '/chat/talk/session/assistant',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller's session with the built-in assistant robot, created on first use", tags: TAGS, data: ChatSession, auth: true }),
    },
    async (request) => {
      const assistant = await assistantUserId(db);
      if (assistant === undefined) throw new ApiError(Code.notFound, 'chatAssistantMissing');
      return ok(await openSession(request, 1, assistant));
    },
  );
}
