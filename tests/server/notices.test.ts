import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { AdminNoticeList, CreateNoticeBody, Notice, NoticeList, NoticeTeamList } from '../../src/contract/api/notice';
import { noticeHtml, notify, type BuiltHtml } from '../../server/notices/notify';

describe.each(DIALECTS)('notices on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const userId = async (username: string) =>
    (await db().selectFrom('users').select(['id', 'team_id']).where('username', '=', username).executeTakeFirstOrThrow());
  const roleId = async (code: string) => (await db().selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const tokenOf = async (username: string, password = 'demo123456') => {
    if (!tokens.has(username)) tokens.set(username, (await loginAs(server, username, password)).token);
    return tokens.get(username)!;
  };
  const create = (body: CreateNoticeBody, token = admin) => call<{ id: number }>(server, '/api/admin/notices', { token, body });
  const poll = async (token: string) => (await call<NoticeList>(server, '/api/index/find-notice', { token })).body.data.rows;
  const findIds = (rows: Notice[], prefix: string) => rows.map((r) => r.find_id).filter((id) => id.startsWith(prefix));

  it('reaches its user, everyone with its role, its team, or everyone, newest first', async () => {
    const buyerTeam = (await userId('seller')).team_id;
    const zhaolei = (await userId('zhaolei')).id;
    const quoter = await roleId('quoter');
    for (const [find_id, target_kind, target_id] of [
      ['T-team', 'team', buyerTeam],
      ['T-user', 'user', zhaolei],
      ['T-role', 'role', quoter],
      ['T-all', 'all', null],
    ] as const) {
      expect((await create({ type: 2, content: `<b>${find_id}</b>`, find_id, target_kind, target_id })).body.code).toBe(200);
    }
    const seller = await tokenOf('seller', 'seller123');
    expect(findIds(await poll(seller), 'T-')).toEqual(['T-all', 'T-team']);
    expect(findIds(await poll(await tokenOf('zhaolei')), 'T-')).toEqual(['T-all', 'T-user', 'T-team']);
    expect(findIds(await poll(await tokenOf('staff', 'staff123')), 'T-')).toEqual(['T-all', 'T-role']);
    expect(findIds(await poll(await tokenOf('sunli')), 'T-')).toEqual(['T-all']);
    // The demo seed's notices to the asking team.
    expect((await poll(seller)).length).toBeGreaterThanOrEqual(5);
  });

  it('closes a notice for the caller only, idempotently; a closed one is not delivered again', async () => {
    const team = (await userId('seller')).team_id;
    const { id } = (await create({ type: 1, content: 'new goods', find_id: 'C-1', target_kind: 'team', target_id: team })).body.data;
    const seller = await tokenOf('seller', 'seller123');
    const zhaolei = await tokenOf('zhaolei');
    for (let i = 0; i < 2; i++) {
      expect((await call(server, '/api/index/find-notice-close', { token: seller, body: { id } })).body.code).toBe(200);
    }
    expect(findIds(await poll(seller), 'C-')).toEqual([]);
    expect(findIds(await poll(zhaolei), 'C-')).toEqual(['C-1']);
  });

  it("answers 404 for another user's notice or an unknown id", async () => {
    const { id } = (await create({ type: 3, content: 'only for zhaolei', find_id: 'N-1', target_kind: 'user', target_id: (await userId('zhaolei')).id })).body.data;
    const seller = await tokenOf('seller', 'seller123');
    for (const target of [id, 999_999]) {
      const res = await call(server, '/api/index/find-notice-close', { token: seller, body: { id: target } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, msg: '通知不存在', data: null });
    }
    expect(findIds(await poll(await tokenOf('zhaolei')), 'N-')).toEqual(['N-1']);
  });

  it('stores and returns only the allowed HTML, whoever writes it', async () => {
    const team = (await userId('seller')).team_id;
    const dirty =
      '<b>bold</b><img src=x onerror=alert(1)><script>alert(2)</script><style>b{}</style>' +
      '<iframe src="https://example.com"></iframe><a href="javascript:alert(3)">bad</a> <a href="https://example.com/q" onclick="alert(4)">ok</a>';
    const viaApi = (await create({ type: 2, content: dirty, find_id: 'S-api', target_kind: 'team', target_id: team })).body.data.id;
    const viaService = await notify(db(), { type: 2, content: dirty, find_id: 'S-svc', target: { kind: 'team', id: team }, createdBy: null });
    const expected = '<b>bold</b><a target="_blank" rel="noopener noreferrer">bad</a> <a href="https://example.com/q" target="_blank" rel="noopener noreferrer">ok</a>';
    for (const id of [viaApi, viaService]) {
      const stored = await db().selectFrom('notices').select('content').where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.content).toBe(expected);
    }
    const returned = (await poll(await tokenOf('seller', 'seller123'))).filter((r) => r.find_id.startsWith('S-'));
    expect(returned.map((r) => r.content)).toEqual([expected, expected]);
    for (const html of returned.map((r) => r.content)) expect(html).not.toMatch(/<img|onerror|<script|alert\(|<style|<iframe|javascript:|onclick/);

    const empty = await create({ type: 2, content: '<script>alert(1)</script>', find_id: 'S-empty', target_kind: 'all' });
    expect(empty.body).toMatchObject({ code: 400, msg: '通知内容不能为空' });
  });

  it('stores a notice the server built from its markup as the sanitizer would, its values as text', async () => {
    const team = (await userId('seller')).team_id;
    const stored = async (find_id: string, content: string | BuiltHtml) => {
      const id = await notify(db(), { type: 2, content, find_id, target: { kind: 'team', id: team }, createdBy: null });
      return (await db().selectFrom('notices').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;
    };
    const [askNo, goods] = ['XJ202611260001', '蓝牙耳机 Pro'];
    expect(await stored('B-built', noticeHtml`询价单 <b>${askNo}</b>（${goods}）收到 ${2} 条报价`)).toBe(
      await stored('B-sanitized', `询价单 <b>${askNo}</b>（${goods}）收到 2 条报价`),
    );
    const hostile = '<img src=x onerror=alert(1)>耳机 & "套装"';
    expect(await stored('B-hostile', noticeHtml`<b>${hostile}</b>`)).toBe('<b>&lt;img src=x onerror=alert(1)&gt;耳机 &amp; &quot;套装&quot;</b>');
  });

  it('lets only holders of notice:create write and list notices, and logs each one', async () => {
    const seller = await tokenOf('seller', 'seller123');
    const body: CreateNoticeBody = { type: 1, content: 'x', find_id: 'P-1', target_kind: 'all' };
    expect((await create(body, seller)).status).toBe(403);
    expect((await call(server, '/api/admin/notices/list', { token: seller })).status).toBe(403);

    const { id } = (await create(body)).body.data;
    await call(server, '/api/index/find-notice-close', { token: seller, body: { id } });
    const list = await call<AdminNoticeList>(server, '/api/admin/notices/list', { token: admin });
    expect(list.body.data.rows[0]).toMatchObject({ id, find_id: 'P-1', target_kind: 'all', target_id: null, creator: '系统管理员', closed_count: 1 });
    const log = await db().selectFrom('system_logs').select(['username', 'target', 'detail']).where('action', '=', 'create-notice').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toEqual({ username: 'admin', target: 'all', detail: 'P-1' });
  });

  it('refuses a recipient that does not exist, or one outside a team writer’s own team', async () => {
    expect((await create({ type: 1, content: 'x', find_id: 'R-1', target_kind: 'user', target_id: 999_999 })).body).toMatchObject({ code: 400, msg: '通知对象不存在' });
    expect((await create({ type: 1, content: 'x', find_id: 'R-2', target_kind: 'team' })).status).toBe(400);

    await db().insertInto('role_permissions').values({ role_id: await roleId('team_manager'), permission: 'notice:create' }).execute();
    const manager = await tokenOf('qianwei');
    const own = (await userId('qianwei')).team_id;
    const other = (await userId('staff')).team_id;
    expect((await create({ type: 1, content: 'x', find_id: 'R-own', target_kind: 'team', target_id: own }, manager)).body.code).toBe(200);
    expect((await create({ type: 1, content: 'x', find_id: 'R-other', target_kind: 'team', target_id: other }, manager)).status).toBe(400);
    expect((await create({ type: 1, content: 'x', find_id: 'R-user', target_kind: 'user', target_id: (await userId('staff')).id }, manager)).status).toBe(400);
    expect((await create({ type: 1, content: 'x', find_id: 'R-all', target_kind: 'all' }, manager)).status).toBe(403);
    const list = await call<AdminNoticeList>(server, '/api/admin/notices/list', { token: manager });
    expect(list.body.data.rows.map((r) => r.find_id)).toEqual(['R-own']);
  });

  it('offers the teams within the sender’s reach by name, and lists each notice’s recipient by name', async () => {
    const teams = await db().selectFrom('teams').select(['id', 'name']).orderBy('id').execute();
    const offered = await call<NoticeTeamList>(server, '/api/admin/notices/teams', { token: admin });
    expect(offered.body.data.rows).toEqual(teams);
    const manager = await tokenOf('qianwei');
    const own = (await userId('qianwei')).team_id;
    expect((await call<NoticeTeamList>(server, '/api/admin/notices/teams', { token: manager })).body.data.rows).toEqual(teams.filter((t) => t.id === own));
    expect((await call(server, '/api/admin/notices/teams', { token: await tokenOf('seller', 'seller123') })).status).toBe(403);

    const team = teams[1]!;
    expect((await create({ type: 2, content: '团队通知', find_id: 'N-team', target_kind: 'team', target_id: team.id })).body.code).toBe(200);
    expect((await create({ type: 2, content: '全员通知', find_id: 'N-all', target_kind: 'all' })).body.code).toBe(200);
    const rows = (await call<AdminNoticeList>(server, '/api/admin/notices/list', { token: admin })).body.data.rows;
    expect(rows.find((r) => r.find_id === 'N-team')).toMatchObject({ target_kind: 'team', target_id: team.id, target_name: team.name });
    expect(rows.find((r) => r.find_id === 'N-all')).toMatchObject({ target_kind: 'all', target_name: null });
  });

  it('does not count polling as activity: it neither moves last_seen_at nor keeps an idle session unlocked', async () => {
    const { token } = await loginAs(server, 'sunli', 'demo123456');
    const { id } = await userId('sunli');
    const setLastSeen = (at: number) => db().updateTable('auth_sessions').set({ last_seen_at: at }).where('user_id', '=', id).execute();
    const lastSeen = async () =>
      (await db().selectFrom('auth_sessions').select('last_seen_at').where('user_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow()).last_seen_at;

    const aMinuteAgo = Date.now() - 60_000;
    await setLastSeen(aMinuteAgo);
    expect((await call(server, '/api/index/find-notice', { token })).body.code).toBe(200);
    expect(await lastSeen()).toBe(aMinuteAgo);
    await call(server, '/api/index/index-init', { token });
    // A request does not wait for its activity to be written (sessions.ts noteActivity): it lands soon after.
    await vi.waitFor(async () => expect(await lastSeen()).toBeGreaterThan(aMinuteAgo));

    await setLastSeen(Date.now() - (server.config.idleLockMinutes + 1) * 60_000);
    for (let i = 0; i < 2; i++) expect((await call(server, '/api/index/find-notice', { token })).body.code).toBe(205);
  });
});
