import fs from 'node:fs';
import http from 'node:http';
import SQLite from 'better-sqlite3';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

describe('start-up and shutdown of server/main.ts', () => {
  const started: SpawnedServer[] = [];
  afterAll(async () => {
    for (const server of started) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it('prints the URL and the demo accounts, and seeds only once', async () => {
    const first = await spawnServer();
    started.push(first);
    expect(first.output()).toContain('demo data seeded');
    for (const account of ['admin / admin123', 'seller / seller123', 'staff / staff123']) {
      expect(first.output().replace(/ +/g, ' ')).toContain(account);
    }
    expect(await first.stop()).toBe(0);
    const second = await spawnServer({ DATA_DIR: first.dataDir });
    started.push(second);
    expect(second.output()).not.toContain('demo data seeded');
  });

  it('stops with a message naming a bad variable', async () => {
    await expect(spawnServer({ PORT: 'eighty' })).rejects.toThrow(/PORT=eighty/);
  });

  it('drains requests and sockets on SIGTERM, then closes the database', async () => {
    const server = await spawnServer();
    started.push(server);
    // The logins of this run, after the demo's history of logins the seed wrote.
    const began = Date.now();
    const login = await fetch(`${server.url}/api/public/login-do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/chat/ws?token=${data.token}`);
    const socketClosed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.on('message', resolve));

    // A login hashes with argon2 (tens of ms): it is in flight when the signal lands.
    const inFlight = fetch(`${server.url}/api/public/login-do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'seller', password: 'seller123' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');

    expect((await inFlight).status).toBe(200);
    expect(await socketClosed).toBe(1001);
    expect(await server.exited).toBe(0);

    const db = new SQLite(`${server.dataDir}/console.db`, { readonly: true });
    const logins = db.prepare("select username from system_logs where action = 'login' and result = 'ok' and created_at >= ? order by id").all(began);
    db.close();
    expect(logins).toEqual([{ username: 'admin' }, { username: 'seller' }]);
  });

  it('answers a request on a kept-alive connection during the drain with 503 in the envelope, then exits', async () => {
    const server = await spawnServer();
    started.push(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (route: string) =>
      new Promise<{ status: number; connection: string | undefined; body: unknown }>((resolve, reject) => {
        http
          .get(`${server.url}${route}`, { agent }, (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection, body: JSON.parse(text) }));
          })
          .on('error', reject);
      });
    expect((await get('/api/nothing')).status).toBe(404);
    // The connection is idle and kept alive when the signal lands; the client uses it again a moment later.
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await get('/api/nothing');
    expect(during).toEqual({ status: 503, connection: 'close', body: { code: 503, msg: '服务正在重启，请稍后重试', data: null } });
    agent.destroy();
    expect(await server.exited).toBe(0);
  });
});
