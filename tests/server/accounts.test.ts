import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { SendCodeData, SessionInfo, QrCreateData, QrStatusData, QrInfoData } from '../../src/contract/api/account';

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: 'on' } });
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const userId = async (username: string) =>
    (await server.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  describe('login throttling', () => {
    it('answers 429 with the wait after five failures for one account from one address', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await call(server, '/api/public/login-do', { body: { username: 'zhaolei', password: 'wrong-one' }, headers: from('10.0.0.7') });
        expect(res.status).toBe(400);
      }
      const blocked = await call(server, '/api/public/login-do', { body: { username: 'zhaolei', password: 'demo123456' }, headers: from('10.0.0.7') });
      expect(blocked.status).toBe(429);
      expect(blocked.body.msg).toMatch(/15 分钟/);
    });

    it('does not lock the real owner out from another address', async () => {
      const owner = await call<{ token: string }>(server, '/api/public/login-do', { body: { username: 'zhaolei', password: 'demo123456' }, headers: from('10.0.0.8') });
      expect(owner.body.code).toBe(200);
    });
  });

  describe('idle lock', () => {
    it('answers 205 after the idle time, lets nothing else pass, and unlocks with the real password', async () => {
      const { token } = await loginAs(server, 'sunli', 'demo123456');
      const id = await userId('sunli');
      await server.database.db
        .updateTable('auth_sessions')
        .set({ last_seen_at: Date.now() - 31 * 60_000 })
        .where('user_id', '=', id)
        .execute();
      const locked = await call(server, '/api/index/index-init', { token });
      expect(locked.status).toBe(200);
      expect(locked.body.code).toBe(205);
      expect((await call(server, '/api/index/sessions', { token })).body.code).toBe(205);
      const wrong = await call(server, '/api/index/unlock', { token, body: { password: 'not-it' } });
      expect(wrong.body).toMatchObject({ code: 400, msg: '密码错误' });
      expect((await call(server, '/api/index/unlock', { token, body: { password: 'demo123456' } })).body.code).toBe(200);
      expect((await call(server, '/api/index/index-init', { token })).body.code).toBe(200);
    });

    it('locks on request too', async () => {
      const { token } = await loginAs(server, 'sunli', 'demo123456');
      expect((await call(server, '/api/index/lock', { token })).body.code).toBe(200);
      expect((await call(server, '/api/index/index-init', { token })).body.code).toBe(205);
      expect((await call(server, '/api/public/login-out', { token })).body.code).toBe(200);
    });
  });

  describe('mobile codes, registration and password reset', () => {
    it('sends a demo code, at most one a minute', async () => {
      const first = await call<SendCodeData>(server, '/api/public/send-code', { body: { mobile: '13700000001', scene: 'register' } });
      expect(first.body.data.demo_code).toMatch(/^\d{6}$/);
      const again = await call(server, '/api/public/send-code', { body: { mobile: '13700000001', scene: 'register' } });
      expect(again.status).toBe(429);
      expect(again.body.msg).toMatch(/秒后再试/);
    });

    it('refuses a wrong mobile with the spec message', async () => {
      const res = await call(server, '/api/public/send-code', { body: { mobile: '12345', scene: 'register' } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('请输入正确的手机号');
    });

    it('registers with the code into a new asking team, and logs in', async () => {
      const sent = await call<SendCodeData>(server, '/api/public/send-code', { body: { mobile: '13700000002', scene: 'register' } });
      const common = await call(server, '/api/public/register', {
        body: { username: 'newbie', password: 'password', mobile: '13700000002', code: sent.body.data.demo_code },
      });
      expect(common.body.msg).toBe('密码过于常见，请换一个更安全的密码');
      const res = await call<{ token: string }>(server, '/api/public/register', {
        body: { username: 'newbie', password: 'Gx7-shop-2026', mobile: '13700000002', code: sent.body.data.demo_code },
      });
      expect(res.body.code).toBe(200);
      const init = await call<{ team: { type: number }; role: string[] }>(server, '/api/index/index-init', { token: res.body.data.token });
      expect(init.body.data.team.type).toBe(1);
      expect(init.body.data.role).toEqual(['seller']);
      const reused = await call(server, '/api/public/register', {
        body: { username: 'newbie2', password: 'Gx7-shop-2026', mobile: '13700000009', code: sent.body.data.demo_code },
      });
      expect(reused.body.code).toBe(400);
    });

    it('burns a code after five wrong tries', async () => {
      const sent = await call<SendCodeData>(server, '/api/public/send-code', { body: { mobile: '13700000003', scene: 'register' } });
      const wrongCode = sent.body.data.demo_code === '000000' ? '111111' : '000000';
      const body = { username: 'trier', password: 'Gx7-shop-2026', mobile: '13700000003', code: wrongCode };
      for (let i = 0; i < 4; i++) expect((await call(server, '/api/public/register', { body })).body.msg).toBe('验证码错误或已失效');
      expect((await call(server, '/api/public/register', { body })).body.msg).toBe('验证码错误次数过多，请重新获取');
      const right = await call(server, '/api/public/register', { body: { ...body, code: sent.body.data.demo_code } });
      expect(right.body.msg).toBe('验证码错误次数过多，请重新获取');
    });

    it('resets a password by mobile and ends every login of the user', async () => {
      const { token } = await loginAs(server, 'zhoujie', 'demo123456');
      const sent = await call<SendCodeData>(server, '/api/public/send-code', { body: { mobile: '13911110003', scene: 'reset' } });
      const res = await call(server, '/api/public/reset-password', {
        body: { mobile: '13911110003', code: sent.body.data.demo_code, password: 'New-pass-2026' },
      });
      expect(res.body.code).toBe(200);
      expect((await call(server, '/api/index/index-init', { token })).status).toBe(401);
      expect((await loginAs(server, 'zhoujie', 'New-pass-2026')).token).toBeTruthy();
    });

    it('answers a reset for an unknown number like any other, without a code', async () => {
      const res = await call<SendCodeData>(server, '/api/public/send-code', { body: { mobile: '13600000000', scene: 'reset' } });
      expect(res.body.code).toBe(200);
      expect(res.body.data.demo_code).toBeUndefined();
    });
  });

  describe('password change and sessions', () => {
    it('lists my logins and ends the others', async () => {
      const a = await loginAs(server, 'wufang', 'demo123456');
      const b = await loginAs(server, 'wufang', 'demo123456');
      const list = await call<{ rows: SessionInfo[] }>(server, '/api/index/sessions', { token: a.token });
      expect(list.body.data.rows.length).toBeGreaterThanOrEqual(2);
      expect(list.body.data.rows.filter((r) => r.current)).toHaveLength(1);
      expect((await call(server, '/api/index/sessions/end', { token: a.token, body: { others: true } })).body.code).toBe(200);
      expect((await call(server, '/api/index/index-init', { token: b.token })).status).toBe(401);
      expect((await call(server, '/api/index/index-init', { token: a.token })).body.code).toBe(200);
      const foreign = await call(server, '/api/index/sessions/end', { token: a.token, body: { id: 999999 } });
      expect(foreign.status).toBe(404);
    });

    it('names each device by its browser and system, keeping the raw user agent beside', async () => {
      const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const response = await fetch(`${server.url}/api/public/login-do`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': agent },
        body: JSON.stringify({ username: 'zhaolei', password: 'demo123456' }),
      });
      const { token } = ((await response.json()) as { data: { token: string } }).data;
      const rows = (await call<{ rows: SessionInfo[] }>(server, '/api/index/sessions', { token })).body.data.rows;
      expect(rows.find((r) => r.current)).toMatchObject({ device: 'Chrome 131 · Windows 10', user_agent: agent });
    });

    it('changes the password and ends every login', async () => {
      const { token } = await loginAs(server, 'wufang', 'demo123456');
      const wrong = await call(server, '/api/index/change-password', { token, body: { old_password: 'nope', password: 'Fresh-pass-77' } });
      expect(wrong.body.msg).toBe('密码错误');
      const short = await call(server, '/api/index/change-password', { token, body: { old_password: 'demo123456', password: '123' } });
      expect(short.body.msg).toContain('密码不能少于6位');
      const done = await call(server, '/api/index/change-password', { token, body: { old_password: 'demo123456', password: 'Fresh-pass-77' } });
      expect(done.body.code).toBe(200);
      expect((await call(server, '/api/index/index-init', { token })).status).toBe(401);
    });

    it('lets an admin end anyone’s logins and disable a user; others may not', async () => {
      const admin = await loginAs(server, 'admin', 'admin123');
      const staff = await loginAs(server, 'staff', 'staff123');
      const target = await userId('staff');
      const denied = await call(server, '/api/admin/sessions/end', { token: staff.token, body: { user_id: target } });
      expect(denied.status).toBe(403);
      expect((await call(server, '/api/admin/sessions/end', { token: admin.token, body: { user_id: target } })).body.code).toBe(200);
      expect((await call(server, '/api/index/index-init', { token: staff.token })).status).toBe(401);

      const again = await loginAs(server, 'staff', 'staff123');
      await call(server, '/api/admin/user/status', { token: admin.token, body: { user_id: target, status: 0 } });
      expect((await call(server, '/api/index/index-init', { token: again.token })).status).toBe(401);
      const refused = await call(server, '/api/public/login-do', { body: { username: 'staff', password: 'staff123' } });
      expect(refused.body.msg).toBe('账号已停用，请联系管理员');
      await call(server, '/api/admin/user/status', { token: admin.token, body: { user_id: target, status: 1 } });
      expect((await loginAs(server, 'staff', 'staff123')).token).toBeTruthy();
    });
  });

  describe('team isolation', () => {
    it('lets a team manager reach users of their own team only: another team’s id is not found', async () => {
      const manager = await loginAs(server, 'qianwei', 'demo123456');
      const otherTeam = await call(server, '/api/admin/sessions/end', { token: manager.token, body: { user_id: await userId('wufang') } });
      expect(otherTeam.status).toBe(404);
      expect(otherTeam.body).toEqual({ code: 404, msg: '用户不存在', data: null });
      const disable = await call(server, '/api/admin/user/status', { token: manager.token, body: { user_id: await userId('sunli'), status: 0 } });
      expect(disable.status).toBe(404);
      const sameTeam = await call(server, '/api/admin/sessions/end', { token: manager.token, body: { user_id: await userId('seller') } });
      expect(sameTeam.body.code).toBe(200);
    });

    it('refuses user management to a role without the permission', async () => {
      const seller = await loginAs(server, 'seller', 'seller123');
      const res = await call(server, '/api/admin/user/status', { token: seller.token, body: { user_id: await userId('zhaolei'), status: 0 } });
      expect(res.status).toBe(403);
    });
  });

  describe('QR login', () => {
    it('logs the waiting page in once the signed-in user confirms, once', async () => {
      const created = await call<QrCreateData>(server, '/api/public/qr/create', { headers: { 'user-agent': 'Waiting Browser' } });
      const qr_id = created.body.data.qr_id;
      expect((await call<QrStatusData>(server, '/api/public/qr/status', { body: { qr_id } })).body.data.status).toBe('pending');
      const phone = await loginAs(server, 'seller', 'seller123');
      const info = await call<QrInfoData>(server, '/api/index/qr/info', { token: phone.token, body: { qr_id } });
      expect(info.body.data.user_agent).toBe('Waiting Browser');
      expect((await call(server, '/api/index/qr/confirm', { token: phone.token, body: { qr_id } })).body.code).toBe(200);
      const done = await call<QrStatusData>(server, '/api/public/qr/status', { body: { qr_id } });
      expect(done.body.data.status).toBe('confirmed');
      const init = await call<{ user_info: { name: string } }>(server, '/api/index/index-init', { token: done.body.data.token });
      expect(init.body.data.user_info.name).toBe('王小美');
      expect((await call<QrStatusData>(server, '/api/public/qr/status', { body: { qr_id } })).body.data.status).toBe('expired');
    });

    it('names the asking browser and system, as the devices list does', async () => {
      const agent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const created = await call<QrCreateData>(server, '/api/public/qr/create', { headers: { 'user-agent': agent } });
      const phone = await loginAs(server, 'seller', 'seller123');
      const info = await call<QrInfoData>(server, '/api/index/qr/info', { token: phone.token, body: { qr_id: created.body.data.qr_id } });
      expect(info.body.data).toMatchObject({ user_agent: agent, device: 'Chrome 131 · Windows 10' });
      const unknown = await call<QrCreateData>(server, '/api/public/qr/create', { headers: { 'user-agent': 'Waiting Browser' } });
      const raw = await call<QrInfoData>(server, '/api/index/qr/info', { token: phone.token, body: { qr_id: unknown.body.data.qr_id } });
      expect(raw.body.data.device).toBe('');
    });

    it('expires a request after two minutes', async () => {
      const created = await call<QrCreateData>(server, '/api/public/qr/create');
      await server.database.db.updateTable('qr_logins').set({ expires_at: Date.now() - 1 }).where('status', '=', 'pending').execute();
      const phone = await loginAs(server, 'seller', 'seller123');
      const res = await call(server, '/api/index/qr/confirm', { token: phone.token, body: { qr_id: created.body.data.qr_id } });
      expect(res.body.msg).toBe('二维码已过期，请刷新');
      expect((await call<QrStatusData>(server, '/api/public/qr/status', { body: { qr_id: created.body.data.qr_id } })).body.data.status).toBe('expired');
    });
  });
});
