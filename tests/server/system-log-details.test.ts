/**
 * 系统日志's details read in their reader's words: a record's changed fields by their titles, a
 * workflow step's states by their labels, a refused login by its reason, in the list and the export,
 * in Chinese or English; the log itself keeps what was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoTokens, DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import type { ListPage, ListQuery, ResourceDefinition } from '../../src/contract/resource';
import type { GoodsBatch, GoodsOperation, GoodsPreview } from '../../src/contract/api/goods-management';
import { defaultScreen } from '../../src/contract/screen-defaults';
import { samplePosterDoc } from '../support/poster-doc';
import type { Poster } from '../../src/contract/api/posters';

describe.each(DIALECTS)('系统日志 details on %s', (dialect) => {
  let server: TestServer;
  let tokens: Record<'admin' | 'seller', string>;
  let askId: number;

  /** The log's lines about one target, oldest first, as the administrator reads them. */
  const details = async (filter: ListQuery['filters'], lang = 'zh') => {
    const query: ListQuery = { filters: filter, sort: [{ field: 'id', order: 'asc' }], pageSize: 100 };
    const page = await call<ListPage>(server, '/api/resources/system_logs/list', { token: tokens.admin, body: query, headers: { 'accept-language': lang } });
    expect(page.body.code).toBe(200);
    return page.body.data.rows.map((row) => [row.action, row.detail, row.target]);
  };
  const ofAsk = (lang?: string) => details([{ field: 'target', op: 'eq', value: `price_asks:${askId}` }], lang);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    tokens = await demoTokens(server, ['admin', 'seller'] as const);
    const asks = resourceApi(server, 'price_asks');
    const ask = (await asks.create(tokens.seller, { goods_name: '不锈钢球阀', quantity: 2 })).body.data;
    askId = ask.id;
    expect((await asks.update(tokens.seller, ask.id, ask.version, { quantity: 5 })).body.code).toBe(200);
    for (const step of ['urge', 'close']) expect((await call(server, `/api/resources/price_asks/${ask.id}/actions/${step}`, { token: tokens.seller, body: {} })).body.code).toBe(200);
  });
  afterAll(() => server.close());

  it('names changed fields by their titles and a step’s states by their labels, in the reader’s language', async () => {
    const zh = await ofAsk();
    expect(zh.map(([action]) => action)).toEqual(['resource-create', 'resource-update', 'resource-urge', 'resource-close']);
    expect(zh[0][1]).toContain('商品名称、数量');
    expect(zh[1][1]).toBe('数量');
    // 催报价 keeps the ask's state: it reads as that state once.
    expect(zh[2][1]).toBe('待报价');
    expect(zh[3][1]).toBe('待报价 → 已关闭');
    // The record by its resource's title; a filter still names it as stored.
    expect(zh[0][2]).toBe(`询价单 #${askId}`);
    const en = await ofAsk('en');
    expect(en[0][1]).toContain('Goods, Quantity');
    expect(en[1][1]).toBe('Quantity');
    expect(en[3][1]).toBe('Pending → Closed');
    expect(en[0][2]).toBe(`Price asks #${askId}`);
    // What was written stays as written: words are the reader's, made as the log is read.
    const stored = await server.database.db.selectFrom('system_logs').select('detail').where('target', '=', `price_asks:${askId}`).orderBy('id').execute();
    expect(stored.map((row) => row.detail).slice(1)).toEqual(['quantity', 'pending→pending', 'pending→closed']);
  });

  it('gives a refused login its reason', async () => {
    const refused = await call(server, '/api/public/login-do', { body: { username: 'seller', password: 'not-the-password' } });
    expect(refused.body.code).toBe(400);
    const failures = [{ field: 'username', op: 'eq' as const, value: 'seller' }, { field: 'result', op: 'eq' as const, value: 'fail' }];
    expect((await details(failures)).at(-1)).toEqual(['login', '用户名或密码错误', '']);
    expect((await details(failures, 'en')).at(-1)).toEqual(['login', 'Wrong user name or password', '']);
  });

  it('names a notice’s recipients: everyone, or a team by its resource’s title', async () => {
    const { id: team } = await server.database.db.selectFrom('teams').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const recipients of [{ target_kind: 'all' }, { target_kind: 'team', target_id: team }]) {
      const sent = await call(server, '/api/admin/notices', { token: tokens.admin, body: { type: 1, content: '盘点通知', find_id: 'P-9', ...recipients } });
      expect(sent.body.code).toBe(200);
    }
    const notices = [{ field: 'action', op: 'eq' as const, value: 'create-notice' }];
    expect((await details(notices)).slice(-2).map(([, , target]) => target)).toEqual(['全体用户', `团队 #${team}`]);
    expect((await details(notices, 'en')).slice(-2).map(([, , target]) => target)).toEqual(['Everyone', `Teams #${team}`]);
  });

  it('reads a goods batch, an undo, a poster, a screen’s versions and a menu binding in words', async () => {
    const { db } = server.database;
    const { team_id: team } = await db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    const goods = await db.selectFrom('goods').select('id').where('team_id', '=', team).orderBy('id').limit(2).execute();
    const operation: GoodsOperation = { kind: 'price', mode: 'add', fen: 100 };
    const seen = await call<GoodsPreview>(server, '/api/goods/management/preview', { token: tokens.seller, body: { operation, selection: { ids: goods.map(({ id }) => id) } } });
    const applied = await call<GoodsBatch>(server, '/api/goods/management/apply', { token: tokens.seller, body: { operation, goods: seen.body.data.rows.map(({ id, version }) => ({ id, version })) } });
    expect(applied.body.code).toBe(200);
    const undone = await call<GoodsBatch>(server, `/api/goods/management/batches/${applied.body.data.id}/undo`, { token: tokens.seller, body: {} });
    expect(undone.body.code).toBe(200);
    const poster = await call<Poster>(server, '/api/goods/posters', { token: tokens.seller, body: { name: '双十二海报', doc: samplePosterDoc() } });
    expect(poster.body.code).toBe(200);

    const definition = { name: 'log_words_test', title: { zh: '测试资源', en: 'Test' }, kind: 'custom', labelField: 'name', teamScoped: true, version: 1, fields: [{ name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string' }] };
    expect((await call(server, '/api/resource-defs/save', { token: tokens.admin, body: { definition } })).body.code).toBe(200);
    const id = `custom/${definition.name}`;
    for (const width of [120, 160]) {
      const screen = defaultScreen(definition as ResourceDefinition, id);
      expect((await call(server, '/api/screens/save', { token: tokens.admin, body: { screen: { ...screen, list: { ...screen.list!, columns: [{ field: 'name', width }] } } } })).body.code).toBe(200);
      expect((await call(server, '/api/screens/publish', { token: tokens.admin, body: { id } })).body.code).toBe(200);
    }
    expect((await call(server, '/api/screens/rollback', { token: tokens.admin, body: { id, version: 1 } })).body.code).toBe(200);
    const { id: role } = await db.selectFrom('roles').select('id').where('code', '=', 'seller').executeTakeFirstOrThrow();
    const bind = { id, parent_id: null, name: 'LogWordsTest', title: { zh: '测试', en: 'Test' }, role_ids: [role] };
    expect((await call(server, '/api/screens/menu-bind', { token: tokens.admin, body: bind })).body.code).toBe(200);

    const lines = (lang: string) => details([{ field: 'action', op: 'in', value: ['goods-batch', 'goods-batch-undo', 'poster-create', 'screen-publish', 'screen-rollback', 'screen-menu-bind'] }], lang);
    const batchNo = (batch: typeof applied) => batch.body.data.batch_no;
    expect((await lines('zh')).slice(-7)).toEqual([
      ['goods-batch', '调价，2 件商品', `批次 ${batchNo(applied)}`],
      ['goods-batch-undo', '撤销，2 件商品', `批次 ${batchNo(undone)}`],
      ['poster-create', '双十二海报', `海报 #${poster.body.data.id}`],
      ['screen-publish', '第 1 版', id],
      ['screen-publish', '第 2 版', id],
      ['screen-rollback', '第 1 版 → 第 3 版', id],
      ['screen-menu-bind', `LogWordsTest → 角色 #${role}`, id],
    ]);
    expect((await lines('en')).slice(-7).map(([, detail, target]) => [detail, target])).toEqual([
      ['Reprice, 2 goods', `Batch ${batchNo(applied)}`],
      ['Undo, 2 goods', `Batch ${batchNo(undone)}`],
      ['双十二海报', `Poster #${poster.body.data.id}`],
      ['version 1', id],
      ['version 2', id],
      ['version 1 → version 3', id],
      [`LogWordsTest → roles #${role}`, id],
    ]);
  });

  it('exports the details in words', async () => {
    const query = encodeURIComponent(JSON.stringify({ filters: [{ field: 'target', op: 'eq', value: `price_asks:${askId}` }] }));
    const answer = await fetch(`${server.url}/api/resources/system_logs/export?format=csv&query=${query}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
    const text = await answer.text();
    expect(text).toContain('待报价 → 已关闭');
    expect(text).not.toContain('pending→closed');
  });
});
