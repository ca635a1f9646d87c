import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { refreshSession } from '../../server/auth/sessions';
import { sessionPolicy } from '../../server/auth/routes';
import type { IndexInitData, MenuItem } from '../../src/contract/api/auth';
import { hashSync } from '@node-rs/argon2';

function paths(menu: MenuItem[]): string[] {
  return menu.flatMap((item) => [item.path, ...paths(item.children)]);
}

describe.each(DIALECTS)('login and sessions on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('logs a demo account in and answers index-init with its team, roles and menu', async () => {
    const { token } = await loginAs(server, 'seller', 'seller123');
    expect(token.length).toBeGreaterThanOrEqual(22);
    const init = await call<IndexInitData>(server, '/api/index/index-init', { token });
    expect(init.body.code).toBe(200);
    const data = init.body.data;
    expect(data.user_info).toMatchObject({ name: '王小美', logo: '/avatar.svg' });
    expect(data.team.type).toBe(1);
    expect(data.role).toEqual(['seller']);
    expect(paths(data.menu)).toContain('/common/info/question');
    expect(paths(data.menu)).not.toContain('/setting/user');
  });

  it('gives the admin every menu item, the hidden import route included', async () => {
    const { token } = await loginAs(server, 'admin', 'admin123');
    const init = await call<IndexInitData>(server, '/api/index/index-init', { token });
    const all = paths(init.body.data.menu);
    expect(all).toContain('/setting/user');
    expect(all).toContain('/bill/core/ImportSend');
    expect(init.body.data.team.type).toBe(3);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await call(server, '/api/public/login-do', { body: { username: 'admin', password: 'nope-nope' } });
    const unknown = await call(server, '/api/public/login-do', { body: { username: 'ghost', password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.msg).toBe('用户名或密码错误');
  });

  it('makes a password hash of an older release again at the next good login, and only then', async () => {
    // The settings this product used before (19 MiB, 2 passes); today's hashes are made with others.
    const older = hashSync('zhaolei-old-pass', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await server.database.db.updateTable('users').set({ password_hash: older, updated_at: 1 }).where('username', '=', 'zhaolei').execute();
    const stored = () => server.database.db.selectFrom('users').select(['password_hash', 'updated_at']).where('username', '=', 'zhaolei').executeTakeFirstOrThrow();

    expect((await call(server, '/api/public/login-do', { body: { username: 'zhaolei', password: 'wrong-pass-1' } })).status).toBe(400);
    expect((await stored()).password_hash).toBe(older);

    await loginAs(server, 'zhaolei', 'zhaolei-old-pass');
    const after = await stored();
    expect(after.password_hash).not.toBe(older);
    expect(after.password_hash.startsWith('$argon2id$v=19$m=12288,t=3,p=1$')).toBe(true);
    // Not an edit of the account: its time of change stays.
    expect(after.updated_at).toBe(1);
    // The same password still lets them in, with the new hash.
    await loginAs(server, 'zhaolei', 'zhaolei-old-pass');
  });

  it('refuses calls without a token (401) and with a made-up one (401)', async () => {
    expect((await call(server, '/api/index/index-init')).status).toBe(401);
    expect((await call(server, '/api/index/index-init', { token: 'forged' })).body.code).toBe(401);
  });

  it('ends the login on logout: the same token then gets 401', async () => {
    const { token } = await loginAs(server, 'staff', 'staff123');
    expect((await call(server, '/api/public/login-out', { token })).body.code).toBe(200);
    const after = await call(server, '/api/index/index-init', { token });
    expect(after.status).toBe(401);
  });

  it('expires a token on demand (402) and trades the refresh cookie for a new one', async () => {
    const { token, cookie } = await loginAs(server, 'seller', 'seller123');
    expect(cookie).toMatch(/^shop_refresh=/);
    expect((await call(server, '/expireToken', { method: 'GET', token })).body.code).toBe(200);
    const expired = await call(server, '/api/index/index-init', { token });
    expect(expired.status).toBe(402);
    expect(expired.body.code).toBe(402);
    const refreshed = await fetch(`${server.url}/refreshToken`, { headers: { cookie } });
    const body = (await refreshed.json()) as { code: number; data: { token: string } };
    expect(body.code).toBe(200);
    expect(refreshed.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(refreshed.headers.getSetCookie()[0]).toMatch(/SameSite=Strict/i);
    expect((await call(server, '/api/index/index-init', { token: body.data.token })).body.code).toBe(200);
  });

  it('refuses a refresh without a cookie', async () => {
    const res = await fetch(`${server.url}/refreshToken`);
    expect(res.status).toBe(401);
  });

  it('honours a just-rotated refresh token for the grace window, then revokes the whole login', async () => {
    const { cookie } = await loginAs(server, 'staff', 'staff123');
    const first = cookie.split('=')[1];
    const policy = sessionPolicy(server.config);
    const now = Date.now();
    const rotated = await refreshSession(server.database.db, first, policy, now);
    expect(rotated?.refresh).toBeDefined();
    // A second tab presenting the old token at the same moment survives.
    const twin = await refreshSession(server.database.db, first, policy, now + 2_000);
    expect(twin?.access).toBeDefined();
    // Presented after the grace window it is taken as stolen: the login ends for everyone.
    expect(await refreshSession(server.database.db, first, policy, now + 11_000)).toBeNull();
    expect(await refreshSession(server.database.db, rotated!.refresh!, policy, now + 12_000)).toBeNull();
    const afterRevoke = await call(server, '/api/index/index-init', { token: rotated!.access });
    expect(afterRevoke.status).toBe(401);
  });

  it('keeps tokens only as hashes', async () => {
    const { token } = await loginAs(server, 'admin', 'admin123');
    const rows = await server.database.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('writes logins and logouts to the system log', async () => {
    await call(server, '/api/public/login-do', { body: { username: 'seller', password: 'bad-password' } });
    const rows = await server.database.db
      .selectFrom('system_logs')
      .select(['username', 'action', 'result'])
      .where('username', '=', 'seller')
      .execute();
    expect(rows).toContainEqual({ username: 'seller', action: 'login', result: 'fail' });
    expect(rows).toContainEqual({ username: 'seller', action: 'login', result: 'ok' });
  });
});
