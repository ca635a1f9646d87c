import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { ClientErrorList } from '../../src/contract/api/client-errors';
import { CLIENT_ERROR_BATCH, CLIENT_ERROR_LIMITS } from '../../src/contract/error-log';

describe.each(DIALECTS)('client error log on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let seller: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    [admin, seller] = await Promise.all([
      loginAs(server, 'admin', 'admin123').then((l) => l.token),
      loginAs(server, 'seller', 'seller123').then((l) => l.token),
    ]);
  });
  afterAll(() => server.close());

  const list = async () => (await call<ClientErrorList>(server, '/api/admin/error-log/list', { token: admin })).body.data.rows;

  it('stores a batch with the reporter, the browser and the page url, newest first', async () => {
    const res = await call(server, '/api/index/error-log', {
      token: seller,
      headers: { 'user-agent': 'TestBrowser/1.0' },
      body: {
        entries: [
          { message: 'first', stack: 'Error: first\n    at a.js:1', url: 'http://console/goods/list', kind: 'error' },
          { message: 'second', url: 'http://console/bill/store', kind: 'rejection' },
        ],
      },
    });
    expect(res.body.code).toBe(200);
    const [second, first] = await list();
    expect(first).toMatchObject({ username: 'seller', message: 'first', url: 'http://console/goods/list', kind: 'error', user_agent: 'TestBrowser/1.0' });
    expect(first.stack).toContain('at a.js:1');
    expect(second).toMatchObject({ message: 'second', stack: '', kind: 'rejection' });
    expect(Math.abs(second.created_at - Date.now())).toBeLessThan(60_000);
  });

  it('cuts over-long texts instead of refusing them', async () => {
    const res = await call(server, '/api/index/error-log', {
      token: seller,
      headers: { 'user-agent': 'U'.repeat(2000) },
      body: { entries: [{ message: 'm'.repeat(5000), stack: 's'.repeat(20_000), url: `http://console/${'u'.repeat(5000)}`, kind: 'render' }] },
    });
    expect(res.body.code).toBe(200);
    const [latest] = await list();
    expect(latest.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(latest.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(latest.url).toHaveLength(CLIENT_ERROR_LIMITS.url);
    expect(latest.user_agent).toHaveLength(CLIENT_ERROR_LIMITS.userAgent);
  });

  it('refuses malformed reports and anonymous ones', async () => {
    const bad = [
      { entries: [] },
      { entries: [{ message: 'x', url: '/', kind: 'nonsense' }] },
      { entries: [{ message: 'x', kind: 'error' }] },
      { entries: [{ message: 'x', url: '/', kind: 'error', extra: 1 }] },
      { entries: Array.from({ length: CLIENT_ERROR_BATCH + 1 }, () => ({ message: 'x', url: '/', kind: 'error' })) },
    ];
    for (const body of bad) expect((await call(server, '/api/index/error-log', { token: seller, body })).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const anonymous = await call(server, '/api/index/error-log', { body: { entries: [{ message: 'x', url: '/', kind: 'error' }] } });
    expect(anonymous.status).toBe(401);
  });

  it('lets only holders of errorlog:view read the log', async () => {
    const denied = await call(server, '/api/admin/error-log/list', { token: seller });
    expect(denied.status).toBe(403);
    expect((await call(server, '/api/admin/error-log/list')).status).toBe(401);
    expect((await list()).length).toBeGreaterThanOrEqual(3);
  });

  it('does not count a report as activity', async () => {
    const { token } = await loginAs(server, 'staff', 'staff123');
    const sessionOf = () =>
      server.database.db
        .selectFrom('auth_sessions as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.last_seen_at'])
        .where('u.username', '=', 'staff')
        .where('s.revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
    const { id } = await sessionOf();
    const earlier = Date.now() - 60_000;
    await server.database.db.updateTable('auth_sessions').set({ last_seen_at: earlier }).where('id', '=', id).execute();
    await call(server, '/api/index/error-log', { token, body: { entries: [{ message: 'x', url: '/', kind: 'sw' }] } });
    expect((await sessionOf()).last_seen_at).toBe(earlier);
  });
});
