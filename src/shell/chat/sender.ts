import { MSG_TEXT, type ChatRecord, type MessageExtra, type PublishBody } from '../../contract/api/chat';
import { Code } from '../../contract/envelope';
import { RequestError } from '../request/client';
import type { ChatCore, Conversation } from './chat-state';
import type { LiveRecords } from './live-records';
import { newClientMsgId, type OutboxEntry } from './outbox';
import type { OutboxStore } from './outbox-store';
import { conversationOf } from './records';

/** A failure the next try may get past (no connection, a server error); 4xx answers are final. */
function transient(error: unknown): boolean {
  return !(error instanceof RequestError) || error.status === 0 || error.status >= 500;
}

/**
 * Answers to a socket publish that are about the login rather than the message: the request client
 * knows what to do with them (lock the screen, refresh the token, sign out), so HTTP sends it again.
 */
const LOGIN_CODES: ReadonlySet<number> = new Set([Code.locked, Code.unauthorized, Code.tokenExpired]);

interface SenderParts {
  outbox: OutboxStore;
  records: LiveRecords;
  setDraft: (talk: Conversation, text: string) => void;
}

/**
 * Sending: each message queued in the outbox, delivered one at a time in the order written, over the
 * socket when it is open and over HTTP otherwise, and sent again until the server has it.
 */
export function createSender({ me, api, socket, now }: ChatCore, { outbox, records, setDraft }: SenderParts) {
  /** A message goes on the socket when it is open (no request per message); HTTP decides otherwise. */
  async function publish(body: PublishBody): Promise<ChatRecord> {
    const ack = await socket.publish(body).catch(() => null);
    if (!ack || LOGIN_CODES.has(ack.code)) return api.publish(body);
    if (ack.code !== Code.ok || !ack.data) throw new RequestError(ack.code, ack.msg, ack.code);
    return ack.data;
  }

  // One message at a time, in the order they were written, so a conversation's messages keep their order.
  let queue: Promise<unknown> = Promise.resolve();
  const queued = new Set<string>();
  const rejected = new Set<string>();

  function deliver(client_msg_id: string) {
    if (queued.has(client_msg_id)) return;
    queued.add(client_msg_id);
    outbox.setState(client_msg_id, 'sending');
    queue = queue.then(async () => {
      try {
        const entry = outbox.entries().find((e) => e.client_msg_id === client_msg_id);
        if (!entry) return;
        // An earlier message of the conversation that could not go out holds back the later ones.
        const blocked = outbox
          .entries()
          .some(
            (e) =>
              e.created_at < entry.created_at && e.talk_type === entry.talk_type && e.receiver_id === entry.receiver_id && e.state === 'failed' && !rejected.has(e.client_msg_id),
          );
        if (blocked) {
          outbox.setState(client_msg_id, 'failed');
          return;
        }
        const { talk_type, receiver_id, msg_type, content, extra } = entry;
        const body: PublishBody = { talk_type, receiver_id, msg_type, content, client_msg_id, ...(extra ? { extra } : {}) };
        try {
          const record = await publish(body);
          rejected.delete(client_msg_id);
          records.applyRecords(conversationOf({ sender_id: me, receiver_id: entry.receiver_id, talk_type: entry.talk_type }, me), [record]);
          outbox.remove((e) => e.client_msg_id === client_msg_id);
        } catch (error) {
          if (!transient(error)) rejected.add(client_msg_id);
          outbox.setState(client_msg_id, 'failed');
        }
      } finally {
        queued.delete(client_msg_id);
      }
    });
  }

  /**
   * Sends every unconfirmed message again, oldest first, each under its own client_msg_id. On its
   * own (a reconnect) it leaves out what the server refused: only the user's retry sends that again.
   */
  function flush({ refusedToo = false } = {}) {
    for (const entry of [...outbox.entries()].sort((a, b) => a.created_at - b.created_at)) {
      if (refusedToo || !rejected.has(entry.client_msg_id)) deliver(entry.client_msg_id);
    }
  }

  return {
    flush,
    /** Queues a message for a conversation: it shows at once as "sending" and survives a reload. */
    send(talk: Conversation, msg_type: PublishBody['msg_type'], content: string, extra?: MessageExtra): OutboxEntry {
      const entry: OutboxEntry = {
        talk_type: talk.talk_type,
        receiver_id: talk.receiver_id,
        msg_type,
        content,
        client_msg_id: newClientMsgId(),
        ...(extra ? { extra } : {}),
        created_at: now(),
        state: 'sending',
      };
      outbox.change((entries) => [...entries, entry]);
      if (msg_type === MSG_TEXT) setDraft(talk, '');
      deliver(entry.client_msg_id);
      return entry;
    },
    discard(client_msg_id: string) {
      rejected.delete(client_msg_id);
      outbox.remove((e) => e.client_msg_id === client_msg_id);
    },
  };
}
