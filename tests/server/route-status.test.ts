/**
 * Issue 18: an address outside a user's menu is told apart, without sending anyone else's menu: a
 * page some role holds is "forbidden" (the console shows 403), an unknown one "missing" (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { RouteStatusData } from '../../src/contract/api/route-status';

describe.each(DIALECTS)('route status on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const [user, password] of [['seller', 'seller123'], ['staff', 'staff123'], ['admin', 'admin123']] as const) {
      tokens[user] = (await loginAs(server, user, password)).token;
    }
  });
  afterAll(() => server.close());

  const status = async (user: string, path: string) => {
    const answer = await call<RouteStatusData>(server, '/api/index/route-status', { token: tokens[user], body: { path } });
    expect(answer.body.code).toBe(200);
    return answer.body.data.status;
  };

  it('tells a seller that the user admin page exists but is not theirs, and an unknown address that it does not exist', async () => {
    expect(await status('seller', '/setting/user')).toBe('forbidden');
    expect(await status('seller', '/no/such/page')).toBe('missing');
    expect(await status('seller', '/common/info/question')).toBe('granted');
  });

  it("answers per caller: the quoting team's board is staff's and forbidden to the seller; an admin is granted every page", async () => {
    expect(await status('staff', '/common/info/spot')).toBe('granted');
    expect(await status('seller', '/common/info/spot')).toBe('forbidden');
    expect(await status('staff', '/common/info/question')).toBe('forbidden');
    expect(await status('admin', '/setting/user')).toBe('granted');
    expect(await status('admin', '/no/such/page')).toBe('missing');
  });

  it('names no other menu in its answer, and refuses a caller without a token or a path', async () => {
    const answer = await call(server, '/api/index/route-status', { token: tokens.seller, body: { path: '/setting/user' } });
    expect(answer.body.data).toEqual({ status: 'forbidden' });
    const anonymous = await call(server, '/api/index/route-status', { body: { path: '/setting/user' } });
    expect(anonymous.body.code).toBe(401);
    const empty = await call(server, '/api/index/route-status', { token: tokens.seller, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
