import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { dropRedisPrefix, REDIS_URL } from '../support/redis';
import { call, DIALECTS } from '../support/server-harness';
import { processDatabase } from '../support/process-database';
import { chatUser } from '../support/chat-api';
import { chatPeer } from '../support/chat-peer';
import { connectChat } from '../support/chat-client';
import type { ChatSession } from '../../src/contract/api/chat';
import type { ContactStatusContent, KeyboardContent, MessageContent } from '../../src/contract/chat';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, what: string, ms = 10_000) {
  for (const started = Date.now(); Date.now() - started < ms; await settle(25)) if (check()) return;
  throw new Error(`never happened: ${what}`);
}

describe.each(DIALECTS)('two server processes on one %s database, fanning out through Redis', (dialect) => {
  const started: SpawnedServer[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  // A prefix of its own: parallel runs on one Redis never hear each other.
  const prefix = `test-${randomUUID()}`;
  afterAll(async () => {
    for (const server of started) await server.stop();
    for (const cleanup of cleanups) await cleanup();
    await dropRedisPrefix(prefix);
  });

  it('delivers both ways between clients on different processes, and again after one is killed and restarted', { timeout: 180_000 }, async () => {
    const database = await processDatabase(dialect);
    cleanups.push(database.drop);
    const env = { ...database.env, REDIS_URL, REDIS_PREFIX: prefix };
    const start = async () => {
      const server = await spawnServer(env);
      started.push(server);
      return server;
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    const a = await start();
    const b = await start();

    const seller = await chatUser(a, 'seller');
    const zhaolei = await chatUser(b, 'zhaolei');
    const onA = chatPeer(seller, zhaolei.id);
    const onB = chatPeer(zhaolei, seller.id);
    await onA.attach(a.url);
    const statusOnA = await connectChat(a.url, seller.token);
    await call(a, '/chat/talk/session/save', { token: seller.token, body: { send_id: seller.id, receiver_id: zhaolei.id } });
    await onB.attach(b.url);

    // Online status and presence cross processes too.
    await statusOnA.next<ContactStatusContent>('im.contact.status', (c) => c.user_id === zhaolei.id && c.status === 1);
    const listOnA = await call<{ rows: ChatSession[] }>(a, '/chat/talk/session/list', { token: seller.token, body: { send_id: seller.id } });
    expect(listOnA.body.data.rows.find((r) => r.receiver_id === zhaolei.id)?.is_online).toBe(1);

    onA.outbox.push({ client_msg_id: 'a-to-b-0001', content: 'A→B 1' });
    onB.outbox.push({ client_msg_id: 'b-to-a-0001', content: 'B→A 1' });
    expect(await onA.flush(a.url)).toBe(true);
    await eventually(() => onB.held.size === 1, 'A→B delivered on B');
    expect(await onB.flush(b.url)).toBe(true);
    await eventually(() => onA.held.size === 2, 'B→A delivered on A');
    // Typing crosses too.
    const typingOnB = await connectChat(b.url, zhaolei.token);
    statusOnA.send('im.message.keyboard', { talk_type: 1, receiver_id: zhaolei.id });
    expect((await typingOnB.next<KeyboardContent>('im.message.keyboard')).content).toEqual({ sender_id: seller.id, receiver_id: zhaolei.id, talk_type: 1 });

    b.child.kill('SIGKILL');
    await b.exited;
    // While B is down, A's side keeps writing; the database has it.
    onA.outbox.push({ client_msg_id: 'a-to-b-0002', content: 'A→B 2 (B down)' }, { client_msg_id: 'a-to-b-0003', content: 'A→B 3 (B down)' });
    expect(await onA.flush(a.url)).toBe(true);

    const b2 = await start();
    await onB.attach(b2.url);
    expect(onB.catchUps.at(-1)).toEqual([3, 4]);
    onA.outbox.push({ client_msg_id: 'a-to-b-0004', content: 'A→B 4' });
    onB.outbox.push({ client_msg_id: 'b-to-a-0002', content: 'B→A 2' });
    expect(await onA.flush(a.url)).toBe(true);
    await eventually(() => onB.held.size === 5, 'A→B delivered on the restarted B');
    expect(await onB.flush(b2.url)).toBe(true);
    await eventually(() => onA.held.size === 6, 'B→A delivered on A from the restarted B');

    const expected = ['A→B 1', 'B→A 1', 'A→B 2 (B down)', 'A→B 3 (B down)', 'A→B 4', 'B→A 2'];
    expect(onA.contents()).toEqual(expected);
    expect(onB.contents()).toEqual(expected);
    // Each record reached each side exactly once over its socket or catch-up, never twice.
    expect([onA.duplicates, onB.duplicates]).toEqual([0, 0]);
    expect(statusOnA.all<MessageContent>('im.message').map((f) => f.content.data.content)).toEqual(expected);
    for (const peer of [onA, onB]) await peer.detach();
    await statusOnA.close();
  });
});
