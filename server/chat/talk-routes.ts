import { ChatRecord, ConversationBody, PublishBody, RecordsBody, RecordsPage, ReviewBody } from '../../src/contract/api/chat';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import type { ChatContext } from './context';
import { conversationOf, storedConversation } from './conversations';
import { loadRecords, sequenceOf } from './messages';
import { publishFromUser } from './publish';
import { clearUnread, reviewRecords } from './read-state';

const TAGS = ['chat'];
const DEFAULT_LIMIT = 30;

export async function talkRoutes(app: App, chat: ChatContext) {
  const { db, hub } = chat;
  app.post(
    '/chat/talk/records',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'A page of older records, or every record after a sequence', tags: TAGS, body: RecordsBody, data: RecordsPage, auth: true }),
        description:
          'With `record_id` (0 = newest): up to `limit` records older than it, oldest first; the answer\'s `record_id` is the cursor of the next older page (0: none). ' +
          'With `after_sequence` (catch-up after a reconnect): the records after it in order, up to `limit`; ask again from the last sequence while a page comes back full. ' +
          `\`limit\` defaults to ${DEFAULT_LIMIT}.`,
      },
    },
    async (request) => {
      const { talk_type, receiver_id, record_id = 0, after_sequence, limit = DEFAULT_LIMIT } = request.body;
      const conversation = await conversationOf(db, request.caller!.userId, talk_type, receiver_id);
      const stored = await storedConversation(db, conversation.key);
      if (!stored) return ok({ rows: [], record_id: 0, limit });
      if (after_sequence !== undefined) {
        return ok({ rows: await loadRecords(db, stored.id, { after: after_sequence }, limit), record_id: 0, limit });
      }
      let before = stored.last_sequence + 1;
      if (record_id > 0) {
        const cursor = await sequenceOf(db, stored.id, record_id);
        if (cursor === undefined) throw new ApiError(Code.notFound, 'chatRecordNotFound');
        before = cursor;
      }
      const rows = await loadRecords(db, stored.id, { before }, limit);
      // Sequences start at 1 and records are never removed, so an oldest row above 1 has older ones behind it.
      const next = rows.length > 0 && rows[0].sequence > 1 ? rows[0].id : 0;
      return ok({ rows, record_id: next, limit });
    },
  );

  app.post(
    '/chat/talk/message/publish',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Send a text, image, file or code message', tags: TAGS, body: PublishBody, data: ChatRecord, auth: true }),
        description:
          'The record is committed with its sequence before any socket hears of it. The same `client_msg_id` sent again returns the stored record. ' +
          'Image and file messages name in `extra.url` what POST /chat/upload answered. A message to a robot is answered by the robot over the socket.',
      },
    },
    async (request) => ok(await publishFromUser(chat, request.caller!.userId, request.body)),
  );

  app.post(
    '/chat/talk/unread/clear',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Mark a whole conversation read by the caller', tags: TAGS, body: ConversationBody, data: Type.Null(), auth: true }),
    },
    async (request) => {
      await clearUnread(db, hub, request.caller!.userId, request.body);
      return ok(null);
    },
  );

  app.post(
    '/chat/talk/review',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Mark records read by the caller (the HTTP twin of im.message.read)', tags: TAGS, body: ReviewBody, data: Type.Null(), auth: true }),
        description: "The caller's read mark moves up to the newest of these records: it and every earlier record of the conversation count as read.",
      },
    },
    async (request) => {
      await reviewRecords(db, hub, request.caller!.userId, request.body);
      return ok(null);
    },
  );
}
