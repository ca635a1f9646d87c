import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { call, DIALECTS } from '../support/server-harness';
import { processDatabase } from '../support/process-database';
import { chatUser } from '../support/chat-api';
import type { RecordsPage } from '../../src/contract/api/chat';
import { chatPeer } from '../support/chat-peer';

const PER_SIDE = 30;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, what: string, ms = 15_000) {
  for (const started = Date.now(); Date.now() - started < ms; await settle(25)) if (check()) return;
  throw new Error(`never happened: ${what}`);
}

describe.each(DIALECTS)('a chat server on %s killed mid-conversation', (dialect) => {
  const servers: SpawnedServer[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await drop();
  });

  it('loses nothing: after a restart on the same database every message arrives once, in order', { timeout: 120_000 }, async () => {
    const database = await processDatabase(dialect);
    drop = database.drop;
    const first = await spawnServer(database.env);
    servers.push(first);
    const seller = await chatUser(first, 'seller');
    // A pair without seeded messages, so the conversation starts at sequence 1.
    const zhaolei = await chatUser(first, 'zhaolei');
    const sides = [
      { name: 'seller', me: seller, to: zhaolei.id, peer: chatPeer(seller, zhaolei.id) },
      { name: 'zhaolei', me: zhaolei, to: seller.id, peer: chatPeer(zhaolei, seller.id) },
    ];
    for (const { name, peer } of sides) {
      peer.outbox.push(...Array.from({ length: PER_SIDE }, (_, i) => ({ client_msg_id: `${name}-${String(i).padStart(3, '0')}`, content: `${name} ${i}` })));
      await peer.attach(first.url);
    }

    // Both sides write; one message of each is stored but its answer is lost, so it stays in the
    // outbox; then the process dies while more messages are in flight.
    await Promise.all(sides.map(({ peer }) => peer.flush(first.url, 5)));
    for (const { me, to, peer } of sides) {
      await call(first, '/chat/talk/message/publish', { token: me.token, body: { talk_type: 1, receiver_id: to, msg_type: 1, ...peer.outbox[0] } });
    }
    const writing = sides.map(({ peer }) => peer.flush(first.url));
    await eventually(() => sides.every(({ peer }) => peer.outbox.length < PER_SIDE - 10), 'some messages sent before the crash');
    first.child.kill('SIGKILL');
    expect(await Promise.all(writing)).toEqual([false, false]);
    expect(sides.every(({ peer }) => peer.outbox.length > 0)).toBe(true);

    // Outage: nothing can be sent.
    for (const { peer } of sides) expect(await peer.flush(first.url)).toBe(false);

    const second = await spawnServer(database.env);
    servers.push(second);
    for (const { peer } of sides) await peer.attach(second.url);
    // The outboxes are sent again with the same client ids: what the dead process had stored stays single.
    expect(await Promise.all(sides.map(({ peer }) => peer.flush(second.url)))).toEqual([true, true]);
    await eventually(() => sides.every(({ peer }) => peer.held.size === 2 * PER_SIDE), 'every message held by both sides');

    for (const { name, peer } of sides) {
      const contents = peer.contents();
      expect(contents, name).toHaveLength(2 * PER_SIDE);
      // Each side's messages in the order they were written, none twice.
      for (const author of ['seller', 'zhaolei']) {
        expect(contents.filter((c) => c.startsWith(author)), `${name} sees ${author}`).toEqual(Array.from({ length: PER_SIDE }, (_, i) => `${author} ${i}`));
      }
      // A catch-up answers each record once, in order, after the last sequence held.
      for (const caughtUp of peer.catchUps) expect(caughtUp).toEqual([...new Set(caughtUp)].sort((a, b) => a - b));
    }
    // The database holds each message once, with no gap.
    const stored = await call<RecordsPage>(second, '/chat/talk/records', { token: seller.token, body: { talk_type: 1, receiver_id: zhaolei.id, after_sequence: 0, limit: 100 } });
    expect(stored.body.data.rows.map((r) => r.sequence)).toEqual(Array.from({ length: 2 * PER_SIDE }, (_, i) => i + 1));
  });
});
