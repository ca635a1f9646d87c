import { MSG_CODE, MSG_FILE, MSG_IMAGE, MSG_SYSTEM, indexName, type ChatRecord, type TalkType } from '../../contract/api/chat';
import type { MessageContent } from '../../contract/chat';
import type { MessageKey } from '../i18n/types';

export type Float = 'left' | 'right' | 'center';

/** Spec §3: right for the current user's own messages, left for others, centre for the system's. */
export function messageFloat(record: Pick<ChatRecord, 'send_id' | 'msg_type'>, me: number): Float {
  if (!(record.send_id > 0) || record.msg_type === MSG_SYSTEM) return 'center';
  return record.send_id === me ? 'right' : 'left';
}

/**
 * Held records (oldest first) with new ones merged in: each record once, whatever way it came (the
 * publish answer, the socket, a catch-up page), in sequence order. The same array comes back when
 * nothing was new, so a store holding it does not notify.
 */
export function mergeRecords(held: ChatRecord[], incoming: ChatRecord[]): ChatRecord[] {
  if (incoming.length === 0) return held;
  const known = new Set(held.map((record) => record.id));
  const fresh: ChatRecord[] = [];
  for (const record of incoming) {
    if (known.has(record.id)) continue;
    known.add(record.id);
    fresh.push(record);
  }
  if (fresh.length === 0) return held;
  fresh.sort((a, b) => a.sequence - b.sequence);
  const last = held.at(-1);
  // The usual case, new messages after the newest held: no need to sort what is already in order.
  if (!last || fresh[0].sequence > last.sequence) return [...held, ...fresh];
  return [...held, ...fresh].sort((a, b) => a.sequence - b.sequence);
}

/**
 * The last sequence up to which the held records have no gap. Sequences count up without gaps in a
 * conversation, so a catch-up from here gets everything missed, even when a live message beyond a
 * gap arrived first.
 */
export function contiguousEnd(records: readonly ChatRecord[]): number {
  if (records.length === 0) return 0;
  let end = records[0].sequence;
  for (let i = 1; i < records.length && records[i].sequence === end + 1; i++) end = records[i].sequence;
  return end;
}

/** The conversation an `im.message` belongs to, seen from the current user's side. */
export function conversationOf(content: Pick<MessageContent, 'sender_id' | 'receiver_id' | 'talk_type'>, me: number) {
  const receiver_id = content.talk_type === 2 || content.sender_id === me ? content.receiver_id : content.sender_id;
  return { talk_type: content.talk_type as TalkType, receiver_id, index_name: indexName(content.talk_type, receiver_id) };
}

/** The key of the label a session shows for a message that is not plain text; null for text. */
export function previewKey(msgType: number): MessageKey | null {
  if (msgType === MSG_IMAGE) return 'chat.preview.image';
  if (msgType === MSG_FILE) return 'chat.preview.file';
  if (msgType === MSG_CODE) return 'chat.preview.code';
  return null;
}
