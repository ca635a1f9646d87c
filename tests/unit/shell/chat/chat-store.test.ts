import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatController } from '../../../../src/shell/chat/chat-store';
import { LOADED } from '../../../../src/shell/chat/chat-state';
import { DRAFT_DELAY } from '../../../../src/shell/chat/drafts';
import { TYPING_SHOW, TYPING_THROTTLE } from '../../../../src/shell/chat/typing';
import { outboxKey } from '../../../../src/shell/chat/outbox';
import { unreadTotal } from '../../../../src/shell/chat/sessions';
import { settings } from '../../../../src/contract/settings';
import { RECORDS_LIMIT_MAX, type ChatRecord } from '../../../../src/contract/api/chat';
import { FakeWebSocket } from './fake-websocket';
import { chatOverFakeSocket } from './test-chat';
import { MockChatServer } from './mock-chat-server';
import { session } from './fixtures';

const ME = 1;
let server: MockChatServer;
let chat: ChatController;

/** A turn of the real event loop, where the mocked server answers; the fake clock stands still. */
const realTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Lets every pending answer arrive without moving the clock. */
async function flush() {
  for (let i = 0; i < 50; i++) {
    await realTurn();
    await vi.advanceTimersByTimeAsync(0);
  }
}

/** Lets answers arrive, without moving the clock, until the condition holds. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) {
    await realTurn();
    await vi.advanceTimersByTimeAsync(0);
  }
  expect(condition()).toBe(true);
}

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
}

/** The store as the console runs it, over the real socket client on a fake WebSocket. */
async function startChat(): Promise<ChatController> {
  chat = chatOverFakeSocket({ id: ME, name: '卖家' }, { random: () => 0 });
  chat.start();
  await flush();
  FakeWebSocket.latest().accept();
  await flush();
  return chat;
}

/** The server tells the client's socket about a record (`im.message`). */
function push(stored: ChatRecord) {
  FakeWebSocket.latest().receive('im.message', { sender_id: stored.send_id, receiver_id: stored.receiver_id, talk_type: stored.talk_type, data: stored });
}

const sessionsShown = () => chat.state.get().sessions.map((s) => s.index_name);
const held = (slot: 'panel' | 'assistant' = 'panel') => chat.dialogue(slot).get()!.records.map((r) => r.content);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  FakeWebSocket.reset();
  server = new MockChatServer(ME);
});
afterEach(() => {
  chat?.stop();
  vi.useRealTimers();
});

describe('the session list', () => {
  it('shows pinned sessions on top, then newest first, and the unread total leaves muted ones out', async () => {
    server.addSession(session(2, { updated_at: 200, un_read_num: 2 }));
    server.addSession(session(3, { updated_at: 300, un_read_num: 4, is_disturb: 1 }));
    server.addSession(session(4, { updated_at: 100, is_top: 1 }));
    await startChat();
    expect(chat.state.get().loadStatus).toBe(LOADED);
    expect(sessionsShown()).toEqual(['1_4', '1_3', '1_2']);
    expect(unreadTotal(chat.state.get().sessions)).toBe(2);
  });

  it('moves a session up when a message comes in and counts it unread, under the pinned ones', async () => {
    server.addSession(session(2, { updated_at: 100 }));
    server.addSession(session(3, { updated_at: 300 }));
    server.addSession(session(4, { updated_at: 50, is_top: 1 }));
    await startChat();
    push(server.store(1, 2, 2, { created_at: 1_800_000_000_000, content: '在吗' }));
    expect(sessionsShown()).toEqual(['1_4', '1_2', '1_3']);
    const row = chat.state.get().sessions[1];
    expect(row).toMatchObject({ un_read_num: 1, msg_text: '在吗', updated_at: 1_800_000_000_000 });
  });

  it('pins, mutes and keeps drafts through session/save, the draft after the user pauses', async () => {
    const row = server.addSession(session(2));
    await startChat();
    await chat.setTop(row, true);
    await chat.setMuted(row, true);
    expect(chat.state.get().sessions[0]).toMatchObject({ is_top: 1, is_disturb: 1 });
    chat.setDraft({ talk_type: 1, receiver_id: 2 }, '明天');
    chat.setDraft({ talk_type: 1, receiver_id: 2 }, '明天发货');
    expect(chat.state.get().sessions[0].draft_text).toBe('明天发货');
    await advance(DRAFT_DELAY);
    const saves = server.called('/talk/session/save');
    expect(saves).toEqual([
      { send_id: ME, talk_type: 1, receiver_id: 2, is_top: 1 },
      { send_id: ME, talk_type: 1, receiver_id: 2, is_disturb: 1 },
      { send_id: ME, talk_type: 1, receiver_id: 2, draft_text: '明天发货' },
    ]);
  });
});

describe('choosing a dialogue (spec §4)', () => {
  it('sets online from is_online, clears records and unread, and loads the newest page', async () => {
    server.addSession(session(2, { is_online: 1, un_read_num: 3 }));
    for (let i = 0; i < 3; i++) server.store(1, 2, 2);
    await startChat();
    chat.choose('panel', { ...session(2), is_online: 1 });
    const chosen = chat.dialogue('panel').get()!;
    expect(chosen).toMatchObject({ index_name: '1_2', online: true, records: [], unreadBubble: 0, isShowEditor: true });
    expect(chat.state.get().sessions[0].un_read_num).toBe(0);
    await advance(500);
    expect(held()).toHaveLength(3);
    expect(server.called('/talk/unread/clear')).toEqual([{ talk_type: 1, receiver_id: 2 }]);
  });

  it('shows the editor for people and for robots that take input, not for other robots', async () => {
    await startChat();
    chat.choose('panel', { ...session(9), is_robot: 1, is_talk: 0, is_online: 1 });
    expect(chat.dialogue('panel').get()).toMatchObject({ isShowEditor: false, is_robot: true, online: true });
    chat.choose('panel', { ...session(9), is_robot: 1, is_talk: 1 });
    expect(chat.dialogue('panel').get()!.isShowEditor).toBe(true);
    chat.choose('panel', session(2));
    expect(chat.dialogue('panel').get()).toMatchObject({ isShowEditor: true, online: false });
  });

  it('loads older pages on demand until the first message', async () => {
    server.addSession(session(2));
    for (let i = 0; i < 70; i++) server.store(1, 2, 2);
    await startChat();
    chat.choose('panel', session(2));
    await flush();
    expect(held()).toHaveLength(30);
    await chat.loadOlder('panel');
    await chat.loadOlder('panel');
    await flush();
    expect(held()).toEqual(server.records.get('1_2')!.map((r) => r.content));
    expect(chat.dialogue('panel').get()!.hasOlder).toBe(false);
  });

  it('marks what the user reads: others get read receipts, unread stays zero while reading', async () => {
    server.addSession(session(2));
    const first = server.store(1, 2, 2);
    await startChat();
    chat.choose('panel', session(2));
    chat.setVisible('panel', true);
    await advance(500);
    const second = server.store(1, 2, 2);
    push(second);
    await advance(500);
    expect(server.called('/talk/review').flatMap((b) => b.ids as number[])).toEqual([first.id, second.id]);
    expect(chat.state.get().sessions[0].un_read_num).toBe(0);
  });
});

describe('live events', () => {
  it('puts my messages read when the other side reads them (im.message.read)', async () => {
    server.addSession(session(2));
    const mine = server.store(1, 2, ME);
    await startChat();
    chat.choose('panel', session(2));
    await flush();
    expect(chat.dialogue('panel').get()!.records[0].is_read).toBe(0);
    FakeWebSocket.latest().receive('im.message.read', { sender_id: 2, receiver_id: ME, talk_type: 1, ids: [mine.id] });
    expect(chat.dialogue('panel').get()!.records[0].is_read).toBe(1);
  });

  it('shows who is typing for a few seconds and sends typing frames at most every few seconds', async () => {
    server.addSession(session(2));
    await startChat();
    FakeWebSocket.latest().receive('im.message.keyboard', { sender_id: 2, receiver_id: ME, talk_type: 1 });
    expect(chat.state.get().typing['1_2']?.sender_id).toBe(2);
    await advance(TYPING_SHOW);
    expect(chat.state.get().typing['1_2']).toBeUndefined();

    const talk = { talk_type: 1 as const, receiver_id: 2 };
    for (let i = 0; i < 10; i++) chat.typing(talk);
    await advance(TYPING_THROTTLE);
    chat.typing(talk);
    expect(FakeWebSocket.latest().sent.filter((f) => f.event === 'im.message.keyboard')).toEqual([
      { event: 'im.message.keyboard', content: talk },
      { event: 'im.message.keyboard', content: talk },
    ]);
  });

  it('learns who came online before its socket could hear it, from the list it reloads on connect', async () => {
    server.addSession(session(2));
    chat = chatOverFakeSocket({ id: ME, name: '卖家' });
    chat.start();
    chat.choose('panel', session(2));
    await flush();
    expect(chat.dialogue('panel').get()!.online).toBe(false);
    server.sessions.set('1_2', { ...server.sessions.get('1_2')!, is_online: 1 });
    FakeWebSocket.latest().accept();
    await until(() => chat.dialogue('panel').get()!.online);
    expect(chat.state.get().sessions[0].is_online).toBe(1);
  });

  it('keeps a contact online who came online while the list was on its way, read before that', async () => {
    server.addSession(session(2));
    await startChat();
    chat.choose('panel', session(2));
    server.sessionsDelay = 500;
    void chat.loadSessions();
    await flush();
    server.sessions.set('1_2', { ...server.sessions.get('1_2')!, is_online: 1 });
    FakeWebSocket.latest().receive('im.contact.status', { user_id: 2, status: 1 });
    await advance(500);
    expect(server.calls.filter((c) => c.path === '/talk/session/list').length).toBeGreaterThanOrEqual(2);
    expect(chat.state.get().sessions[0].is_online).toBe(1);
    expect(chat.dialogue('panel').get()!.online).toBe(true);
    // A list read after the status is the server's newer word.
    server.sessionsDelay = 0;
    server.sessions.set('1_2', { ...server.sessions.get('1_2')!, is_online: 0 });
    await chat.loadSessions();
    expect(chat.dialogue('panel').get()!.online).toBe(false);
  });

  it('follows contacts going online and offline', async () => {
    server.addSession(session(2));
    await startChat();
    chat.choose('panel', session(2));
    FakeWebSocket.latest().receive('im.contact.status', { user_id: 2, status: 1 });
    expect(chat.state.get().sessions[0].is_online).toBe(1);
    expect(chat.dialogue('panel').get()!.online).toBe(true);
  });
});

describe('the outbox: no message lost', () => {
  const talk = { talk_type: 1 as const, receiver_id: 2 };

  it('keeps a message sent while the server is down, and a reload sends it once under the same client_msg_id', async () => {
    server.addSession(session(2));
    await startChat();
    chat.choose('panel', session(2));
    await flush();
    server.down = true;
    const entry = chat.send(talk, 1, '服务器挂了也要送到');
    expect(chat.state.get().outbox[0]).toMatchObject({ client_msg_id: entry.client_msg_id, state: 'sending' });
    await flush();
    expect(chat.state.get().outbox[0].state).toBe('failed');
    const saved = JSON.parse(localStorage.getItem(outboxKey(ME))!) as { client_msg_id: string }[];
    expect(saved.map((e) => e.client_msg_id)).toEqual([entry.client_msg_id]);
    // Another user of this browser has an outbox of their own.
    expect(localStorage.getItem(outboxKey(2))).toBeNull();

    // A reload while the server is back.
    chat.stop();
    server.down = false;
    await startChat();
    chat.choose('panel', session(2));
    await until(() => chat.state.get().outbox.length === 0 && chat.dialogue('panel').get()!.loadStatus === LOADED);
    const publishes = server.called('/talk/message/publish');
    expect(publishes.map((b) => b.client_msg_id)).toEqual([entry.client_msg_id, entry.client_msg_id]);
    expect(server.records.get('1_2')!.map((r) => r.content)).toEqual(['服务器挂了也要送到']);
    expect(chat.state.get().outbox).toEqual([]);
    expect(localStorage.getItem(outboxKey(ME))).toBeNull();
    expect(held()).toEqual(['服务器挂了也要送到']);
  });

  it('resends on reconnect, oldest first, and each arrives once', async () => {
    server.addSession(session(2));
    await startChat();
    chat.choose('panel', session(2));
    await flush();
    FakeWebSocket.latest().drop(1006);
    server.down = true;
    chat.send(talk, 1, '一');
    await flush();
    chat.send(talk, 1, '二');
    await flush();
    expect(chat.state.get().outbox.map((e) => e.state)).toEqual(['failed', 'failed']);

    server.down = false;
    await advance(settings.chatReconnectDelay);
    FakeWebSocket.latest().accept();
    await until(() => chat.state.get().outbox.length === 0);
    expect(server.records.get('1_2')!.map((r) => r.content)).toEqual(['一', '二']);
    expect(held()).toEqual(['一', '二']);
    expect(chat.state.get().outbox).toEqual([]);
  });

  it('lets the socket replace the pending message when it is faster than the publish answer', async () => {
    server.addSession(session(2));
    server.publishDelay = 200;
    await startChat();
    chat.choose('panel', session(2));
    await flush();
    const entry = chat.send(talk, 1, '先到的回声');
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    // The server stored it and its fan-out reached this tab before the HTTP answer did.
    const stored = server.records.get('1_2')![0];
    expect(stored.client_msg_id).toBe(entry.client_msg_id);
    push(stored);
    expect(chat.state.get().outbox).toEqual([]);
    expect(held()).toEqual(['先到的回声']);
    await advance(200);
    expect(held()).toEqual(['先到的回声']);
  });

  it('retries a failed message by hand and lets the user drop one', async () => {
    server.addSession(session(2));
    await startChat();
    server.down = true;
    const kept = chat.send(talk, 1, '重试我');
    await flush();
    const dropped = chat.send(talk, 1, '删掉我');
    await flush();
    chat.discard(dropped.client_msg_id);
    server.down = false;
    chat.retry();
    await until(() => chat.state.get().outbox.length === 0);
    expect(server.records.get('1_2')!.map((r) => r.client_msg_id)).toEqual([kept.client_msg_id]);
  });
});

describe('sending on the socket', () => {
  const talk = { talk_type: 1 as const, receiver_id: 2 };

  /** The next socket publish is answered with this instead of being stored. */
  function refuseNext(code: number, msg: string) {
    const answer = FakeWebSocket.respond!;
    FakeWebSocket.respond = (frame, socket) => {
      if (frame.event !== 'im.message.publish') return answer(frame, socket);
      FakeWebSocket.respond = answer;
      const { client_msg_id } = frame.content as { client_msg_id: string };
      queueMicrotask(() => socket.receive('im.message.ack', { client_msg_id, code, msg, data: null }));
    };
  }

  it('sends on the open socket without a request, and keeps a refused message failed for good', async () => {
    server.addSession(session(2));
    await startChat();
    chat.send(talk, 1, '走套接字');
    await until(() => chat.state.get().outbox.length === 0);
    expect(server.called('socket:publish').map((b) => b.content)).toEqual(['走套接字']);
    expect(server.called('/talk/message/publish')).toEqual([]);

    refuseNext(403, '你不是该群成员');
    const refused = chat.send(talk, 1, '被拒绝');
    await until(() => chat.state.get().outbox[0]?.state === 'failed');
    // A final refusal is not sent again by a reconnect.
    FakeWebSocket.latest().drop(1006);
    await advance(settings.chatReconnectDelay);
    FakeWebSocket.latest().accept();
    await flush();
    expect(server.called('socket:publish').filter((b) => b.client_msg_id === refused.client_msg_id)).toHaveLength(0);
    expect(chat.state.get().outbox.map((e) => e.state)).toEqual(['failed']);
  });

  it('lets HTTP decide when the socket answers about the login (locked, signed out, token expired)', async () => {
    server.addSession(session(2));
    await startChat();
    refuseNext(205, '后端code指令强制开启锁屏');
    const entry = chat.send(talk, 1, '锁屏时');
    await until(() => chat.state.get().outbox.length === 0);
    expect(server.called('/talk/message/publish').map((b) => b.client_msg_id)).toEqual([entry.client_msg_id]);
    expect(server.records.get('1_2')!.map((r) => r.content)).toEqual(['锁屏时']);
  });
});

describe('catching up after a reconnect', () => {
  it('asks each open dialogue for what came after its last sequence and merges it once, in order', async () => {
    server.addSession(session(2));
    server.addSession(session(3));
    for (let i = 0; i < 3; i++) server.store(1, 2, 2);
    server.store(1, 3, 3);
    await startChat();
    chat.choose('panel', session(2));
    chat.choose('assistant', session(3));
    await flush();
    expect(held()).toEqual(['第 1 条', '第 2 条', '第 3 条']);

    FakeWebSocket.latest().drop(1006);
    // Said while the socket was down: nobody was told.
    for (let i = 0; i < 3; i++) server.store(1, 2, 2);
    server.store(1, 3, 3);
    await advance(settings.chatReconnectDelay);
    FakeWebSocket.latest().accept();
    // One of them also arrives live, racing the catch-up.
    push(server.records.get('1_2')![4]);
    await flush();

    const asked = server.called('/talk/records').filter((b) => b.after_sequence !== undefined);
    expect(asked).toEqual(
      expect.arrayContaining([
        { talk_type: 1, receiver_id: 2, after_sequence: 3, limit: RECORDS_LIMIT_MAX },
        { talk_type: 1, receiver_id: 3, after_sequence: 1, limit: RECORDS_LIMIT_MAX },
      ]),
    );
    expect(held()).toEqual(['第 1 条', '第 2 条', '第 3 条', '第 4 条', '第 5 条', '第 6 条']);
    expect(held('assistant')).toEqual(['第 1 条', '第 2 条']);
    // The list came back from the server too, with what it counts.
    expect(server.called('/talk/session/list').length).toBeGreaterThanOrEqual(2);
  });

  it('fetches what a live message skipped over, without waiting for a reconnect', async () => {
    server.addSession(session(2));
    for (let i = 0; i < 3; i++) server.store(1, 2, 2);
    await startChat();
    chat.choose('panel', session(2));
    await flush();
    server.store(1, 2, 2);
    push(server.store(1, 2, 2));
    await until(() => held().length === 5);
    expect(held()).toEqual(['第 1 条', '第 2 条', '第 3 条', '第 4 条', '第 5 条']);
    expect(server.called('/talk/records').at(-1)).toEqual({ talk_type: 1, receiver_id: 2, after_sequence: 3, limit: RECORDS_LIMIT_MAX });
  });
});
