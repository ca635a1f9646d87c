import type { MessageExtra, PublishBody } from '../../contract/api/chat';

/**
 * A message the user sent that the server has not confirmed yet. It is kept in the browser until the
 * server answers with the stored record (or the socket brings it), so a reload or a dead server loses
 * nothing; the same `client_msg_id` is sent each time, so the server stores it once.
 */
export interface OutboxEntry extends PublishBody {
  extra?: MessageExtra;
  created_at: number;
  /** sending: on its way (or waiting for the connection to come back); failed: the last try failed. */
  state: 'sending' | 'failed';
}

/** Per user, so two accounts used in one browser never send each other's messages. */
export function outboxKey(userId: number): string {
  return `chat-outbox-${userId}`;
}

export function readOutbox(storage: Storage, userId: number): OutboxEntry[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(outboxKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

export function writeOutbox(storage: Storage, userId: number, entries: OutboxEntry[]): void {
  try {
    if (entries.length === 0) storage.removeItem(outboxKey(userId));
    else storage.setItem(outboxKey(userId), JSON.stringify(entries));
  } catch {
    // A full or blocked storage: the messages stay in memory for this visit.
  }
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as Partial<OutboxEntry> | null;
  return (
    !!entry &&
    typeof entry.client_msg_id === 'string' &&
    (entry.talk_type === 1 || entry.talk_type === 2) &&
    typeof entry.receiver_id === 'number' &&
    typeof entry.msg_type === 'number' &&
    typeof entry.content === 'string' &&
    typeof entry.created_at === 'number'
  );
}

/**
 * 32 random hex digits. crypto.getRandomValues, not randomUUID: the latter exists only on secure
 * pages, and a console opened over plain http on a LAN address must still send.
 */
export function newClientMsgId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
