import type { ChatRecord, RecordsPage } from '../../src/contract/api/chat';
import type { MessageContent } from '../../src/contract/chat';
import { connectChat, type ChatClient } from './chat-client';

/**
 * One side of a private conversation, behaving as the issue asks of the console: unsent messages wait
 * in an outbox and are sent again with the same client_msg_id, and after a reconnect it asks for
 * everything after the last sequence it holds.
 */
export interface ChatPeer {
  /** The records this side holds, by sequence. */
  held: Map<number, ChatRecord>;
  /** Each catch-up's answers, as sequences, in the order they came. */
  catchUps: number[][];
  /** Records that arrived twice (by socket or catch-up) and were dropped by sequence. */
  duplicates: number;
  outbox: Array<{ client_msg_id: string; content: string }>;
  /** Opens the socket on this server and catches up. */
  attach(url: string): Promise<void>;
  /** Sends the outbox in order (at most `limit` messages); stops at the first failure and keeps the rest. */
  flush(url: string, limit?: number): Promise<boolean>;
  /** The held records' texts in sequence order; throws when the sequences have a gap. */
  contents(): string[];
  detach(): Promise<void>;
}

const CATCH_UP_PAGE = 100;

export function chatPeer(me: { id: number; token: string }, peerId: number): ChatPeer {
  let client: ChatClient | null = null;
  const held = new Map<number, ChatRecord>();
  const catchUps: number[][] = [];
  const post = async <T>(url: string, route: string, body: unknown): Promise<T> => {
    const response = await fetch(url + route, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; msg: string; data: T };
    if (answer.code !== 200) throw new Error(`${route}: ${answer.code} ${answer.msg}`);
    return answer.data;
  };

  const peer: ChatPeer = {
    held,
    catchUps,
    duplicates: 0,
    outbox: [],
    async attach(url) {
      client = await connectChat(url, me.token);
      const keep = (record: ChatRecord) => {
        if (held.has(record.sequence)) peer.duplicates++;
        else held.set(record.sequence, record);
      };
      client.socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { event: string; content: MessageContent };
        if (frame.event === 'im.message' && frame.content.talk_type === 1 && [frame.content.sender_id, frame.content.receiver_id].includes(peerId)) keep(frame.content.data);
      });
      const caughtUp: number[] = [];
      for (;;) {
        // From the end of the unbroken run: a record the socket missed before one it got is fetched too.
        let after = 0;
        while (held.has(after + 1)) after++;
        const page = await post<RecordsPage>(url, '/chat/talk/records', { talk_type: 1, receiver_id: peerId, after_sequence: after, limit: CATCH_UP_PAGE });
        caughtUp.push(...page.rows.map((r) => r.sequence));
        page.rows.forEach(keep);
        if (page.rows.length < CATCH_UP_PAGE) break;
      }
      catchUps.push(caughtUp);
    },
    async flush(url, limit = Infinity) {
      for (let sent = 0; peer.outbox.length > 0 && sent < limit; sent++) {
        const [next] = peer.outbox;
        try {
          await post(url, '/chat/talk/message/publish', { talk_type: 1, receiver_id: peerId, msg_type: 1, ...next });
        } catch {
          return false;
        }
        peer.outbox.shift();
      }
      return true;
    },
    contents() {
      const sequences = [...held.keys()].sort((a, b) => a - b);
      sequences.forEach((sequence, i) => {
        if (sequence !== i + 1) throw new Error(`gap: sequence ${i + 1} missing`);
      });
      return sequences.map((s) => held.get(s)!.content);
    },
    async detach() {
      await client?.close();
      client = null;
    },
  };
  return peer;
}
