import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import { openDatabase } from '../../server/db/open';
import { createCustomResource, listResourceDefinitions, resourceRegistry } from '../../server/resources/definitions';
import { carriedLabel, type ResourceDefinition, type ResourceField } from '../../src/contract/resource';
import type { DesignedResource } from '../../src/contract/api/resources';
import type { Static } from '../../src/contract/schema';

describe.each(DIALECTS)('admin-defined resources on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let seller: string;
  const vendor = () => resourceApi(server, 'vendor');

  const base = {
    name: 'vendor',
    title: { zh: '供应商', en: 'Vendors' },
    labelField: 'name',
    teamScoped: true,
  };
  const name = f('name', 'string', '名称', 'Name', { required: true, searchable: true });
  const contact = f('contact', 'string', '联系人', 'Contact');
  const owner = f('owner', 'lookup', '负责人', 'Owner', { lookup: { resource: 'users', label: 'name' } });
  let definition: ResourceDefinition;

  async function save(fields: ResourceField[], extra: Partial<ResourceDefinition> = {}) {
    const answer = await saveDefinition(server, admin, { ...base, version: definition?.version ?? 1, fields, ...extra });
    if (answer.body.code === 200) definition = answer.body.data;
    return answer;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    expect((await save([name, contact, owner])).body.code).toBe(200);
  });
  afterAll(() => server.close());

  it('is for administrators only', async () => {
    const refused = await saveDefinition(server, seller, { ...base, name: 'mine', version: 1, fields: [name] });
    expect(refused.body).toEqual({ code: 403, msg: '没有权限', data: null });
    expect((await call(server, '/api/resource-defs/list', { token: seller })).status).toBe(403);
  });

  it('gets a real table at once, with lookup labels into built-in resources', async () => {
    const me = await server.database.db.selectFrom('users').select('id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    for (const n of ['甲', '乙', '丙']) expect((await vendor().create(seller, { name: `供应商${n}`, contact: `${n}经理`, owner: me.id })).body.code).toBe(200);
    const page = (await vendor().list(seller)).body.data;
    expect(page.total).toBe(3);
    for (const row of page.rows) expect(carriedLabel(row, 'owner')).toBe('王小美');
    const designed = (await call<Static<typeof DesignedResource>>(server, '/api/resource-defs/get', { token: admin, body: { name: 'vendor' } })).body.data;
    expect(designed).toMatchObject({ rows: 3, retired: [], definition: { name: 'vendor', kind: 'custom', version: 1 } });
  });

  it('adds fields to a resource with rows, usable at once without a restart', async () => {
    const rating = f('rating', 'integer', '评分', 'Rating', { default: 3, minimum: 1, maximum: 5 });
    const city = f('city', 'string', '城市', 'City', { indexed: true });
    expect((await save([name, contact, owner, rating, city])).body.data.version).toBe(2);
    const rows = (await vendor().list(seller, { sort: [{ field: 'id', order: 'asc' }] })).body.data.rows;
    expect(rows.map((r) => [r.rating, r.city])).toEqual([
      [3, null],
      [3, null],
      [3, null],
    ]);
    const first = rows[0];
    expect((await vendor().update(seller, first.id, first.version, { city: '广州', rating: 5 })).body.data).toMatchObject({ city: '广州', rating: 5 });
    expect((await vendor().create(seller, { name: '供应商丁', city: '深圳' })).body.data).toMatchObject({ city: '深圳', rating: 3 });
    const found = (await vendor().list(seller, { filters: [{ field: 'city', op: 'in', value: ['广州', '深圳'] }], sort: [{ field: 'rating', order: 'desc' }] })).body.data;
    expect(found.rows.map((r) => r.name)).toEqual(['供应商甲', '供应商丁']);
    expect((await vendor().create(seller, { name: '供应商戊', rating: 9 })).body.msg).toBe('评分：应当为 <= 5');
  });

  it('refuses a type change its data cannot follow, and allows one it can', async () => {
    const fields = definition.fields;
    const asText = fields.map((x) => (x.name === 'rating' ? { ...x, type: 'string' as const, minimum: undefined, maximum: undefined, default: undefined } : x));
    expect((await save(asText)).body).toEqual({
      code: 400,
      msg: '字段「评分」不能从 integer 改为 string：已有数据无法转换，请新建一个字段',
      data: null,
    });
    const widened = fields.map((x) => (x.name === 'contact' ? { ...x, type: 'text' as const } : x));
    expect((await save(widened)).body.code).toBe(200);
    expect(definition.fields.find((x) => x.name === 'contact')!.type).toBe('text');
  });

  it('keeps the data of a removed field, hidden, and shows it again when the field comes back', async () => {
    const withoutContact = definition.fields.filter((x) => x.name !== 'contact');
    expect((await save(withoutContact)).body.code).toBe(200);
    const rows = (await vendor().list(seller, { sort: [{ field: 'id', order: 'asc' }] })).body.data.rows;
    expect(rows[0]).not.toHaveProperty('contact');
    expect((await vendor().create(seller, { name: '供应商己', contact: 'x' })).body.msg).toBe('字段 contact 不存在');
    const designed = (await call<Static<typeof DesignedResource>>(server, '/api/resource-defs/get', { token: admin, body: { name: 'vendor' } })).body.data;
    expect(designed.retired).toEqual([{ name: 'contact', type: 'text' }]);
    expect((await save([...withoutContact, contact])).body.code).toBe(200);
    const back = (await vendor().list(seller, { sort: [{ field: 'id', order: 'asc' }] })).body.data.rows;
    expect(back[0].contact).toBe('甲经理');
  });

  it('answers 409 to a definition saved from a stale version', async () => {
    const stale = await saveDefinition(server, admin, { ...base, version: definition.version - 1, fields: definition.fields });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^资源定义已被 系统管理员 于 .+ 修改，请刷新后再保存$/);
  });

  it('refuses definitions that make no sense, naming what is wrong', async () => {
    const bad: Array<[Partial<ResourceDefinition>, string]> = [
      [{ name: 'goods', fields: [name] }, '内置资源 goods 不能修改或删除'],
      [{ name: 'odd', fields: [name, f('id', 'integer', '编号', 'Id')] }, '字段名 id 已被系统字段占用'],
      [{ name: 'odd', fields: [name, name] }, '字段名 name 重复'],
      [{ name: 'odd', fields: [name], labelField: 'title' }, 'labelField 引用的字段 title 不存在或不能使用'],
      [{ name: 'odd', fields: [name, f('level', 'enum', '等级', 'Level', { options: [] })] }, '枚举字段 level 需要至少一个选项，选项值不能重复，且须同为文本或同为整数'],
      [{ name: 'odd', fields: [name, f('boss', 'lookup', '上级', 'Boss', { lookup: { resource: 'nobody', label: 'name' } })] }, '关联字段 boss 关联的资源或显示字段不存在'],
      [{ name: 'odd', fields: [name, f('n', 'integer', '数', 'N', { default: 'x' })] }, '字段 n 的默认值无效：应当是 integer,null 类型'],
      [{ name: 'odd', fields: [name], indexes: [['nope']] }, 'indexes/0 引用的字段 nope 不存在或不能使用'],
      [{ name: 'odd', fields: [name], parentField: 'name' }, '上级字段 name 必须是关联本资源的关联字段'],
    ];
    for (const [extra, msg] of bad) {
      expect((await saveDefinition(server, admin, { ...base, version: 1, ...extra, fields: extra.fields! })).body).toEqual({ code: 400, msg, data: null });
    }
    const schema = await call(server, '/api/resource-defs/save', { token: admin, body: { definition: { ...base, kind: 'custom', version: 1, name: 'Bad Name', fields: [name] } } });
    expect(schema.status).toBe(400);
    expect(schema.body.msg).toContain('name');
  });

  it('refuses making a field unique while its values repeat', async () => {
    await vendor().create(seller, { name: '同名' });
    await vendor().create(seller, { name: '同名' });
    const unique = definition.fields.map((x) => (x.name === 'name' ? { ...x, unique: true } : x));
    expect((await save(unique)).body).toEqual({ code: 400, msg: '字段「名称」已有重复值，不能设为唯一', data: null });
    // The refused change left the definition as it was.
    expect((await call<Static<typeof DesignedResource>>(server, '/api/resource-defs/get', { token: admin, body: { name: 'vendor' } })).body.data.definition.version).toBe(definition.version);
  });

  it('is seen by another process within a second, without a restart', async () => {
    const other = openDatabase(server.config);
    try {
      const registry = resourceRegistry(other);
      const before = (await registry.get('vendor'))!.definition.version;
      expect((await save([...definition.fields, f('fax', 'string', '传真', 'Fax')])).body.code).toBe(200);
      await sleep(1100);
      const after = (await registry.get('vendor'))!.definition;
      expect(after.version).toBe(before + 1);
      expect(after.fields.map((x) => x.name)).toContain('fax');
    } finally {
      await other.close();
    }
  });

  it('can be created and listed from server code (the screen store)', async () => {
    const created = await createCustomResource(server.database, {
      name: 'coded',
      title: { zh: '代码创建', en: 'From code' },
      kind: 'custom',
      labelField: 'name',
      teamScoped: false,
      version: 1,
      fields: [name],
    });
    expect(created.version).toBe(1);
    expect((await listResourceDefinitions(server.database)).map((d) => d.name)).toEqual(expect.arrayContaining(['goods', 'users', 'vendor', 'coded']));
    await expect(createCustomResource(server.database, created)).rejects.toThrow('definitionExists');
    expect((await resourceApi(server, 'coded').create(seller, { name: '任意' })).body.code).toBe(200);
  });

  it('is deleted only when empty, with its table', async () => {
    const refused = await call(server, '/api/resource-defs/delete', { token: admin, body: { name: 'vendor' } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/^资源 vendor 还有 \d+ 条记录，清空后才能删除$/);
    const ids = (await vendor().list(admin, { pageSize: 100 })).body.data.rows.map((r) => r.id);
    expect((await vendor().bulkDelete(admin, ids)).body.data.deleted).toBe(ids.length);
    expect((await call(server, '/api/resource-defs/delete', { token: admin, body: { name: 'vendor' } })).body.code).toBe(200);
    expect((await vendor().list(seller)).body).toEqual({ code: 404, msg: '资源 vendor 不存在', data: null });
    expect((await call(server, '/api/resource-defs/delete', { token: admin, body: { name: 'goods' } })).body.msg).toBe('内置资源 goods 不能修改或删除');
    // The name is free again, for a new table.
    definition = undefined as unknown as ResourceDefinition;
    expect((await save([name])).body.data.version).toBe(1);
    expect((await vendor().list(seller)).body.data.total).toBe(0);
  });
});
