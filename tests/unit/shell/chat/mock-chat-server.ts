import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import {
  indexName, type ChatRecord, type ChatSession, type PublishBody, type RecordsBody, type TalkType,
} from '../../../../src/contract/api/chat';
import type { PublishAck } from '../../../../src/contract/chat';
import { mockServer } from '../../setup';
import { FakeWebSocket } from './fake-websocket';
import { record, session } from './fixtures';

const ok = (data: JsonBodyType) => HttpResponse.json({ code: 200, msg: 'ok', data });

/**
 * The /chat API over msw, kept in memory the way the real server keeps it: records numbered per
 * conversation, a client_msg_id stored once, pages older than record_id or after a sequence. It
 * answers messages sent on the fake socket too (`im.message.publish` → `im.message.ack`), recorded
 * in `calls` under the path 'socket:publish'. `down` makes every call fail as a dead server would
 * (no answer at all), and drops the sockets it had open.
 */
export class MockChatServer {
  readonly sessions = new Map<string, ChatSession>();
  readonly records = new Map<string, ChatRecord[]>();
  readonly calls: { path: string; body: Record<string, unknown> }[] = [];
  private isDown = false;
  /** The built-in assistant robot's session, as /talk/session/assistant opens it; none configured when unset. */
  assistant: ChatSession | null = null;
  /** Milliseconds the publish answer takes. */
  publishDelay = 0;
  /** Milliseconds the session list takes to arrive; it holds the sessions as they were when asked. */
  sessionsDelay = 0;
  private nextId = 10_000;

  constructor(readonly me: number) {
    mockServer.use(
      http.post('*/chat/*', async ({ request }) => {
        const path = new URL(request.url).pathname.replace(/^\/chat/, '');
        const body = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
        this.calls.push({ path, body });
        if (this.down) return HttpResponse.error();
        return this.answer(path, body);
      }),
    );
    FakeWebSocket.respond = (frame, socket) => {
      if (frame.event !== 'im.message.publish') return;
      const body = frame.content as PublishBody;
      this.calls.push({ path: 'socket:publish', body: { ...body } });
      if (this.down) return;
      const ack: PublishAck = { client_msg_id: body.client_msg_id, code: 200, msg: 'ok', data: this.publish(body) };
      // Never in the same call: a real answer comes in a later task.
      const answer = () => socket.readyState === FakeWebSocket.OPEN && socket.receive('im.message.ack', ack);
      if (this.publishDelay > 0) void delay(this.publishDelay).then(answer);
      else queueMicrotask(answer);
    };
  }

  /** Stores a published message once per client_msg_id. */
  private publish(body: PublishBody): ChatRecord {
    const key = indexName(body.talk_type, body.receiver_id);
    const again = (this.records.get(key) ?? []).find((r) => r.client_msg_id === body.client_msg_id);
    return (
      again ??
      this.store(body.talk_type, body.receiver_id, this.me, { content: body.content, msg_type: body.msg_type, client_msg_id: body.client_msg_id, nickname: '卖家' })
    );
  }

  get down(): boolean {
    return this.isDown;
  }

  set down(down: boolean) {
    this.isDown = down;
    if (down) for (const socket of FakeWebSocket.instances) if (socket.readyState === FakeWebSocket.OPEN) socket.drop(1006);
  }

  addSession(row: ChatSession): ChatSession {
    this.sessions.set(row.index_name, row);
    return row;
  }

  /**
   * Stores a message the way publish does and returns it; the caller decides who hears of it.
   * `other` is the other user of a private conversation (or the group); `send_id` 0 is the system.
   */
  store(talk_type: TalkType, other: number, send_id: number, extra: Partial<ChatRecord> = {}): ChatRecord {
    const key = indexName(talk_type, other);
    const list = this.records.get(key) ?? [];
    const sequence = (list.at(-1)?.sequence ?? 0) + 1;
    const receiver_id = talk_type === 2 || send_id === this.me ? other : this.me;
    const stored = record(sequence, { id: ++this.nextId, talk_type, receiver_id, send_id, ...extra });
    list.push(stored);
    this.records.set(key, list);
    return stored;
  }

  called(path: string) {
    return this.calls.filter((call) => call.path === path).map((call) => call.body);
  }

  private async answer(path: string, body: Record<string, unknown>) {
    switch (path) {
      case '/upload':
        return ok({ url: `/uploads/chat/${++this.nextId}.png`, name: 'pasted.png', size: 1234, kind: 'image' });
      case '/ticket':
        return ok({ ticket: 'one-minute-ticket', expires_in: 60 });
      case '/talk/session/assistant':
        return this.assistant ? ok(this.addSession(this.assistant)) : HttpResponse.json({ code: 404, msg: '智能助手未配置', data: null }, { status: 404 });
      case '/talk/session/list': {
        const rows = [...this.sessions.values()];
        if (this.sessionsDelay > 0) await delay(this.sessionsDelay);
        return ok({ rows });
      }
      case '/talk/session/save': {
        const talk_type = (body.talk_type as TalkType | undefined) ?? 1;
        const key = indexName(talk_type, body.receiver_id as number);
        const changes = { ...body };
        delete changes.send_id;
        const row = { ...(this.sessions.get(key) ?? session(body.receiver_id as number, { talk_type })), ...changes } as ChatSession;
        this.sessions.set(key, row);
        return ok(row);
      }
      case '/talk/records': {
        const { talk_type, receiver_id, record_id = 0, after_sequence, limit = 30 } = body as unknown as RecordsBody;
        const all = this.records.get(indexName(talk_type, receiver_id)) ?? [];
        if (after_sequence !== undefined) return ok({ rows: all.filter((r) => r.sequence > after_sequence).slice(0, limit), record_id: 0, limit });
        const older = all.filter((r) => record_id === 0 || r.id < record_id);
        const rows = older.slice(-limit);
        return ok({ rows, record_id: older.length > rows.length ? rows[0].id : 0, limit });
      }
      case '/talk/message/publish': {
        const stored = this.publish(body as unknown as PublishBody);
        // Stored (and perhaps already fanned out) before the answer leaves.
        if (this.publishDelay > 0) await delay(this.publishDelay);
        return ok(stored);
      }
      default:
        return ok(null);
    }
  }
}
