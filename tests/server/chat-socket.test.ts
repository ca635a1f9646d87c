import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { spawnServer } from '../support/spawn-server';
import type { ChatFrame } from '../../src/contract/chat';
import { CLOSE_UNAUTHORIZED } from '../../src/contract/chat';

function open(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const frames: ChatFrame[] = [];
  socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as ChatFrame));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = async (event: string) => {
    for (let i = 0; i < 100; i++) {
      const found = frames.find((f) => f.event === event);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${event} frame`);
  };
  return { socket, closed, next };
}

describe('the /chat/ws socket', () => {
  let server: TestServer;
  let ws: string;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { CHAT_PING_INTERVAL: '1', CHAT_PING_TIMEOUT: '2' } });
    ws = server.url.replace('http', 'ws');
    ({ token } = await loginAs(server, 'seller', 'seller123'));
    userId = (await server.database.db.selectFrom('users').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('announces the heartbeat on connect and answers ping with pong', async () => {
    const client = open(`${ws}/chat/ws?id=${userId}&name=seller&token=${token}`);
    const connect = await client.next('connect');
    expect(connect.content).toEqual({ ping_interval: 1, ping_timeout: 2 });
    client.socket.send(JSON.stringify({ event: 'ping', content: {} }));
    expect((await client.next('pong')).event).toBe('pong');
    client.socket.close();
  });

  it('never authenticates by id and name alone', async () => {
    const client = open(`${ws}/chat/ws?id=${userId}&name=seller`);
    expect(await client.closed).toBe(CLOSE_UNAUTHORIZED);
  });

  it('refuses an id that is not the token owner', async () => {
    const client = open(`${ws}/chat/ws?id=${userId + 1}&name=x&token=${token}`);
    expect(await client.closed).toBe(CLOSE_UNAUTHORIZED);
  });

  it('refuses a page from another origin', async () => {
    const client = open(`${ws}/chat/ws?id=${userId}&token=${token}`, { origin: 'https://evil.example' });
    expect(await client.closed).toBe(CLOSE_UNAUTHORIZED);
  });

  it('closes a socket that stays silent past the timeout', async () => {
    const client = open(`${ws}/chat/ws?id=${userId}&token=${token}`);
    await client.next('connect');
    const started = Date.now();
    expect(await client.closed).toBe(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  });
});

describe('the logs of a real server process', () => {
  it('never keep the token a socket was opened with', async () => {
    // Debug is where sockets and requests are logged at all.
    const server = await spawnServer({ LOG_LEVEL: 'debug' });
    try {
      const { token } = await loginAs(server, 'seller', 'seller123');
      const client = open(`${server.url.replace('http', 'ws')}/chat/ws?token=${token}`);
      await client.next('connect');
      client.socket.close();
      await client.closed;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.output()).toContain('/chat/ws?token=[redacted]');
      expect(server.output()).not.toContain(token);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
