/**
 * 商品管理 over the real server: a seller previews a batch (before → after, warnings) and applies it
 * to their team's goods in one go (each goods' history kept), sees it in 操作记录 and undoes it; a
 * goods changed since the preview refuses the whole batch, as does one changed since a batch for its
 * undo; another team neither sees nor touches it; a reader of goods only looks; an administrator
 * names the team; too big a batch and bad input are refused in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, demoTokens, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { hashPassword } from '../../server/auth/passwords';
import type { GoodsApplyBody, GoodsBatch, GoodsBatchDetail, GoodsBatchPage, GoodsManagementList, GoodsManagementOverview, GoodsOperation, GoodsPreview, GoodsSelection } from '../../src/contract/api/goods-management';
import type { ResourceRecord } from '../../src/contract/resource';

const PASSWORD = 'viewer-pass-1';
const CATEGORY = '批量测试';

describe.each(DIALECTS)('商品管理 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<'seller' | 'sunli' | 'admin' | 'staff' | 'viewer', string> = { seller: '', sunli: '', admin: '', staff: '', viewer: '' };
  const goods: Record<'tea' | 'cup' | 'pot' | 'other', ResourceRecord> = {} as never;
  let sellerTeam = 0;

  const goodsApi = () => resourceApi(server, 'goods');
  const read = async (record: ResourceRecord) => (await goodsApi().get(tokens.admin, record.id)).body.data;
  const overview = (token: string, team?: number) => call<GoodsManagementOverview>(server, `/api/goods/management/overview${team ? `?team_id=${team}` : ''}`, { method: 'GET', token });
  const list = (token: string, body: Record<string, unknown>) => call<GoodsManagementList>(server, '/api/goods/management/goods', { token, body });
  const previewOf = (token: string, operation: GoodsOperation, selection?: GoodsSelection, team?: number) =>
    call<GoodsPreview>(server, '/api/goods/management/preview', { token, body: { operation, ...(selection ? { selection } : {}), ...(team ? { team_id: team } : {}) } });
  const apply = (token: string, body: GoodsApplyBody) => call<GoodsBatch>(server, '/api/goods/management/apply', { token, body });
  /** Previews the operation on the selection and applies it as previewed. */
  const previewThenApply = async (token: string, operation: GoodsOperation, selection?: GoodsSelection, extra: Partial<GoodsApplyBody> = {}) => {
    const seen = await previewOf(token, operation, selection, extra.team_id);
    expect(seen.body.code).toBe(200);
    return apply(token, { operation, goods: seen.body.data.rows.map(({ id, version }) => ({ id, version })), ...extra });
  };
  const batches = (token: string) => call<GoodsBatchPage>(server, '/api/goods/management/batches', { method: 'GET', token });
  const undo = (token: string, id: number) => call<GoodsBatch>(server, `/api/goods/management/batches/${id}/undo`, { token, body: {} });
  const ours = { ids: [] as number[] };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server.database;
    Object.assign(tokens, await demoTokens(server, ['seller', 'sunli', 'admin', 'staff']));
    const now = Date.now();
    sellerTeam = (await db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow()).team_id;
    // A reader of goods in the seller's team, who may look but not change.
    const viewer = (await db.insertInto('roles').values({ code: 'goods_viewer', name: '商品查看', role_type: 'seller', remark: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('role_permissions').values({ role_id: viewer, permission: 'goods:read' }).execute();
    const { id } = await db
      .insertInto('users')
      .values({ team_id: sellerTeam, department_id: null, username: 'goods_viewer', password_hash: await hashPassword(PASSWORD), name: '只读店员', logo: '', mobile: null, email: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role_id: viewer }).execute();
    tokens.viewer = (await loginAs(server, 'goods_viewer', PASSWORD)).token;

    const create = async (token: string, sku: string, price_fen: number, cost_fen: number, stock: number, status = 'on_sale', category = CATEGORY) =>
      (await goodsApi().create(token, { sku, name: `批量${sku}`, category, price_fen, cost_fen, stock, status })).body.data;
    goods.tea = await create(tokens.seller, 'BATCH-TEA', 1999, 1500, 20);
    goods.cup = await create(tokens.seller, 'BATCH-CUP', 1000, 950, 5);
    goods.pot = await create(tokens.seller, 'BATCH-POT', 5000, 2000, 0, 'draft');
    goods.other = await create(tokens.sunli, 'BATCH-OTHER', 800, 100, 9, 'on_sale', CATEGORY);
    ours.ids = [goods.tea.id, goods.cup.id, goods.pot.id];
  });
  afterAll(() => server.close());

  it('counts the team’s categories by status, for the team only; an administrator picks the team', async () => {
    const mine = (await overview(tokens.seller)).body.data;
    expect(mine).toMatchObject({ team_id: sellerTeam, team_name: '华南采购一部', teams: [], can_apply: true });
    expect(mine.categories.find((row) => row.category === CATEGORY)).toEqual({ category: CATEGORY, total: 3, on_sale: 2, off_sale: 0, draft: 1 });
    expect(mine.total).toBe(mine.on_sale + mine.off_sale + mine.draft);
    expect((await overview(tokens.sunli)).body.data.categories.find((row) => row.category === CATEGORY)?.total).toBe(1);
    expect((await overview(tokens.viewer)).body.data.can_apply).toBe(false);

    const admin = (await overview(tokens.admin)).body.data;
    expect(admin.team_id).toBeNull();
    expect(admin.teams.map((team) => team.name)).toContain('华南采购一部');
    expect((await overview(tokens.admin, sellerTeam)).body.data.categories.find((row) => row.category === CATEGORY)?.total).toBe(3);

    // A seller naming another team is refused; naming their own is as naming none.
    for (const refused of [await overview(tokens.sunli, sellerTeam), await list(tokens.sunli, { team_id: sellerTeam, filter: { category: CATEGORY } })]) {
      expect([refused.status, refused.body.code, refused.body.msg]).toEqual([403, 403, '没有权限']);
    }
    const sunliTeam = (await overview(tokens.sunli)).body.data.team_id!;
    expect((await overview(tokens.sunli, sunliTeam)).body.data.team_name).toBe('华东采购二部');
    const ownGoods = (await list(tokens.sunli, { team_id: sunliTeam, filter: { category: CATEGORY } })).body.data.rows.map((row) => row.sku);
    expect(ownGoods).toEqual(['BATCH-OTHER']);
    expect((await overview(tokens.staff)).status).toBe(403);
    const noTeam = await list(tokens.admin, { filter: {} });
    expect([noTeam.status, noTeam.body.msg]).toEqual([400, '请先选择要管理的团队']);
  });

  it('lists the team’s goods by category, keyword, status and stock', async () => {
    const skus = async (filter: Record<string, string>) => (await list(tokens.seller, { filter: { category: CATEGORY, ...filter } })).body.data.rows.map((row) => row.sku).sort();
    expect(await skus({})).toEqual(['BATCH-CUP', 'BATCH-POT', 'BATCH-TEA']);
    expect(await skus({ keyword: 'tea' })).toEqual(['BATCH-TEA']);
    expect(await skus({ status: 'draft' })).toEqual(['BATCH-POT']);
    expect(await skus({ stock: 'low' })).toEqual(['BATCH-CUP', 'BATCH-POT']);
    expect(await skus({ stock: 'out' })).toEqual(['BATCH-POT']);
    const page = (await list(tokens.seller, { filter: { category: CATEGORY }, pageSize: 2 })).body.data;
    expect([page.total, page.rows.length]).toEqual([3, 2]);
  });

  it('previews a 调价 (before → after, below cost warned) and changes nothing', async () => {
    const seen = await previewOf(tokens.seller, { kind: 'price', mode: 'percent', percent: -10 }, { filter: { category: CATEGORY } });
    expect(seen.body.code).toBe(200);
    const data = seen.body.data;
    expect(data).toMatchObject({ count: 3, changed: 3, blocked: 0, below_cost: 1 });
    // 19.99 × 0.9 = 17.991 → 17.99; 10.00 → 9.00 (under the 9.50 cost); 50.00 → 45.00.
    expect(data.rows.map((row) => [row.sku, row.before.price_fen, row.after.price_fen, row.warnings])).toEqual([
      ['BATCH-TEA', 1999, 1799, []],
      ['BATCH-CUP', 1000, 900, ['below_cost']],
      ['BATCH-POT', 5000, 4500, []],
    ]);
    expect((await read(goods.tea)).price_fen).toBe(1999);
    // Another team's goods are not found by id.
    const foreign = await previewOf(tokens.sunli, { kind: 'off_sale' }, { ids: [goods.tea.id] });
    expect([foreign.status, foreign.body.msg]).toEqual([400, '所选范围内没有商品']);
  });

  it('applies a batch in one go with each goods’ history, lists it in 操作记录 and undoes it', async () => {
    const applied = await previewThenApply(tokens.seller, { kind: 'price', mode: 'add', fen: -100 }, { filter: { category: CATEGORY }, except: [goods.pot.id] }, { note: '周末促销' });
    expect(applied.body.code).toBe(200);
    expect(applied.body.data).toMatchObject({ kind: 'price', params: { mode: 'add', fen: -100 }, note: '周末促销', goods_count: 2, user_name: '王小美', undone_at: null });
    expect(applied.body.data.batch_no).toMatch(/^PL\d{12,}$/);
    expect([(await read(goods.tea)).price_fen, (await read(goods.cup)).price_fen, (await read(goods.pot)).price_fen]).toEqual([1899, 900, 5000]);
    const history = (await goodsApi().history(tokens.seller, goods.tea.id)).body.data.rows;
    expect(history[0]).toMatchObject({ action: 'update', user_name: '王小美' });
    expect(history[0].changes).toContainEqual({ field: 'price_fen', before: 1999, after: 1899 });
    const logged = await server.database.db.selectFrom('system_logs').select(['action', 'detail']).where('target', '=', `goods_batches:${applied.body.data.batch_no}`).execute();
    expect(logged).toEqual([{ action: 'goods-batch', detail: 'price,2' }]);

    const listed = (await batches(tokens.seller)).body.data;
    expect(listed.rows[0]).toEqual(applied.body.data);
    expect((await batches(tokens.sunli)).body.data.rows.some((batch) => batch.id === applied.body.data.id)).toBe(false);
    const detail = await call<GoodsBatchDetail>(server, `/api/goods/management/batches/${applied.body.data.id}`, { method: 'GET', token: tokens.seller });
    expect(detail.body.data.items.map((item) => [item.sku, item.before, item.after])).toEqual([
      ['BATCH-TEA', { price_fen: 1999 }, { price_fen: 1899 }],
      ['BATCH-CUP', { price_fen: 1000 }, { price_fen: 900 }],
    ]);
    expect((await call(server, `/api/goods/management/batches/${applied.body.data.id}`, { method: 'GET', token: tokens.sunli })).status).toBe(404);
    expect((await undo(tokens.sunli, applied.body.data.id)).status).toBe(404);
    expect((await undo(tokens.viewer, applied.body.data.id)).status).toBe(403);

    const undone = await undo(tokens.seller, applied.body.data.id);
    expect(undone.body.code).toBe(200);
    expect(undone.body.data).toMatchObject({ kind: 'undo', params: { of: applied.body.data.batch_no }, goods_count: 2 });
    expect([(await read(goods.tea)).price_fen, (await read(goods.cup)).price_fen]).toEqual([1999, 1000]);
    const after = (await batches(tokens.seller)).body.data.rows;
    expect(after[0].id).toBe(undone.body.data.id);
    expect(after[1]).toMatchObject({ id: applied.body.data.id, undone_by: '王小美' });
    expect(after[1].undone_at).toBeGreaterThan(0);
    const twice = await undo(tokens.seller, applied.body.data.id);
    expect([twice.status, twice.body.msg]).toEqual([400, '该批量操作已经撤销过了']);
    expect((await undo(tokens.seller, undone.body.data.id)).body.msg).toBe('撤销记录本身不能再撤销');
  });

  it('refuses the whole batch when a goods changed since the preview, and an undo when one changed since the batch', async () => {
    const operation: GoodsOperation = { kind: 'stock', mode: 'add', quantity: 10, reason: '到货入库' };
    const seen = (await previewOf(tokens.seller, operation, { ids: ours.ids })).body.data;
    const cup = await read(goods.cup);
    await goodsApi().update(tokens.seller, cup.id, cup.version, { remark: '有人改过' });
    const refused = await apply(tokens.seller, { operation, goods: seen.rows.map(({ id, version }) => ({ id, version })) });
    expect([refused.status, refused.body.msg]).toEqual([409, '有 1 件商品在预览后被修改或删除，本次批量操作未执行，请重新预览']);
    expect([(await read(goods.tea)).stock, (await read(goods.pot)).stock]).toEqual([20, 0]);

    const applied = await previewThenApply(tokens.seller, operation, { ids: ours.ids });
    expect(applied.body.data.goods_count).toBe(3);
    expect([(await read(goods.tea)).stock, (await read(goods.cup)).stock, (await read(goods.pot)).stock]).toEqual([30, 15, 10]);
    const tea = await read(goods.tea);
    await goodsApi().update(tokens.seller, tea.id, tea.version, { stock: 29 });
    const blocked = await undo(tokens.seller, applied.body.data.id);
    expect([blocked.status, blocked.body.msg]).toEqual([409, '该批次的 3 件商品中有 1 件之后又被修改或删除，无法撤销']);
    expect((await read(goods.cup)).stock).toBe(15);
  });

  it('shows stock that would go negative and refuses to apply it; refuses a batch that changes nothing', async () => {
    const operation: GoodsOperation = { kind: 'stock', mode: 'subtract', quantity: 16, reason: '盘点损耗' };
    const seen = (await previewOf(tokens.seller, operation, { ids: ours.ids })).body.data;
    expect(seen).toMatchObject({ count: 3, blocked: 2 });
    expect(seen.rows.find((row) => row.sku === 'BATCH-CUP')).toMatchObject({ before: { stock: 15 }, after: { stock: -1 }, warnings: ['stock_negative'] });
    const refused = await apply(tokens.seller, { operation, goods: seen.rows.map(({ id, version }) => ({ id, version })) });
    expect([refused.status, refused.body.msg]).toEqual([400, '商品「批量BATCH-CUP」（BATCH-CUP）库存不足，扣减后将为负数（共 2 件），批量操作未执行']);
    expect((await read(goods.tea)).stock).toBe(29);

    const onSale = await previewThenApply(tokens.seller, { kind: 'on_sale' }, { ids: [goods.tea.id] });
    expect([onSale.status, onSale.body.msg]).toEqual([400, '所选商品都已是目标值，无需修改']);
  });

  it('moves goods between categories: 改类目, 重命名 and 合并', async () => {
    const moved = await previewThenApply(tokens.seller, { kind: 'category', category: '批量测试乙' }, { ids: [goods.pot.id] });
    expect(moved.body.code).toBe(200);
    const taken = await previewOf(tokens.seller, { kind: 'rename_category', from: CATEGORY, to: '批量测试乙' });
    expect([taken.status, taken.body.msg]).toEqual([400, '类目「批量测试乙」已存在，如需把商品并入该类目请使用“合并”']);
    const merged = await previewThenApply(tokens.seller, { kind: 'merge_category', from: '批量测试乙', to: CATEGORY });
    expect(merged.body.data).toMatchObject({ kind: 'merge_category', goods_count: 1 });
    const renamed = await previewThenApply(tokens.seller, { kind: 'rename_category', from: CATEGORY, to: '批量测试新' });
    expect(renamed.body.data.goods_count).toBe(3);
    const categories = (await overview(tokens.seller)).body.data.categories.map((row) => row.category);
    expect(categories).toContain('批量测试新');
    expect(categories).not.toContain(CATEGORY);
    expect((await read(goods.other)).category).toBe(CATEGORY);
    const missing = await previewOf(tokens.seller, { kind: 'merge_category', from: '没有这个类目', to: '批量测试新' });
    expect([missing.status, missing.body.msg]).toEqual([400, '类目「没有这个类目」不存在']);
  });

  it('lets an administrator work in a named team; a reader may not apply; too big a batch and bad input are refused', async () => {
    const admin = await previewThenApply(tokens.admin, { kind: 'off_sale' }, { ids: [goods.tea.id] }, { team_id: sellerTeam });
    expect(admin.body.data).toMatchObject({ kind: 'off_sale', goods_count: 1, user_name: '系统管理员' });
    expect((await read(goods.tea)).status).toBe('off_sale');
    expect((await batches(tokens.seller)).body.data.rows[0].id).toBe(admin.body.data.id);

    const seen = (await previewOf(tokens.viewer, { kind: 'on_sale' }, { ids: [goods.tea.id] })).body.data;
    const reader = await apply(tokens.viewer, { operation: { kind: 'on_sale' }, goods: seen.rows.map(({ id, version }) => ({ id, version })) });
    expect([reader.status, reader.body.msg]).toEqual([403, '没有权限']);

    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    const tooMany = await previewOf(tokens.seller, { kind: 'off_sale' }, { ids: many });
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, '一次最多批量处理 1000 件商品，当前选择了 1001 件，请缩小范围后再试']);
    const tooManyApplied = await apply(tokens.seller, { operation: { kind: 'off_sale' }, goods: many.map((id) => ({ id, version: 1 })) });
    expect(tooManyApplied.status).toBe(400);
    expect(tooManyApplied.body.msg).toContain('一次最多批量处理 1000 件商品');

    const bad: unknown[] = [
      { operation: { kind: 'explode' }, selection: { ids: [goods.tea.id] } },
      { operation: { kind: 'price', mode: 'percent', percent: -150 }, selection: { ids: [goods.tea.id] } },
      { operation: { kind: 'category', category: ' 前后空格 ' }, selection: { ids: [goods.tea.id] } },
      { operation: { kind: 'stock', mode: 'add', quantity: 1, reason: '' }, selection: { ids: [goods.tea.id] } },
      { operation: { kind: 'off_sale' }, selection: { ids: [] } },
    ];
    for (const body of bad) {
      const refused = await call(server, '/api/goods/management/preview', { token: tokens.seller, body });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const noSelection = await previewOf(tokens.seller, { kind: 'off_sale' });
    expect(noSelection.body.msg).toBe('请先选择要批量处理的商品');
  });

  it('seeds past batches for the demo shop', async () => {
    const rows = (await batches(tokens.seller)).body.data.rows;
    expect(rows.some((batch) => batch.note === '双十一调价' && batch.kind === 'price')).toBe(true);
    expect(rows.some((batch) => batch.note === '清仓下架' && batch.kind === 'off_sale')).toBe(true);
  });
});
