import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import type { ResourceDefinition, ResourceRecord } from '../../src/contract/resource';

describe.each(DIALECTS)('resource records on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const passwords: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['admin', 'seller', 'zhaolei', 'sunli', 'staff', 'qianwei']) {
      tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
    }
    const supplier = await saveDefinition(server, tokens.admin, {
      name: 'supplier',
      title: { zh: '供应商', en: 'Suppliers' },
      labelField: 'name',
      teamScoped: true,
      version: 1,
      permissions: { delete: 'supplier:delete' },
      fields: [
        f('name', 'string', '名称', 'Name', { required: true, unique: true, searchable: true }),
        f('contact', 'string', '联系人', 'Contact'),
        f('credit', 'money', '授信额度', 'Credit', { minimum: 0 }),
        f('note', 'richtext', '说明', 'Note'),
        f('active', 'boolean', '合作中', 'Active', { default: true }),
        f('since', 'date', '合作日期', 'Since'),
        f('cost', 'money', '底价', 'Floor price', { access: { hidden: ['seller'] } }),
        f('grade', 'enum', '等级', 'Grade', {
          options: [
            { value: 'a', label: { zh: 'A级', en: 'A' } },
            { value: 'b', label: { zh: 'B级', en: 'B' } },
          ],
          access: { readOnly: ['seller'] },
        }),
      ],
    });
    expect(supplier.body.code).toBe(200);
  });
  afterAll(() => server.close());

  const goods = () => resourceApi(server, 'goods');
  const supplier = () => resourceApi(server, 'supplier');
  const teamOf = async (username: string) =>
    (await server.database.db.selectFrom('users').select(['id', 'team_id']).where('username', '=', username).executeTakeFirstOrThrow());

  it('creates, reads, changes and deletes goods of the caller’s team (a built-in resource)', async () => {
    const seller = await teamOf('seller');
    const created = await goods().create(tokens.seller, { sku: 'T-CRUD', name: '测试商品', price_fen: 1999, status: 'on_sale' });
    expect(created.body.code).toBe(200);
    const record = created.body.data;
    expect(record).toMatchObject({ version: 1, team_id: seller.team_id, created_by: seller.id, sku: 'T-CRUD', price_fen: 1999, stock: 0, status: 'on_sale' });
    expect((await goods().get(tokens.seller, record.id)).body.data).toEqual(record);

    const updated = await goods().update(tokens.seller, record.id, 1, { ...record, name: '测试商品（新）', price_fen: 2599 });
    expect(updated.body.code).toBe(200);
    expect(updated.body.data).toMatchObject({ version: 2, name: '测试商品（新）', price_fen: 2599, created_at: record.created_at });

    expect((await goods().remove(tokens.seller, record.id, 2)).body.code).toBe(200);
    expect((await goods().get(tokens.seller, record.id)).body).toEqual({ code: 404, msg: '记录不存在', data: null });
  });

  it('creates, reads, changes and deletes records of an admin-defined resource', async () => {
    const created = await supplier().create(tokens.admin, {
      name: '华南纸业',
      contact: '  张经理  ',
      credit: 500000,
      note: '<p>长期合作<script>alert(1)</script><a href="javascript:x" onclick="y">链接</a></p>',
      since: '2025-03-01',
      cost: 1200,
      grade: 'a',
    });
    expect(created.body.code).toBe(200);
    const record = created.body.data;
    expect(record).toMatchObject({ name: '华南纸业', contact: '张经理', credit: 500000, active: true, since: '2025-03-01', cost: 1200, grade: 'a', version: 1 });
    expect(record.note).toBe('<p>长期合作<a target="_blank" rel="noopener noreferrer">链接</a></p>');

    const updated = await supplier().update(tokens.admin, record.id, 1, { active: false, credit: null });
    expect(updated.body.data).toMatchObject({ active: false, credit: null, version: 2 });
    expect((await supplier().remove(tokens.admin, record.id)).body.code).toBe(200);
    expect((await supplier().get(tokens.admin, record.id)).status).toBe(404);
  });

  it('deletes several records all or none', async () => {
    const ids: number[] = [];
    for (const name of ['批量一', '批量二']) ids.push((await supplier().create(tokens.admin, { name })).body.data.id);
    const refused = await supplier().bulkDelete(tokens.admin, [...ids, 999_999]);
    expect(refused.body).toEqual({ code: 404, msg: '记录 999999 不存在', data: null });
    expect((await supplier().get(tokens.admin, ids[0])).body.code).toBe(200);
    expect((await supplier().bulkDelete(tokens.admin, ids)).body.data).toEqual({ deleted: 2 });
    expect((await supplier().get(tokens.admin, ids[1])).status).toBe(404);
  });

  it('answers 409 to a stale version, naming who changed the record and when, and keeps the record as it was', async () => {
    const { data: record } = (await goods().create(tokens.seller, { sku: 'T-409', name: '并发商品', price_fen: 100 })).body;
    expect((await goods().update(tokens.seller, record.id, 1, { price_fen: 200 })).body.code).toBe(200);
    const stale = await goods().update(tokens.zhaolei, record.id, 1, { price_fen: 300, name: '被覆盖' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^该记录已被 王小美 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改，请刷新后再编辑$/);
    const english = await goods().update(tokens.zhaolei, record.id, 1, { price_fen: 300 }, 'en');
    expect(english.body.msg).toMatch(/^This record was changed by 王小美 at .+; reload it before editing$/);
    expect((await goods().get(tokens.seller, record.id)).body.data).toMatchObject({ version: 2, price_fen: 200, name: '并发商品' });
    expect((await goods().remove(tokens.zhaolei, record.id, 1)).status).toBe(409);
    expect((await goods().get(tokens.seller, record.id)).body.code).toBe(200);
  });

  it('keeps every change with the values before and after, newest first, deletions included', async () => {
    const { data: record } = (await goods().create(tokens.seller, { sku: 'T-HIS', name: '历史商品', price_fen: 100 })).body;
    await goods().update(tokens.zhaolei, record.id, 1, { price_fen: 150, remark: '调价' });
    await goods().remove(tokens.seller, record.id);
    const { rows } = (await goods().history(tokens.seller, record.id)).body.data;
    expect(rows.map((r) => [r.action, r.user_name])).toEqual([
      ['delete', '王小美'],
      ['update', '赵磊'],
      ['create', '王小美'],
    ]);
    expect(rows[1].changes).toEqual([
      { field: 'price_fen', before: 100, after: 150 },
      { field: 'remark', before: '', after: '调价' },
    ]);
    expect(rows[2].changes).toContainEqual({ field: 'name', after: '历史商品' });
    expect(rows[0].changes).toContainEqual({ field: 'price_fen', before: 150 });
    const log = await server.database.db.selectFrom('system_logs').select(['action', 'target', 'detail']).where('target', '=', `goods:${record.id}`).orderBy('id').execute();
    expect(log).toEqual([
      { action: 'resource-create', target: `goods:${record.id}`, detail: expect.stringContaining('sku') },
      { action: 'resource-update', target: `goods:${record.id}`, detail: 'price_fen,remark' },
      { action: 'resource-delete', target: `goods:${record.id}`, detail: expect.stringContaining('price_fen') },
    ]);
  });

  describe('field access per role', () => {
    let record: ResourceRecord;
    beforeAll(async () => {
      const { team_id } = await teamOf('seller');
      record = (await supplier().create(tokens.admin, { name: '字段权限', cost: 880, grade: 'b', team_id })).body.data;
    });

    it('leaves hidden fields out of reads, definitions, history and queries', async () => {
      const got = (await supplier().get(tokens.seller, record.id)).body.data;
      expect(got).not.toHaveProperty('cost');
      expect(got.grade).toBe('b');
      const listed = (await supplier().list(tokens.seller, { filters: [{ field: 'id', op: 'eq', value: record.id }] })).body.data.rows;
      expect(listed).toHaveLength(1);
      expect(listed[0]).not.toHaveProperty('cost');
      const definition = (await call<ResourceDefinition>(server, '/api/resources/supplier/definition', { method: 'GET', token: tokens.seller })).body.data;
      expect(definition.fields.map((x) => x.name)).not.toContain('cost');
      const byAdmin = (await call<ResourceDefinition>(server, '/api/resources/supplier/definition', { method: 'GET', token: tokens.admin })).body.data;
      expect(byAdmin.fields.map((x) => x.name)).toContain('cost');
      for (const query of [{ filters: [{ field: 'cost', op: 'eq' as const, value: 880 }] }, { sort: [{ field: 'cost', order: 'asc' as const }] }]) {
        expect((await supplier().list(tokens.seller, query)).body).toEqual({ code: 400, msg: '字段 cost 不存在', data: null });
      }
      await supplier().update(tokens.admin, record.id, record.version, { cost: 990 });
      const history = (await supplier().history(tokens.seller, record.id)).body.data.rows;
      expect(history.flatMap((h) => h.changes.map((c) => c.field))).not.toContain('cost');
      record = (await supplier().get(tokens.admin, record.id)).body.data;
    });

    it('refuses writes to hidden and read-only fields, and passes a read-only value sent back unchanged', async () => {
      expect((await supplier().create(tokens.seller, { name: '越权', cost: 1 })).body).toEqual({ code: 400, msg: '没有权限修改字段「cost」', data: null });
      expect((await supplier().create(tokens.seller, { name: '越权', grade: 'a' })).body).toEqual({ code: 400, msg: '字段「等级」不能修改', data: null });
      const seen = (await supplier().get(tokens.seller, record.id)).body.data;
      expect((await supplier().update(tokens.seller, record.id, seen.version, { ...seen, grade: 'a' })).body.msg).toBe('字段「等级」不能修改');
      const saved = await supplier().update(tokens.seller, record.id, seen.version, { ...seen, contact: '王经理' });
      expect(saved.body.code).toBe(200);
      // The hidden value survives an edit by someone who cannot see it.
      expect((await supplier().get(tokens.admin, record.id)).body.data).toMatchObject({ contact: '王经理', cost: 990, grade: 'b' });
    });
  });

  it('scopes records to the caller’s team: another team’s id is not found and never listed', async () => {
    const { data: record } = (await goods().create(tokens.seller, { sku: 'T-TEAM', name: '团队商品', price_fen: 100 })).body;
    const notFound = { code: 404, msg: '记录不存在', data: null };
    expect((await goods().get(tokens.sunli, record.id)).body).toEqual(notFound);
    expect((await goods().update(tokens.sunli, record.id, 1, { price_fen: 1 })).body).toEqual(notFound);
    expect((await goods().remove(tokens.sunli, record.id)).body).toEqual(notFound);
    expect((await goods().history(tokens.sunli, record.id)).body).toEqual(notFound);
    expect((await goods().bulkDelete(tokens.sunli, [record.id])).status).toBe(404);
    expect((await goods().list(tokens.sunli, { filters: [{ field: 'id', op: 'eq', value: record.id }] })).body.data.total).toBe(0);
    const sunliTeam = (await teamOf('sunli')).team_id;
    const all = (await goods().list(tokens.sunli, { pageSize: 1000 })).body.data.rows;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.team_id === sunliTeam)).toBe(true);
    // Administrators see every team, and only they move a record to another team.
    expect((await goods().get(tokens.admin, record.id)).body.code).toBe(200);
    expect((await goods().update(tokens.seller, record.id, 1, { team_id: sunliTeam })).body.msg).toBe('没有权限修改字段「team_id」');
    const moved = await goods().update(tokens.admin, record.id, 1, { team_id: sunliTeam });
    expect(moved.body.data.team_id).toBe(sunliTeam);
    expect((await goods().get(tokens.sunli, record.id)).body.code).toBe(200);
    expect((await goods().get(tokens.seller, record.id)).status).toBe(404);
  });

  it('checks each action’s permission code and refuses actions a resource does not have', async () => {
    expect((await goods().list(tokens.staff)).body).toEqual({ code: 403, msg: '没有权限', data: null });
    expect((await resourceApi(server, 'roles').list(tokens.seller)).status).toBe(403);
    expect((await supplier().remove(tokens.seller, 1)).status).toBe(403);
    const logs = resourceApi(server, 'system_logs');
    expect((await logs.list(tokens.admin)).body.code).toBe(200);
    for (const token of [tokens.admin, tokens.seller]) {
      expect((await logs.create(token, { action: 'x', result: 'ok' })).body).toEqual({ code: 400, msg: '该资源不支持此操作', data: null });
    }
    expect((await resourceApi(server, 'nope').list(tokens.admin)).body).toEqual({ code: 404, msg: '资源 nope 不存在', data: null });
    const visible = (await call<{ rows: ResourceDefinition[] }>(server, '/api/resources', { method: 'GET', token: tokens.seller })).body.data.rows.map((d) => d.name);
    expect(visible).toEqual(expect.arrayContaining(['goods', 'store_orders', 'purchases', 'dictionaries', 'supplier']));
    expect(visible).not.toContain('roles');
    expect(visible).not.toContain('users');
  });

  it('answers bad input with 400 naming the field, in the caller’s language, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sku: 'B-1', name: '坏', price_fen: 'abc' }, '售价：应当是 integer 类型'],
      [{ sku: 'B-1', price_fen: 1 }, '商品名称 为必填项'],
      [{ sku: 'B-1', name: '坏', price_fen: -5 }, '售价：应当为 >= 0'],
      [{ sku: 'B-1', name: '坏', price_fen: 1, status: 'sold' }, '状态：应当是预设定的枚举值之一'],
      [{ sku: 'B-1', name: '坏', price_fen: 1, colour: 'red' }, '字段 colour 不存在'],
      [{ sku: 'B-1', name: 'x'.repeat(201), price_fen: 1 }, '商品名称：不应多于 200 个字符'],
    ];
    for (const [values, msg] of cases) expect((await goods().create(tokens.seller, values)).body).toEqual({ code: 400, msg, data: null });
    expect((await goods().create(tokens.seller, { sku: 'B-1', name: '坏', price_fen: 'abc' }, 'en')).body.msg).toBe('Price: must be integer');

    await goods().create(tokens.seller, { sku: 'DUP-1', name: '重复', price_fen: 1 });
    expect((await goods().create(tokens.seller, { sku: 'DUP-1', name: '重复', price_fen: 1 })).body.msg).toBe('商品编码「DUP-1」已存在');
    // The SKU is unique per team: another team may use it.
    expect((await goods().create(tokens.sunli, { sku: 'DUP-1', name: '重复', price_fen: 1 })).body.code).toBe(200);

    const comments = resourceApi(server, 'goods_comments');
    const comment = { platform: 'douyin', buyer_nick: '买家', rating: 5, content: '好' };
    expect((await comments.create(tokens.seller, { ...comment, goods_id: 999_999 })).body.msg).toBe('商品：所选记录不存在');
    const otherTeamGoods = (await goods().list(tokens.sunli, { pageSize: 1 })).body.data.rows[0];
    expect((await comments.create(tokens.seller, { ...comment, goods_id: otherTeamGoods.id })).body.msg).toBe('商品：所选记录不存在');

    const badLists: Array<[unknown, string]> = [
      [{ filters: [{ field: 'nope', op: 'eq', value: 1 }] }, '字段 nope 不存在'],
      [{ filters: [{ field: 'price_fen', op: 'range', value: ['abc', null] }] }, '字段「售价」的筛选值无效'],
      [{ filters: [{ field: 'price_fen', op: 'contains', value: '1' }] }, '字段「售价」不支持 contains 筛选'],
      [{ filters: [{ field: 'name', op: 'dateRange', value: ['2026-01-01', null] }] }, '字段「商品名称」不支持 dateRange 筛选'],
      [{ sort: [{ field: 'nope', order: 'asc' }] }, '字段 nope 不存在'],
    ];
    for (const [query, msg] of badLists) expect((await call(server, '/api/resources/goods/list', { token: tokens.seller, body: query })).body).toEqual({ code: 400, msg, data: null });
    const schemaRefusal = await call(server, '/api/resources/goods/list', { token: tokens.seller, body: { pageSize: 5000 } });
    expect(schemaRefusal.status).toBe(400);
    expect(schemaRefusal.body.msg).toContain('pageSize');
    expect((await call(server, '/api/resources/Bad-Name/list', { token: tokens.seller, body: {} })).status).toBe(400);
    expect((await goods().update(tokens.seller, 999_999, 1, { name: 'x' })).status).toBe(404);

    // A team still has members: deleting it would orphan them.
    const team = (await teamOf('sunli')).team_id;
    const teams = resourceApi(server, 'teams');
    const version = (await teams.get(tokens.admin, team)).body.data.version;
    expect((await teams.remove(tokens.admin, team, version)).body).toEqual({ code: 409, msg: '记录仍被其他数据引用，不能删除', data: null });
  });

  it('numbers new documents left without a number', async () => {
    const purchases = resourceApi(server, 'purchases');
    const first = (await purchases.create(tokens.seller, { supplier: '广州白马服装批发行', goods_name: 'T恤', quantity: 10, amount_fen: 59000 })).body.data;
    const second = (await purchases.create(tokens.seller, { supplier: '广州白马服装批发行', goods_name: 'T恤', quantity: 5, amount_fen: 29500 })).body.data;
    expect(first.purchase_no).toMatch(/^CG\d{12}$/);
    expect(Number(String(second.purchase_no).slice(-4))).toBe(Number(String(first.purchase_no).slice(-4)) + 1);
    expect(first.status).toBe('draft');
  });

  it('takes every seeded record of every built-in resource back unchanged, as a form sends it', async () => {
    const definitions = (await call<{ rows: ResourceDefinition[] }>(server, '/api/resource-defs/list', { token: tokens.admin })).body.data.rows;
    const writable = definitions.filter((d) => d.kind === 'builtin' && (d.actions ?? ['update']).includes('update'));
    expect(writable.length).toBeGreaterThan(15);
    for (const definition of writable) {
      const api = resourceApi(server, definition.name);
      const rows = (await api.list(tokens.admin, { pageSize: 200 })).body.data.rows;
      expect(rows.length, definition.name).toBeGreaterThan(0);
      for (const row of rows) {
        const answer = await api.update(tokens.admin, row.id, row.version, row);
        expect(answer.body, `${definition.name} #${row.id}: ${answer.body.msg}`).toMatchObject({ code: 200, data: { version: row.version } });
      }
    }
    // About a thousand round trips: seconds alone, far more on a machine the whole suite shares.
  }, 90_000);

  describe('users', () => {
    const users = () => resourceApi(server, 'users');

    it('never shows a password hash, and team managers reach only their team', async () => {
      const rows = (await users().list(tokens.qianwei, { pageSize: 100 })).body.data.rows;
      const team = (await teamOf('qianwei')).team_id;
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((r) => r.team_id === team && !('password_hash' in r))).toBe(true);
      expect((await users().get(tokens.qianwei, (await teamOf('admin')).id)).status).toBe(404);
      expect((await users().remove(tokens.qianwei, (await teamOf('zhaolei')).id)).status).toBe(403);
    });

    it('takes a new lock version when another route changes the user, so a form opened before gets 409', async () => {
      const sunli = (await teamOf('sunli')).id;
      const opened = (await users().get(tokens.admin, sunli)).body.data;
      expect((await call(server, '/api/index/profile/update', { token: tokens.sunli, body: { name: '孙丽（新）' } })).body.code).toBe(200);
      const stale = await users().update(tokens.admin, sunli, opened.version, { name: '旧表单的名字' });
      expect(stale.status).toBe(409);
      const fresh = (await users().get(tokens.admin, sunli)).body.data;
      expect(fresh).toMatchObject({ name: '孙丽（新）', version: opened.version + 1 });
      expect((await call(server, '/api/admin/user/status', { token: tokens.admin, body: { user_id: sunli, status: 1 } })).body.code).toBe(200);
      expect((await users().get(tokens.admin, sunli)).body.data.version).toBe(fresh.version + 1);
    });

    it('creates a member who can only sign in after setting a password, and signs out a disabled one', async () => {
      const created = await users().create(tokens.qianwei, { username: 'newbie', name: '新同事', mobile: '13911119999' });
      expect(created.body.data).toMatchObject({ username: 'newbie', status: 1, team_id: (await teamOf('qianwei')).team_id });
      const login = await call(server, '/api/public/login-do', { body: { username: 'newbie', password: '!unset' } });
      expect(login.body.code).toBe(400);

      const victim = (await teamOf('zhaolei')).id;
      const session = (await loginAs(server, 'zhaolei', 'demo123456')).token;
      const before = (await users().get(tokens.qianwei, victim)).body.data;
      expect((await users().update(tokens.qianwei, victim, before.version, { status: 0 })).body.code).toBe(200);
      expect((await goods().list(session)).status).toBe(401);
      await users().update(tokens.qianwei, victim, before.version + 1, { status: 1 });
      tokens.zhaolei = (await loginAs(server, 'zhaolei', 'demo123456')).token;
    });

    it('refuses deleting one’s own account', async () => {
      const me = (await teamOf('admin')).id;
      expect((await users().remove(tokens.admin, me)).body).toEqual({ code: 400, msg: '不能删除自己的账号', data: null });
    });
  });
});
