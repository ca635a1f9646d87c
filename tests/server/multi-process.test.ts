import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { dropRedisPrefix, REDIS_URL } from '../support/redis';
import { call, DIALECTS, loginAs, type CallResult } from '../support/server-harness';
import { processDatabase } from '../support/process-database';
import { chatUser, PNG_BYTES } from '../support/chat-api';
import { connectChat, type ChatClient } from '../support/chat-client';
import { NGINX_PATH, startNginx, type RunningProxy } from '../support/nginx-proxy';
import { nginxSite } from '../../scripts/nginx-config';
import { loadBundledScreens } from '../../server/screens/bundled';
import type { MessageContent, PublishAck } from '../../src/contract/chat';

/** Six seconds: long enough for a step, short enough to wait out. */
const IDLE_LOCK_MINUTES = 0.1;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Without nginx a developer's machine skips this file; CI installs nginx (.ci/run), so there it fails.
const nginxMissing = !fs.existsSync(NGINX_PATH);
const skipped = nginxMissing && !process.env.CI;
if (skipped) console.warn(`multi-process.test.ts skipped: no nginx at ${NGINX_PATH} (apt-get install nginx, or set NGINX_PATH)`);

describe('docs/deploy.md', () => {
  it('shows the nginx site this test runs, as scripts/nginx-config.ts writes it', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    expect(doc).toContain(nginxSite({ listen: '80', upstreams: ['127.0.0.1:5201', '127.0.0.1:5202'] }));
  });
});

/** PostgreSQL when the run has one (as in CI), the shared SQLite file otherwise. */
const dialect = DIALECTS.at(-1)!;

describe.skipIf(skipped)(`two server processes on one ${dialect} database and Redis, behind nginx`, () => {
  const servers: SpawnedServer[] = [];
  const sockets: ChatClient[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const prefix = `test-${randomUUID()}`;
  let proxy: RunningProxy;
  /** host:port of each process, as nginx names it in X-Upstream. */
  let upstreams: string[];

  beforeAll(async () => {
    if (nginxMissing) throw new Error(`nginx is required in CI and is not at ${NGINX_PATH}`);
    const database = await processDatabase(dialect);
    cleanups.push(database.drop);
    // As docs/deploy.md says: one DATA_DIR for all, since uploaded files live there.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-multi-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, ...database.env, REDIS_URL, REDIS_PREFIX: prefix, TRUST_PROXY: 'on', IDLE_LOCK_MINUTES: String(IDLE_LOCK_MINUTES) };
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) servers.push(await spawnServer(env));
    upstreams = servers.map((s) => new URL(s.url).host);
    proxy = await startNginx(servers.map((s) => s.url));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await proxy?.stop();
    for (const server of servers) await server.stop();
    for (const cleanup of cleanups) await cleanup();
    await dropRedisPrefix(prefix);
  });

  const upstreamOf = (answer: CallResult) => answer.headers.get('x-upstream');

  /** A chat socket through the proxy that landed on the wanted process (round-robin: a few tries at most). */
  async function socketOn(upstream: string, token: string): Promise<ChatClient> {
    for (let attempt = 0; attempt < 6; attempt++) {
      const client = await connectChat(proxy.url, token);
      if (client.handshake['x-upstream'] === upstream) {
        sockets.push(client);
        return client;
      }
      await client.close();
    }
    throw new Error(`no socket reached ${upstream} through the proxy`);
  }

  it('spreads requests over both processes, and a login made on one is valid on the other', async () => {
    const login = await call<{ token: string }>(proxy, '/api/public/login-do', { body: { username: 'admin', password: 'admin123' } });
    expect(login.body.code).toBe(200);
    const seen = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const answer = await call(proxy, '/api/index/index-init', { token: login.body.data.token });
      expect(answer.body.code).toBe(200);
      seen.add(upstreamOf(answer));
    }
    expect([...seen].sort()).toEqual([...upstreams].sort());
    expect(seen).toContain(upstreamOf(login));
  });

  it('serves a file uploaded through one process from both', async () => {
    const { token } = await loginAs(proxy, 'seller', 'seller123');
    const form = new FormData();
    form.append('file', new Blob([PNG_BYTES]), 'logo.png');
    const uploaded = await fetch(`${proxy.url}/api/uploads?kind=image`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await uploaded.json()) as { code: number; data: { url: string } };
    expect(body.code).toBe(200);
    const served = [await fetch(proxy.url + body.data.url), await fetch(proxy.url + body.data.url)];
    expect(served.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(served.map((r) => r.headers.get('x-upstream'))).size).toBe(2);
  });

  it('delivers a chat message from a socket on one process to a user whose socket is on the other', async () => {
    const [seller, zhaolei] = [await chatUser(proxy, 'seller'), await chatUser(proxy, 'zhaolei')];
    const [a, b] = upstreams;
    const onA = await socketOn(a, seller.token);
    const onB = await socketOn(b, zhaolei.token);
    const message = { talk_type: 1, receiver_id: zhaolei.id, msg_type: 1, content: '跨进程的消息', client_msg_id: randomUUID() };
    onA.send('im.message.publish', message);
    const ack = await onA.next<PublishAck>('im.message.ack', (c) => c.client_msg_id === message.client_msg_id);
    expect(ack.content.code).toBe(200);
    const told = await onB.next<MessageContent>('im.message', (c) => c.data.client_msg_id === message.client_msg_id);
    expect(told.content.data).toMatchObject({ content: '跨进程的消息', send_id: seller.id });
  });

  it('redraws a console on the other process when a screen is published on one', async () => {
    const { token } = await loginAs(proxy, 'admin', 'admin123');
    // One after the other: two searches at once can swap their picks of the round-robin every try.
    const consoles: ChatClient[] = [];
    for (const upstream of upstreams) consoles.push(await socketOn(upstream, token));
    const screen = loadBundledScreens().all()[0];
    expect((await call(proxy, '/api/screens/save', { token, body: { screen } })).body.code).toBe(200);
    const published = await call<{ version: number }>(proxy, '/api/screens/publish', { token, body: { id: screen.id } });
    expect(published.body.code).toBe(200);
    const other = consoles[upstreams.indexOf(upstreamOf(published)!) === 0 ? 1 : 0];
    const frame = await other.next<{ vue_path: string; version: number }>('screen.published', (c) => c.vue_path === screen.id);
    expect(frame.content.version).toBe(published.body.data.version);
  });

  it('locks an idle login on every process: code 205 from both', async () => {
    const { token } = await loginAs(proxy, 'seller', 'seller123');
    await settle(IDLE_LOCK_MINUTES * 60_000 + 500);
    const answers = [await call(proxy, '/api/index/index-init', { token }), await call(proxy, '/api/index/index-init', { token })];
    expect(answers.map((a) => a.body.code)).toEqual([205, 205]);
    expect(new Set(answers.map(upstreamOf)).size).toBe(2);
  }, 30_000);

  it('counts wrong passwords from one address across both processes: the sixth try gets 429, whatever X-Forwarded-For the client sends', async () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 5; i++) {
      const wrong = await call(proxy, '/api/public/login-do', { body: { username: 'staff', password: `wrong-${i}` } });
      expect(wrong.body.msg).toBe('用户名或密码错误');
      seen.add(upstreamOf(wrong));
    }
    expect(seen.size).toBe(2);
    for (const forged of [undefined, '203.0.113.7']) {
      const refused = await call(proxy, '/api/public/login-do', {
        body: { username: 'staff', password: 'staff123' },
        headers: forged ? { 'x-forwarded-for': forged } : {},
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe(429);
    }
  });
});
