import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  ChatRecord,
  ConversationBody,
  MSG_CODE,
  MSG_FILE,
  MSG_IMAGE,
  PublishBody,
  RecordsBody,
  RecordsPage,
  ReviewBody,
  type MessageExtra,
} from '../../src/contract/api/chat';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema } from '../http/route';
import type { ChatHub } from './hub';
import { conversationId, conversationOf } from './conversations';
import { deliverRecord, loadRecords, publishMessage, toRecord } from './messages';
import { clearUnread, reviewRecords } from './read-state';
import { answerAsRobot } from './robots';

const TAGS = ['chat'];
const DEFAULT_LIMIT = 30;

export async function talkRoutes(app: FastifyInstance, { db, hub }: { db: Kysely<Database>; hub: ChatHub }) {
  /** What is stored for a message: text and code need words; images and files name an upload of this server. */
  async function checkedExtra(msgType: PublishBody['msg_type'], content: string, extra: MessageExtra): Promise<MessageExtra> {
    if (msgType === MSG_IMAGE || msgType === MSG_FILE) {
      const upload = extra.url
        ? await db.selectFrom('chat_uploads').select(['url', 'name', 'size', 'kind']).where('url', '=', extra.url).executeTakeFirst()
        : undefined;
      if (!upload || (msgType === MSG_IMAGE && upload.kind !== 'image')) throw new ApiError(Code.badRequest, 'chatUploadNotFound');
      const { width, height } = extra;
      const picture = msgType === MSG_IMAGE ? { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) } : {};
      return { url: upload.url, name: upload.name, size: upload.size, ...picture };
    }
    if (!content.trim()) throw new ApiError(Code.badRequest, 'chatContentEmpty');
    return msgType === MSG_CODE && extra.lang ? { lang: extra.lang } : {};
  }

  app.post<{ Body: RecordsBody }>(
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
      const stored = await db.selectFrom('chat_conversations').select(['id', 'last_sequence']).where('conv_key', '=', conversation.key).executeTakeFirst();
      if (!stored) return ok({ rows: [], record_id: 0, limit });
      if (after_sequence !== undefined) {
        return ok({ rows: await loadRecords(db, stored.id, { after: after_sequence }, limit), record_id: 0, limit });
      }
      let before = stored.last_sequence + 1;
      if (record_id > 0) {
        const cursor = await db
          .selectFrom('chat_messages')
          .select('sequence')
          .where('id', '=', record_id)
          .where('conversation_id', '=', stored.id)
          .executeTakeFirst();
        if (!cursor) throw new ApiError(Code.notFound, 'chatRecordNotFound');
        before = cursor.sequence;
      }
      const rows = await loadRecords(db, stored.id, { before }, limit);
      // Sequences start at 1 and records are never removed, so an oldest row above 1 has older ones behind it.
      const next = rows.length > 0 && rows[0].sequence > 1 ? rows[0].id : 0;
      return ok({ rows, record_id: next, limit });
    },
  );

  app.post<{ Body: PublishBody }>(
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
    async (request) => {
      const { talk_type, receiver_id, msg_type, content, client_msg_id, extra = {} } = request.body;
      const userId = request.caller!.userId;
      const conversation = await conversationOf(db, userId, talk_type, receiver_id);
      if (conversation.robot && !conversation.robot.isTalk) throw new ApiError(Code.forbidden, 'chatRobotMuted');
      const stored = await checkedExtra(msg_type, content, extra);
      const id = await conversationId(db, conversation);
      const { row, created } = await publishMessage(
        db,
        { id, talkType: talk_type, participants: conversation.participants },
        { sendId: userId, receiverId: receiver_id, msgType: msg_type, content, extra: stored, clientMsgId: client_msg_id },
      );
      if (row.conversation_id !== id) throw new ApiError(Code.conflict, 'chatClientMsgIdReused', { id: client_msg_id });
      // A new record is unread by anyone else yet; a replayed one is read back with its state now.
      const record = created ? toRecord(row, conversation.me, conversation.participants.length <= 1) : (await loadRecords(db, id, { ids: [row.id] }, 1))[0];
      // A replayed message is told again: a client that missed the first notice gets it, others drop the duplicate by id.
      deliverRecord(hub, conversation.participants, record);
      if (conversation.robot) await answerAsRobot(db, hub, conversation, id, record);
      return ok(record);
    },
  );

  app.post<{ Body: ConversationBody }>(
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

  app.post<{ Body: ReviewBody }>(
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
