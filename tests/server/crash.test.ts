import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { call, DIALECTS, loginAs } from '../support/server-harness';
import { processDatabase } from '../support/process-database';
import { chatUser } from '../support/chat-api';
import { resourceApi } from '../support/resources';
import type { RecordsPage } from '../../src/contract/api/chat';
import type { ResourceRecord } from '../../src/contract/resource';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Acknowledged writes each writer makes before the process is killed under it. */
const BEFORE_KILL = 15;

/** Calls until the server is gone; the answers that came back are the writes the client was promised. */
async function untilDead(write: (i: number) => Promise<boolean>): Promise<number> {
  let acknowledged = 0;
  for (let i = 0; ; i++) {
    try {
      if (await write(i)) acknowledged = i + 1;
      else return acknowledged;
    } catch {
      return acknowledged;
    }
  }
}

describe.each(DIALECTS)('a server on %s killed under concurrent writes and chat publishes', (dialect) => {
  const servers: SpawnedServer[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await drop();
  });

  it('keeps every acknowledged write once after a restart on the same data', { timeout: 120_000 }, async () => {
    const database = await processDatabase(dialect);
    drop = database.drop;
    const first = await spawnServer(database.env);
    servers.push(first);
    const seller = (await loginAs(first, 'seller', 'seller123')).token;
    const colleague = (await loginAs(first, 'zhaolei', 'demo123456')).token;
    const from = await chatUser(first, 'seller');
    const to = await chatUser(first, 'zhaolei');
    const goods = resourceApi(first, 'goods');
    const run = Date.now().toString(36);
    const created = (i: number) => `crash-${run}-${i}`;
    const message = (i: number) => `crash-${run}-msg-${i}`;
    const target = (await goods.list(seller, { pageSize: 1, sort: [{ field: 'id', order: 'asc' }] })).body.data.rows[0];
    let version = target.version as number;
    const acks = { creates: 0, stock: -1, messages: 0 };

    const writers = [
      untilDead(async (i) => {
        const res = await goods.create(seller, { name: created(i), sku: created(i), price_fen: 100 + i, status: 'draft' });
        if (res.body.code === 200) acks.creates = i + 1;
        return res.body.code === 200;
      }),
      untilDead(async (i) => {
        const res = await goods.update(colleague, target.id as number, version, { stock: i });
        if (res.body.code !== 200) return false;
        version = res.body.data.version as number;
        acks.stock = i;
        return true;
      }),
      untilDead(async (i) => {
        const res = await call(first, '/chat/talk/message/publish', {
          token: from.token,
          body: { talk_type: 1, receiver_id: to.id, msg_type: 1, content: message(i), client_msg_id: message(i) },
        });
        if (res.body.code === 200) acks.messages = i + 1;
        return res.body.code === 200;
      }),
    ];
    for (let waited = 0; Math.min(acks.creates, acks.stock + 1, acks.messages) < BEFORE_KILL && waited < 30_000; waited += 20) await settle(20);
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    expect(Math.min(acks.creates, acks.stock + 1, acks.messages)).toBeGreaterThanOrEqual(BEFORE_KILL);

    const second = await spawnServer(database.env);
    servers.push(second);
    const admin = (await loginAs(second, 'admin', 'admin123')).token;
    const after = resourceApi(second, 'goods');

    // Every acknowledged create is there once; the one in flight is there at most once.
    const names = (await after.list(admin, { pageSize: 1000, keyword: `crash-${run}` })).body.data.rows.map((r) => r.name as string);
    for (let i = 0; i < acks.creates; i++) expect(names.filter((n) => n === created(i)), created(i)).toHaveLength(1);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length - acks.creates).toBeLessThanOrEqual(1);

    // The last acknowledged update holds, or the one in flight after it.
    const stored = (await after.get(admin, target.id as number)).body.data as ResourceRecord;
    expect([acks.stock, acks.stock + 1]).toContain(stored.stock);

    // Every acknowledged message is stored once; sending the rest again with their ids stores each once.
    const sender = await chatUser(second, 'seller');
    for (let i = 0; i < acks.messages + 3; i++) {
      await sender.publish({ receiver_id: to.id, content: message(i), client_msg_id: message(i) });
    }
    const rows: RecordsPage['rows'] = [];
    for (let after = 0; ; after = rows[rows.length - 1].sequence) {
      const page = await sender.records({ talk_type: 1, receiver_id: to.id, after_sequence: after, limit: 100 });
      if (page.rows.length === 0) break;
      rows.push(...page.rows);
    }
    const contents = rows.map((r) => r.content).filter((c) => c.startsWith(`crash-${run}-msg-`));
    expect(contents).toEqual(Array.from({ length: acks.messages + 3 }, (_, i) => message(i)));
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  });
});
