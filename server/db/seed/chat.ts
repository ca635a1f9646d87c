/**
 * Demo chat: the built-in assistant robot with its reply rules, a short conversation between the
 * seller and the quoting staff, and a group of the two teams.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { settings } from '../../../src/contract/settings';
import { MSG_TEXT, type TalkType } from '../../../src/contract/api/chat';
import { message } from '../../http/messages';
import { conversationKey } from '../../chat/conversations';
import { appendMessage, appendSystemMessage, type NewMessage, type Target } from '../../chat/messages';

const MINUTE = 60_000;

/** Not an argon2 hash: no password ever verifies against it, so the robot cannot sign in. */
const NO_LOGIN = '!';

const ASSISTANT = {
  username: 'assistant',
  name: '智能助手',
  fallback: '我是智能助手，这个问题我还不会回答。可以发送「报价」「对账」「商品」「密码」或「帮助」试试。',
  rules: [
    { keyword: '帮助', match_mode: 'exact', reply: '可以问我：报价、对账、商品、密码。直接描述遇到的问题也可以，我会尽量回答。' },
    { keyword: 'help', match_mode: 'exact', reply: 'Ask me about 报价 (quotes), 对账 (reconciliation), 商品 (goods) or 密码 (password).' },
    {
      keyword: '报价',
      match_mode: 'contains',
      reply: '询价与报价：询价团队在「询价」中发起询价，云仓报价组在「现货报价」「调货报价」中报价；报价确认后可在「报价链接」中分享给客户查看。',
    },
    {
      keyword: '对账',
      match_mode: 'contains',
      reply:
        '对账：导入抖音、快手、微信小店的订单、结算文件（动账明细、货款账单、资金流水）和发货单后，点「运行对账」按订单号逐笔匹配订单、发货与结算，每单一个结果：已对平、金额不符、未发货、已发货未结算、已退款、重复结算、平台有账无单或有单无发货记录；差异可在订单上填写说明。',
    },
    { keyword: '商品', match_mode: 'contains', reply: '商品管理：在「商品」下维护商品列表、评价和统计；新增商品后询价团队会收到通知。' },
    { keyword: '密码', match_mode: 'contains', reply: '修改密码：右上角头像 →「修改密码」。忘记密码时，在登录页点「忘记密码」用手机验证码重置。' },
  ],
} as const;

const CONVERSATION: Array<{ from: 'seller' | 'staff'; text: string }> = [
  { from: 'seller', text: '李经理您好，蓝牙耳机降噪版 500 副，今天能报个价吗？' },
  { from: 'staff', text: '可以的，现货有 300 副，剩下的要从华东仓调货，大概 3 天。' },
  { from: 'seller', text: '好的，那分两批发，现货先走。' },
  { from: 'staff', text: '报价已经提交到询价单里了，含税价 158 元/副，请查收。' },
];

const GROUP = {
  name: '报价协作群',
  members: ['seller', 'staff', 'zhaolei'],
  lines: [
    { from: 'staff', text: '本周空气炸锅的报价统一上调 3%，已在报价单中更新。' },
    { from: 'zhaolei', text: '收到，抖音店的活动价我这边同步调整。' },
  ],
} as const;

export interface ChatSeedContext {
  now: number;
  opsTeamId: number;
  userIds: Map<string, number>;
}

async function insertConversation(trx: Transaction<Database>, talkType: TalkType, key: string, groupId: number | null, at: number) {
  const { id } = await trx
    .insertInto('chat_conversations')
    .values({ talk_type: talkType, conv_key: key, group_id: groupId, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function seedChat(trx: Transaction<Database>, { now, opsTeamId, userIds }: ChatSeedContext): Promise<void> {
  const { id: robotId } = await trx
    .insertInto('users')
    .values({
      team_id: opsTeamId,
      department_id: null,
      username: ASSISTANT.username,
      password_hash: NO_LOGIN,
      name: ASSISTANT.name,
      logo: settings.defaultAvatar,
      mobile: null,
      email: null,
      is_robot: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('chat_robots').values({ user_id: robotId, code: 'assistant', is_talk: 1, fallback_reply: ASSISTANT.fallback, updated_at: now }).execute();
  await trx
    .insertInto('chat_robot_rules')
    .values(ASSISTANT.rules.map((rule, sort) => ({ ...rule, robot_id: robotId, enabled: 1, sort, created_at: now, updated_at: now })))
    .execute();

  const user = (name: string) => userIds.get(name)!;
  const seller = user('seller');
  const staff = user('staff');
  const start = now - 60 * MINUTE;
  const privateTarget: Target = {
    id: await insertConversation(trx, 1, conversationKey(1, seller, staff), null, start),
    talkType: 1,
    participants: [seller, staff],
  };
  for (const [i, line] of CONVERSATION.entries()) {
    const [sendId, receiverId] = line.from === 'seller' ? [seller, staff] : [staff, seller];
    const message: NewMessage = { sendId, receiverId, msgType: MSG_TEXT, content: line.text, extra: {}, clientMsgId: `seed-private-${i + 1}` };
    await appendMessage(trx, privateTarget, message, start + i * 5 * MINUTE);
  }
  // The staff has read everything; the seller has not yet seen the last answer.
  const read = (userId: number, sequence: number) =>
    trx.updateTable('chat_sessions').set({ read_sequence: sequence }).where('conversation_id', '=', privateTarget.id).where('user_id', '=', userId).execute();
  await read(staff, CONVERSATION.length);
  await read(seller, CONVERSATION.length - 1);

  const members = GROUP.members.map(user);
  const groupAt = now - 30 * MINUTE;
  const { id: groupId } = await trx
    .insertInto('chat_groups')
    .values({ name: GROUP.name, avatar: '', owner_id: seller, created_at: groupAt, updated_at: groupAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groupTarget: Target = { id: await insertConversation(trx, 2, conversationKey(2, seller, groupId), groupId, groupAt), talkType: 2, participants: members };
  await trx.insertInto('chat_group_members').values(members.map((user_id) => ({ group_id: groupId, user_id, joined_at: groupAt }))).execute();
  await trx
    .insertInto('chat_sessions')
    .values(members.map((user_id) => ({ user_id, conversation_id: groupTarget.id, talk_type: 2, receiver_id: groupId, created_at: groupAt, updated_at: groupAt })))
    .execute();
  const owner = await trx.selectFrom('users').select('name').where('id', '=', seller).executeTakeFirstOrThrow();
  await appendSystemMessage(trx, groupTarget, groupId, message('zh', 'chatGroupCreated', { name: owner.name, group: GROUP.name }), groupAt);
  for (const [i, line] of GROUP.lines.entries()) {
    const message: NewMessage = { sendId: user(line.from), receiverId: groupId, msgType: MSG_TEXT, content: line.text, extra: {}, clientMsgId: `seed-group-${i + 1}` };
    await appendMessage(trx, groupTarget, message, groupAt + (i + 1) * 4 * MINUTE);
  }
}
