import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/schema';
import { MSG_CODE, MSG_FILE, MSG_IMAGE, type ChatRecord, type MessageExtra, type PublishBody } from '../../src/contract/api/chat';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import type { ChatContext } from './context';
import { conversationOf, conversationId, type Conversation } from './conversations';
import { deliverRecord, loadRecords, publishMessage, toRecord } from './messages';
import { answerAsRobot } from './robots';

/** What is stored for a message: text and code need words; images and files name an upload of this server. */
async function checkedExtra(db: Kysely<Database>, msgType: PublishBody['msg_type'], content: string, extra: MessageExtra): Promise<MessageExtra> {
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

/**
 * A user's message, however it came (POST /chat/talk/message/publish or the socket's
 * `im.message.publish`): checked to be theirs to write, committed with its sequence, then told to
 * every participant's sockets; a robot on the other side answers. The same `client_msg_id` again
 * returns the stored record and tells nobody. `via` names how it came when the caller already knows:
 * the conversation the user means, and the socket it was published on (the record reaches that
 * socket in its acknowledgement, not a second time as a delivery).
 */
export async function publishFromUser(
  chat: ChatContext,
  userId: number,
  body: PublishBody,
  via: { conversation?: Conversation; socket?: WebSocket } = {},
): Promise<ChatRecord> {
  const { db, hub, writes } = chat;
  const { talk_type, receiver_id, msg_type, content, client_msg_id, extra = {} } = body;
  const conversation = via.conversation ?? (await conversationOf(db, userId, talk_type, receiver_id));
  if (conversation.robot && !conversation.robot.isTalk) throw new ApiError(Code.forbidden, 'chatRobotMuted');
  const stored = await checkedExtra(db, msg_type, content, extra);
  const id = await conversationId(db, conversation);
  const { row, created } = await publishMessage(
    writes,
    { id, talkType: talk_type, participants: conversation.participants },
    { sendId: userId, receiverId: receiver_id, msgType: msg_type, content, extra: stored, clientMsgId: client_msg_id },
  );
  if (row.conversation_id !== id) throw new ApiError(Code.conflict, 'chatClientMsgIdReused', { id: client_msg_id });
  // A replayed message answers its stored record, read back with its state now, and is not told
  // again: receivers heard of it when it was stored, and a client that missed that catches up by sequence.
  if (!created) return (await loadRecords(db, id, { ids: [row.id] }, 1))[0];
  const record = toRecord(row, conversation.me, conversation.participants.length <= 1);
  deliverRecord(hub, conversation.participants, record, via.socket);
  if (conversation.robot) await answerAsRobot(chat, conversation, id, record);
  return record;
}
