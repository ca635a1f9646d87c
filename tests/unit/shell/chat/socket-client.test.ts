import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatSocket, NoAnswerError, RECONNECT_JITTER, type ChatSocket, type SocketStatus } from '../../../../src/shell/chat/socket-client';
import { settings } from '../../../../src/contract/settings';
import { CLOSE_UNAUTHORIZED } from '../../../../src/contract/chat';
import { FakeWebSocket } from './fake-websocket';

let tickets = 0;
let ticketFails = false;
let jitter = 0;
let maxAttempts: number | undefined;
let socket: ChatSocket;
let statuses: SocketStatus[];

function start() {
  socket = createChatSocket({
    user: { id: 7, name: '卖家' },
    ticket: async () => {
      if (ticketFails) throw new Error('server down');
      return `ticket-${++tickets}`;
    },
    base: 'ws://console.test',
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    random: () => jitter,
    maxAttempts,
  });
  statuses = [];
  socket.on('status', (status) => statuses.push(status));
  socket.start();
}

/** Lets the ticket promise settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  tickets = 0;
  ticketFails = false;
  jitter = 0;
  maxAttempts = undefined;
});
afterEach(() => {
  socket.stop();
  vi.useRealTimers();
});

describe('the chat socket client', () => {
  it('connects with a fresh ticket, the user id and name, and is open once the server says connect', async () => {
    start();
    await settle();
    const url = new URL(FakeWebSocket.latest().url);
    expect(url.origin + url.pathname).toBe('ws://console.test/chat/ws');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: '7', name: '卖家', token: 'ticket-1', lang: 'zh' });
    expect(socket.status).toBe('connecting');
    FakeWebSocket.latest().accept();
    expect(socket.status).toBe('open');
  });

  it('answers connect with a ping and keeps a heartbeat at the interval the server announced', async () => {
    start();
    await settle();
    const ws = FakeWebSocket.latest();
    ws.accept(5, 30);
    expect(ws.pings()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ws.pings()).toBe(2);
    ws.receive('pong', {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ws.pings()).toBe(4);
  });

  it('treats a socket silent past the server timeout as dead and reconnects', async () => {
    start();
    await settle();
    const ws = FakeWebSocket.latest();
    ws.accept(20, 75);
    // Pongs keep it alive…
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(20_000);
      ws.receive('pong', {});
    }
    expect(FakeWebSocket.instances).toHaveLength(1);
    // …silence past 75 s does not.
    await vi.advanceTimersByTimeAsync(75_000);
    expect(ws.closedWith).toBe(4000);
    expect(socket.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects 3 s plus its jitter after a dropped connection (1006), with a new ticket', async () => {
    jitter = 0.5;
    start();
    await settle();
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().drop(1006);
    expect(socket.status).toBe('waiting');
    const delay = settings.chatReconnectDelay + RECONNECT_JITTER * 0.5;
    await vi.advanceTimersByTimeAsync(delay - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().ticket).toBe('ticket-2');
  });

  it('spreads the clients of a restarted server over the jitter window', async () => {
    const delays: number[] = [];
    for (const value of [0, 0.999]) {
      jitter = value;
      FakeWebSocket.reset();
      start();
      await settle();
      FakeWebSocket.latest().drop(1006);
      let waited = 0;
      while (FakeWebSocket.instances.length < 2) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
      socket.stop();
    }
    expect(delays[0]).toBe(settings.chatReconnectDelay);
    expect(delays[1]).toBeGreaterThan(settings.chatReconnectDelay + RECONNECT_JITTER * 0.9);
    expect(delays[1]).toBeLessThanOrEqual(settings.chatReconnectDelay + RECONNECT_JITTER);
  });

  it('keeps trying while the server is down, each try 3 s after the last', async () => {
    start();
    await settle();
    FakeWebSocket.latest().drop(1006);
    ticketFails = true;
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay * 3);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.status).toBe('waiting');
    ticketFails = false;
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().accept();
    expect(socket.status).toBe('open');
  });

  it('never retries a refused socket (4401) on the timer: one new ticket at once, then it stops', async () => {
    start();
    await settle();
    FakeWebSocket.latest().drop(CLOSE_UNAUTHORIZED);
    await settle();
    // The one retry, with a ticket bought again through the request client (which refreshes an expired token).
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().ticket).toBe('ticket-2');
    FakeWebSocket.latest().drop(CLOSE_UNAUTHORIZED);
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay * 10);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(socket.status).toBe('unauthorized');
  });

  it('forgives a 4401 once the retry got in', async () => {
    start();
    await settle();
    FakeWebSocket.latest().drop(CLOSE_UNAUTHORIZED);
    await settle();
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().drop(CLOSE_UNAUTHORIZED);
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('tells ready(false) the first time and ready(true) after each reconnect, so the caller catches up', async () => {
    const ready: boolean[] = [];
    start();
    socket.on('ready', (resumed) => ready.push(resumed));
    await settle();
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().drop(1006);
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay);
    FakeWebSocket.latest().accept();
    expect(ready).toEqual([false, true]);
    expect(statuses).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open']);
  });

  it('hands server frames to their listeners and stops for good when asked', async () => {
    const messages: unknown[] = [];
    start();
    socket.on('im.message', (content) => messages.push(content));
    await settle();
    const ws = FakeWebSocket.latest();
    ws.accept();
    ws.receive('im.message', { sender_id: 2, receiver_id: 7, talk_type: 1, data: { id: 1 } });
    expect(messages).toHaveLength(1);
    expect(socket.send('im.message.keyboard', { talk_type: 1, receiver_id: 2 })).toBe(true);
    socket.stop();
    expect(ws.closedWith).toBe(1000);
    expect(socket.send('ping', {})).toBe(false);
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay * 5);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('gives up after the attempt limit of reconnects in a row', async () => {
    maxAttempts = 3;
    start();
    await settle();
    FakeWebSocket.latest().drop(1006);
    ticketFails = true;
    await vi.advanceTimersByTimeAsync((settings.chatReconnectDelay + RECONNECT_JITTER) * 10);
    expect(socket.status).toBe('stopped');
    ticketFails = false;
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay * 10);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('publishes a message on the socket and resolves with its own answer, leaving other answers alone', async () => {
    start();
    await settle();
    const ws = FakeWebSocket.latest();
    ws.accept();
    const body = { talk_type: 1 as const, receiver_id: 2, msg_type: 1 as const, content: '走套接字', client_msg_id: 'client-0001' };
    const answered = socket.publish(body);
    expect(ws.sent.at(-1)).toEqual({ event: 'im.message.publish', content: body });
    ws.receive('im.message.ack', { client_msg_id: 'someone-else', code: 200, msg: 'ok', data: null });
    ws.receive('im.message.ack', { client_msg_id: 'client-0001', code: 400, msg: '消息内容不能为空', data: null });
    await expect(answered).resolves.toEqual({ client_msg_id: 'client-0001', code: 400, msg: '消息内容不能为空', data: null });
  });

  it('says there was no answer when the socket is not open, drops, or stays silent', async () => {
    const body = (id: string) => ({ talk_type: 1 as const, receiver_id: 2, msg_type: 1 as const, content: '一', client_msg_id: id });
    start();
    await expect(socket.publish(body('before-open'))).rejects.toBeInstanceOf(NoAnswerError);
    await settle();
    FakeWebSocket.latest().accept();
    const dropped = socket.publish(body('dropped-01'));
    FakeWebSocket.latest().drop(1006);
    await expect(dropped).rejects.toBeInstanceOf(NoAnswerError);
    await vi.advanceTimersByTimeAsync(settings.chatReconnectDelay);
    FakeWebSocket.latest().accept();
    const silent = socket.publish(body('silent-001'));
    const outcome = expect(silent).rejects.toBeInstanceOf(NoAnswerError);
    // The heartbeat keeps the socket alive; only the answer is missing.
    for (let waited = 0; waited < settings.requestTimeout; waited += 10_000) {
      FakeWebSocket.latest().receive('pong', {});
      await vi.advanceTimersByTimeAsync(10_000);
    }
    await outcome;
  });
});
