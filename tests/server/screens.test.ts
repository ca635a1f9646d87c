import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { ResolvedScreen, Screen, ScreenProblem } from '../../src/contract/screen';
import type { ScreenDetail, ScreenSummary, ScreenVersion } from '../../src/contract/api/screens';
import type { MenuNode, RoleGrants } from '../../src/contract/api/menus';
import type { MenuItem } from '../../src/contract/api/auth';
import type { ResourceDefinition } from '../../src/contract/resource';
import { defaultScreen } from '../../src/contract/screen-defaults';
import { loadBundledScreens } from '../../server/screens/bundled';

const supplier: ResourceDefinition = {
  name: 'supplier_test',
  title: { zh: '供应商', en: 'Suppliers' },
  kind: 'custom',
  labelField: 'name',
  teamScoped: true,
  version: 1,
  fields: [
    { name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string', required: true, searchable: true, indexed: true },
    { name: 'contact', title: { zh: '联系人', en: 'Contact' }, type: 'string' },
  ],
};

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children)]);
}

describe('bundled screens', () => {
  it('every file in schemas/ passes the meta-schema and is named after its vue_path', () => {
    const bundled = loadBundledScreens();
    expect(bundled.refused).toEqual([]);
    expect(bundled.all().length).toBeGreaterThan(0);
  });
});

describe.each(DIALECTS)('the screen store on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  let seller: string;
  const id = `custom/${supplier.name}`;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    admin = (await loginAs(server, 'admin', 'admin123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    const saved = await call(server, '/api/resource-defs/save', { token: admin, body: { definition: supplier } });
    expect(saved.body.code).toBe(200);
  });
  afterAll(() => server.close());

  const save = (screen: unknown, token = admin) => call<{ problems: ScreenProblem[] } | null>(server, '/api/screens/save', { token, body: { screen } });

  it('refuses a screen that fails, naming each path and reason, and stores nothing', async () => {
    const screen = defaultScreen(supplier, id);
    const broken = { ...screen, list: { ...screen.list!, columns: [{ field: 'name', width: 10 }, { field: 'phone' }] } };
    const refused = await save(broken);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('页面定义有 1 处问题，未保存');
    expect(refused.body.data!.problems).toEqual([
      { path: '/list/columns/0/width', message: '应当为 >= 40' },
    ]);
    const missingField = await save({ ...screen, list: { ...screen.list!, columns: [{ field: 'phone' }] } });
    expect(missingField.body.data!.problems).toEqual([{ path: '/list/columns/0/field', message: `资源 ${supplier.name} 没有字段 phone` }]);
    expect((await call(server, '/api/screens/get', { token: admin, body: { id } })).status).toBe(404);
  });

  it('keeps a draft, publishes versions, diffs and rolls back', async () => {
    const screen = defaultScreen(supplier, id);
    expect((await save(screen)).body.code).toBe(200);
    // A draft is not what consoles draw.
    expect((await call<ResolvedScreen | null>(server, '/api/screens/resolve', { token: admin, body: { vue_path: id } })).body.data).toBeNull();

    const first = await call<{ version: number }>(server, '/api/screens/publish', { token: admin, body: { id } });
    expect(first.body.data.version).toBe(1);
    const resolved = await call<ResolvedScreen>(server, '/api/screens/resolve', { token: admin, body: { vue_path: id } });
    expect(resolved.body.data).toMatchObject({ source: 'published', screen: { id, version: 1 } });

    const wider: Screen = { ...screen, list: { ...screen.list!, columns: [...screen.list!.columns, { field: 'contact', width: 120 }] } };
    await save(wider);
    const detail = await call<ScreenDetail>(server, '/api/screens/get', { token: admin, body: { id } });
    expect(detail.body.data.draft!.list!.columns.at(-1)).toEqual({ field: 'contact', width: 120 });
    expect(detail.body.data.published!.version).toBe(1);
    expect((await call<{ version: number }>(server, '/api/screens/publish', { token: admin, body: { id } })).body.data.version).toBe(2);

    const rollback = await call<{ version: number }>(server, '/api/screens/rollback', { token: admin, body: { id, version: 1 } });
    expect(rollback.body.data.version).toBe(3);
    const versions = (await call<ScreenVersion[]>(server, '/api/screens/versions', { token: admin, body: { id } })).body.data;
    expect(versions.map((v) => [v.version, v.restored_from])).toEqual([[3, 1], [2, null], [1, null]]);
    expect(versions[0]!.screen.list!.columns).toEqual(versions[2]!.screen.list!.columns);
    expect(versions[0]!.published_by).toBe('系统管理员');

    const again = await call(server, '/api/screens/publish', { token: admin, body: { id } });
    expect(again.body).toMatchObject({ code: 400, msg: '没有待发布的草稿' });
    const list = (await call<ScreenSummary[]>(server, '/api/screens/list', { token: admin })).body.data;
    expect(list.find((s) => s.id === id)).toMatchObject({ source: 'published', published_version: 3, has_draft: false });
  });

  it('keeps the designer to those who hold its permission', async () => {
    expect((await save(defaultScreen(supplier, id), seller)).status).toBe(403);
    expect((await call(server, '/api/screens/list', { token: seller })).status).toBe(403);
    expect((await call(server, '/api/menus/tree', { token: seller })).status).toBe(403);
  });

  it('binds a screen to a menu item for a role, which its users see at their next sign-in', async () => {
    const tree = (await call<MenuNode[]>(server, '/api/menus/tree', { token: admin })).body.data;
    const common = tree.find((n) => n.name === 'Common')!;
    const roles = await call<{ rows: { id: number; code: string }[] }>(server, '/api/resources/roles/list', { token: admin, body: { pageSize: 50 } });
    const sellerRole = roles.body.data.rows.find((r) => r.code === 'seller')!;
    const bound = await call<{ menu_id: number; path: string; permission: string }>(server, '/api/screens/menu-bind', {
      token: admin,
      body: { id, parent_id: common.id, name: 'SupplierTest', title: { zh: '供应商', en: 'Suppliers' }, icon: 'ShopOutlined', role_ids: [sellerRole.id] },
    });
    expect(bound.body.data).toMatchObject({ path: `/${id}`, permission: 'menu:SupplierTest' });

    const fresh = (await loginAs(server, 'seller', 'seller123')).token;
    const init = await call<{ menu: MenuItem[]; permission: string[] }>(server, '/api/index/index-init', { token: fresh });
    const item = flatten(init.body.data.menu).find((m) => m.vue_path === id);
    expect(item).toMatchObject({ path: `/${id}`, name: 'SupplierTest', title: { zh: '供应商', en: 'Suppliers' } });
    expect(init.body.data.permission).toContain('menu:SupplierTest');
    // Staff (another role) does not see it.
    const staff = (await loginAs(server, 'staff', 'staff123')).token;
    const staffInit = await call<{ menu: MenuItem[] }>(server, '/api/index/index-init', { token: staff });
    expect(flatten(staffInit.body.data.menu).some((m) => m.vue_path === id)).toBe(false);

    const clash = await call(server, '/api/screens/menu-bind', {
      token: admin,
      body: { id: 'custom/other', parent_id: null, name: 'SupplierTest', title: { zh: '别的', en: 'Other' }, role_ids: [] },
    });
    expect(clash.body).toMatchObject({ code: 409, msg: '路由名称 SupplierTest 已被其他菜单使用' });
  });

  it('moves menu items and refuses cycles', async () => {
    const tree = (await call<MenuNode[]>(server, '/api/menus/tree', { token: admin })).body.data;
    const goods = tree.find((n) => n.name === 'Goods')!;
    const [first, second] = goods.children;
    const moved = await call<MenuNode[]>(server, '/api/menus/move', { token: admin, body: { id: first!.id, parent_id: goods.id, index: 1 } });
    const after = moved.body.data.find((n) => n.id === goods.id)!;
    expect(after.children.slice(0, 2).map((c) => c.id)).toEqual([second!.id, first!.id]);
    const cycle = await call(server, '/api/menus/move', { token: admin, body: { id: goods.id, parent_id: first!.id, index: 0 } });
    expect(cycle.body).toMatchObject({ code: 400, msg: '不能把菜单移到它自己或它的下级菜单下' });
  });

  it("reads and replaces a role's grants, never the administrator's", async () => {
    const roles = await call<{ rows: { id: number; code: string }[] }>(server, '/api/resources/roles/list', { token: admin, body: { pageSize: 50 } });
    const quoter = roles.body.data.rows.find((r) => r.code === 'quoter')!;
    const adminRole = roles.body.data.rows.find((r) => r.code === 'admin')!;
    const grants = (await call<RoleGrants>(server, '/api/roles/grants/get', { token: admin, body: { role_id: quoter.id } })).body.data;
    expect(grants.menu_ids.length).toBeGreaterThan(3);
    const saved = await call(server, '/api/roles/grants/save', { token: admin, body: { ...grants, permissions: [...grants.permissions, 'user:manage', '*'] } });
    expect(saved.body.code).toBe(200);
    const after = (await call<RoleGrants>(server, '/api/roles/grants/get', { token: admin, body: { role_id: quoter.id } })).body.data;
    expect(after.permissions).toContain('user:manage');
    expect(after.permissions).not.toContain('*');
    expect(after.menu_ids).toEqual(grants.menu_ids);
    const fixed = await call(server, '/api/roles/grants/save', { token: admin, body: { role_id: adminRole.id, menu_ids: [], permissions: [] } });
    expect(fixed.status).toBe(403);
  });
});
