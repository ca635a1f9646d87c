/**
 * Quoting's shared state across server processes (issue 15, speed): two processes on one database
 * and one Redis, as docs/deploy.md runs them. A rule saved through one is used by the other from
 * its next ask on (also after an edit that changes its price); the public asking limit per mobile
 * and the 30-minute urge interval count attempts made through either process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { dropRedisPrefix, REDIS_URL } from '../support/redis';
import { call, DIALECTS, loginAs } from '../support/server-harness';
import { processDatabase } from '../support/process-database';
import { resourceApi } from '../support/resources';
import type { ResourceRecord } from '../../src/contract/resource';

/** PostgreSQL when the run has one, the shared SQLite file otherwise. */
const dialect = DIALECTS.at(-1)!;

describe(`quoting across two server processes on one ${dialect} database and Redis`, () => {
  const servers: SpawnedServer[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const prefix = `test-${randomUUID()}`;
  const tokens: Record<string, string[]> = {};

  beforeAll(async () => {
    const database = await processDatabase(dialect);
    cleanups.push(database.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-quoting-multi-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, ...database.env, REDIS_URL, REDIS_PREFIX: prefix };
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) servers.push(await spawnServer(env));
    for (const [user, password] of [['seller', 'seller123'], ['staff', 'staff123']]) {
      tokens[user] = [];
      for (const server of servers) tokens[user].push((await loginAs(server, user, password)).token);
    }
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const cleanup of cleanups) await cleanup();
    await dropRedisPrefix(prefix);
  });

  const ask = async (on: number, goods: string) => {
    const made = await resourceApi(servers[on], 'price_asks').create(tokens.seller[on], { goods_name: goods, quantity: 10 });
    expect(made.body.code).toBe(200);
    return made.body.data;
  };
  const staffQuotesOn = async (askRecord: ResourceRecord) =>
    (await resourceApi(servers[1], 'price_quotes').list(tokens.staff[1], { filters: [{ field: 'ask_id', op: 'eq', value: askRecord.id }] })).body.data.rows;

  it('quotes on one process by a rule saved, then changed, through the other', async () => {
    // Process B has built its rule index already: an ask no rule covers.
    await ask(1, '折叠露营椅 户外款');
    const rule = await resourceApi(servers[0], 'quote_rules').create(tokens.staff[0], {
      name: '露营椅现货', match_type: 'keyword', match_value: '露营椅', price_mode: 'fixed', fixed_fen: 8800, floor_fen: 100, stock: 0, max_quantity: 0, delivery_days: 1, validity_hours: 24, quote_type: 'spot', enabled: true,
    });
    expect(rule.body.code).toBe(200);
    const first = await ask(1, '折叠露营椅 轻量款');
    expect(await staffQuotesOn(first)).toMatchObject([{ price_fen: 8800, rule_id: rule.body.data.id }]);

    // The price changes through A; B's next ask is quoted at the new price.
    const changed = await resourceApi(servers[0], 'quote_rules').update(tokens.staff[0], rule.body.data.id, rule.body.data.version, { fixed_fen: 9900 });
    expect(changed.body.code).toBe(200);
    const second = await ask(1, '折叠露营椅 加厚款');
    expect(await staffQuotesOn(second)).toMatchObject([{ price_fen: 9900, rule_id: rule.body.data.id }]);

    // Switched off through A: B quotes nothing by it and queues the ask for staff's team instead.
    const off = await resourceApi(servers[0], 'quote_rules').update(tokens.staff[0], rule.body.data.id, changed.body.data.version, { enabled: false });
    expect(off.body.code).toBe(200);
    const third = await ask(1, '折叠露营椅 儿童款');
    expect(await staffQuotesOn(third)).toEqual([]);
  });

  it('counts public asks of one mobile number over both processes', async () => {
    const body = { goods_name: '办公椅', quantity: 2, contact_name: '刘先生', mobile: '13800001111' };
    for (const on of [0, 1, 0]) expect((await call(servers[on], '/api/public/bao-jia', { body })).body.code).toBe(200);
    const refused = await call(servers[1], '/api/public/bao-jia', { body });
    expect(refused.body).toMatchObject({ code: 429 });
    expect(refused.body.msg).toMatch(/^提交过于频繁，请 \d+ 分钟后再试$/);
  });

  it('lets the asker urge once in 30 minutes, whichever process answers', async () => {
    const open = await ask(0, '不锈钢晾衣架');
    const urge = (on: number) => call<ResourceRecord>(servers[on], `/api/resources/price_asks/${open.id}/actions/urge`, { token: tokens.seller[on], body: {} });
    expect((await urge(0)).body.code).toBe(200);
    const again = await urge(1);
    expect(again.body).toMatchObject({ code: 429 });
    expect(again.body.msg).toMatch(/^催报价过于频繁，请 \d+ 分钟后再试$/);
  });
});
