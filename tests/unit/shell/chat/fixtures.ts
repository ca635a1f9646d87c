import { indexName, type ChatRecord, type ChatSession, type TalkType } from '../../../../src/contract/api/chat';

/** A session row as the server sends it, private with user `receiver_id` unless told otherwise. */
export function session(receiver_id: number, extra: Partial<ChatSession> = {}): ChatSession {
  const talk_type: TalkType = extra.talk_type ?? 1;
  return {
    id: receiver_id,
    talk_type,
    receiver_id,
    name: `用户${receiver_id}`,
    remark: '',
    avatar: '',
    is_disturb: 0,
    is_top: 0,
    is_online: 0,
    is_robot: 0,
    is_talk: 0,
    un_read_num: 0,
    content: '',
    draft_text: '',
    msg_text: '',
    last_sequence: 0,
    index_name: indexName(talk_type, receiver_id),
    updated_at: 1_700_000_000_000 + receiver_id,
    ...extra,
  };
}

/** A stored text record of a private conversation: its sequence doubles as its id unless told otherwise. */
export function record(sequence: number, extra: Partial<ChatRecord> = {}): ChatRecord {
  return {
    id: sequence,
    sequence,
    talk_type: 1,
    send_id: 2,
    receiver_id: 1,
    msg_type: 1,
    content: `第 ${sequence} 条`,
    extra: {},
    client_msg_id: `client-${sequence}-0000`,
    nickname: '员工',
    avatar: '',
    is_read: 0,
    created_at: 1_700_000_000_000 + sequence * 1000,
    ...extra,
  };
}
