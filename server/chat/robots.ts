import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MSG_TEXT, type ChatRecord } from '../../src/contract/api/chat';
import type { ChatContext } from './context';
import type { Conversation } from './conversations';
import { deliverRecord, loadRecords, publishMessage } from './messages';
import { markRead } from './read-state';

export interface RobotRule {
  keyword: string;
  match_mode: 'contains' | 'exact';
  reply: string;
}

/**
 * The reply to a text: the first rule (in the order given) whose keyword it contains, or equals for
 * an exact rule, ignoring case and surrounding spaces; the fallback when none matches.
 */
export function chooseReply(rules: readonly RobotRule[], fallback: string, text: string): string {
  const said = text.trim().toLowerCase();
  const rule = rules.find((r) => {
    const keyword = r.keyword.trim().toLowerCase();
    return keyword !== '' && (r.match_mode === 'exact' ? said === keyword : said.includes(keyword));
  });
  return rule?.reply ?? fallback;
}

/**
 * The robot's turn after a user wrote to it: it reads the message at once (the user gets a read
 * receipt) and answers with a record of its own, delivered like any other. Replaying the user's
 * message finds the same answer: the reply's client id is derived from the message it answers.
 */
export async function answerAsRobot({ db, hub, writes }: ChatContext, conversation: Conversation, conversationId: number, message: ChatRecord) {
  const robotId = conversation.robot!.userId;
  // From the robot's side the conversation is with the user.
  await markRead(db, hub, { talkType: 1, receiverId: message.send_id }, conversationId, robotId, message.sequence);

  const robot = await db.selectFrom('chat_robots').select('fallback_reply').where('user_id', '=', robotId).executeTakeFirst();
  const rules = await db
    .selectFrom('chat_robot_rules')
    .select(['keyword', 'match_mode', 'reply'])
    .where('robot_id', '=', robotId)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const reply = chooseReply(rules, robot?.fallback_reply ?? '', message.msg_type === MSG_TEXT ? message.content : '');
  if (!reply) return;
  const target = { id: conversationId, talkType: 1 as const, participants: conversation.participants };
  const { row } = await publishMessage(writes, target, {
    sendId: robotId,
    receiverId: message.send_id,
    msgType: MSG_TEXT,
    content: reply,
    extra: {},
    clientMsgId: `reply-${message.id}`,
  });
  const [record] = await loadRecords(db, conversationId, { ids: [row.id] }, 1);
  deliverRecord(hub, conversation.participants, record);
}

/** The user id of the built-in assistant robot; undefined when the database has none. */
export async function assistantUserId(db: Kysely<Database>): Promise<number | undefined> {
  const robot = await db.selectFrom('chat_robots').select('user_id').where('code', '=', 'assistant').executeTakeFirst();
  return robot?.user_id;
}
