import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoTokens, DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import type { ResourceDefinition } from '../../src/contract/resource';

const DAY = 24 * 3600_000;

describe.each(DIALECTS)('the demo system log on %s', (dialect) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ admin } = await demoTokens(server, ['admin']));
  });
  afterAll(() => server.close());

  it('holds two weeks of the teams’ work, each action in words, each target a seeded record, none in the future', async () => {
    const started = Date.now();
    const rows = (await resourceApi(server, 'system_logs').list(admin, { pageSize: 500, sort: [{ field: 'created_at', order: 'asc' }] })).body.data.rows;
    const seeded = rows.filter((row) => (row.created_at as number) < started - 60_000 || row.username !== 'admin');
    expect(seeded.length).toBeGreaterThan(100);
    const days = new Set(seeded.map((row) => Math.floor((row.created_at as number) / DAY)));
    expect(days.size).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(row.created_at as number).toBeLessThanOrEqual(Date.now());

    const definition = (await call<ResourceDefinition>(server, '/api/resources/system_logs/definition', { token: admin, method: 'GET' })).body.data;
    const worded = new Set(definition.fields.find((f) => f.name === 'action')!.options!.map((o) => o.value));
    const actions = new Set(seeded.map((row) => row.action as string));
    for (const action of actions) expect(worded.has(action), action).toBe(true);
    expect([...actions]).toEqual(expect.arrayContaining(['login', 'logout', 'resource-create', 'resource-accept', 'resource-claim']));
    expect(seeded.some((row) => row.action === 'login' && row.result === 'fail')).toBe(true);

    // A target names a record the seed made, readable by the administrator; the log shows it by its resource's title.
    const asked = await server.database.db.selectFrom('system_logs').select(['id', 'target']).where('target', 'like', 'price_asks:%').executeTakeFirstOrThrow();
    const askId = Number(asked.target.split(':')[1]);
    expect((await resourceApi(server, 'price_asks').get(admin, askId)).body.code).toBe(200);
    expect(rows.find((row) => row.id === asked.id)?.target).toBe(`询价单 #${askId}`);
  });
});
