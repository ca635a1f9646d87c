/**
 * A transition's declared params and the transitions each reader may take: the server refuses a
 * missing or bad param with a Chinese message naming it, and every record it answers carries the
 * transitions its reader may take now (`_actions`), judged as the transition itself will be, through
 * team ownership and `via` alike, for an admin-defined workflow and for quoting's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import { ACTIONS_KEY, type ResourceRecord, type TimelineEntry, type Workflow } from '../../src/contract/resource';

const STATES = [
  { value: 'open', label: { zh: '待定价', en: 'Open' } },
  { value: 'priced', label: { zh: '已定价', en: 'Priced' } },
  { value: 'rejected', label: { zh: '已退回', en: 'Rejected' } },
];

const WORKFLOW: Workflow = {
  stateField: 'state',
  states: STATES,
  transitions: [
    {
      name: 'price',
      label: { zh: '定价', en: 'Price' },
      from: ['open'],
      to: 'priced',
      who: { owner: 'team' },
      params: [
        { name: 'amount_fen', title: { zh: '定价金额', en: 'Amount' }, type: 'money', required: true, minimum: 1 },
        { name: 'note', title: { zh: '备注', en: 'Note' }, type: 'string', maxLength: 10 },
      ],
    },
    {
      name: 'reject',
      label: { zh: '退回', en: 'Reject' },
      from: ['open'],
      to: 'rejected',
      who: { teamTypes: [2], owner: 'other' },
      params: [{ name: 'reason', title: { zh: '退回原因', en: 'Reason' }, type: 'text', required: true }],
    },
    { name: 'reopen', label: { zh: '重新打开', en: 'Reopen' }, from: ['rejected'], to: 'open', who: { owner: 'team' } },
  ],
  visibility: [
    { teamTypes: [1], rows: 'own' },
    { teamTypes: [2], rows: 'all' },
    { teamTypes: [3], rows: 'all' },
  ],
};

const actionsOf = (record: ResourceRecord | undefined) => (record as unknown as Record<string, unknown> | undefined)?.[ACTIONS_KEY];

describe.each(DIALECTS)('transition params and allowed transitions on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const passwords: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };
  const act = (resource: string, id: number, action: string, token: string, params?: Record<string, unknown>) =>
    call<ResourceRecord>(server, `/api/resources/${resource}/${id}/actions/${action}`, { token, body: params ? { params } : {} });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['admin', 'seller', 'sunli', 'staff']) tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
    for (const role of ['seller', 'quoter']) {
      const { id } = await server.database.db.selectFrom('roles').select('id').where('code', '=', role).executeTakeFirstOrThrow();
      await server.database.db.insertInto('role_permissions').values({ role_id: id, permission: 'price_review:use' }).execute();
    }
    const saved = await saveDefinition(server, tokens.admin, {
      name: 'price_review',
      title: { zh: '定价申请', en: 'Price reviews' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      permissions: { list: 'price_review:use', get: 'price_review:use', create: 'price_review:use' },
      fields: [f('title', 'string', '标题', 'Title', { required: true }), f('state', 'enum', '状态', 'State', { options: STATES, required: true })],
      workflow: WORKFLOW,
    });
    expect(saved.body.code).toBe(200);
  });
  afterAll(() => server.close());

  it('refuses a transition param that names no resource, or an enum param without options', async () => {
    const broken = (params: NonNullable<Workflow['transitions'][number]['params']>) =>
      saveDefinition(server, tokens.admin, {
        name: 'broken_params',
        title: { zh: '坏参数', en: 'Broken' },
        labelField: 'title',
        teamScoped: true,
        version: 1,
        fields: [f('title', 'string', '标题', 'Title', { required: true }), f('state', 'enum', '状态', 'State', { options: STATES, required: true })],
        workflow: { stateField: 'state', states: STATES, transitions: [{ name: 'price', label: { zh: '定价', en: 'Price' }, from: ['open'], to: 'priced', params }] },
      });
    expect((await broken([{ name: 'who', title: { zh: '人', en: 'Who' }, type: 'lookup', lookup: { resource: 'nowhere', label: 'name' } }])).body).toMatchObject({
      code: 400,
      msg: '流程定义有误：操作 price 的参数 who 须关联已有的资源',
    });
    expect((await broken([{ name: 'kind', title: { zh: '类型', en: 'Kind' }, type: 'enum' }])).body).toMatchObject({ code: 400, msg: '流程定义有误：操作 price 的参数 kind 须列出选项' });
  });

  it('tells each reader the transitions they may take now, and takes them only with valid params', async () => {
    const reviews = resourceApi(server, 'price_review');
    const made = (await reviews.create(tokens.seller, { title: '春季新品定价' })).body.data;
    // The owner team may price it; a quoting team (another team) may reject it; the admin may take both.
    expect(actionsOf(made)).toEqual(['price']);
    expect(actionsOf((await reviews.list(tokens.seller)).body.data.rows.find((r) => r.id === made.id))).toEqual(['price']);
    expect(actionsOf((await reviews.get(tokens.staff, made.id)).body.data)).toEqual(['reject']);
    expect(actionsOf((await reviews.get(tokens.admin, made.id)).body.data)).toEqual(['price', 'reject']);

    expect((await act('price_review', made.id, 'price', tokens.seller)).body).toMatchObject({ code: 400, msg: '定价金额 为必填项' });
    const zero = await act('price_review', made.id, 'price', tokens.seller, { amount_fen: 0 });
    expect(zero.body.code).toBe(400);
    expect(zero.body.msg).toMatch(/^定价金额 .*1/);
    expect((await act('price_review', made.id, 'price', tokens.seller, { amount_fen: '十元' })).body).toMatchObject({ code: 400 });
    expect((await act('price_review', made.id, 'price', tokens.seller, { amount_fen: 1000, note: '这是一条超过十个字的备注内容' })).body.msg).toMatch(/^备注 /);
    expect((await act('price_review', made.id, 'reject', tokens.staff, { reason: '   ' })).body).toMatchObject({ code: 400, msg: '退回原因 为必填项' });
    // Nothing refused changed the record.
    expect((await reviews.get(tokens.seller, made.id)).body.data).toMatchObject({ state: 'open', version: 1 });

    const rejected = await act('price_review', made.id, 'reject', tokens.staff, { reason: '  缺少成本价  ', unknown: 'dropped' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', version: 2 });
    // What the staff may do next: nothing (reopening is the owner's).
    expect(actionsOf(rejected.body.data)).toEqual([]);
    expect(actionsOf((await reviews.get(tokens.seller, made.id)).body.data)).toEqual(['reopen']);
    const steps = (await call<{ rows: TimelineEntry[] }>(server, '/api/resources/price_review/timeline', { token: tokens.seller, body: { id: made.id } })).body.data.rows;
    expect(steps.map((s) => [s.action, s.note])).toEqual([['reject', '缺少成本价']]);

    const reopened = await act('price_review', made.id, 'reopen', tokens.seller);
    expect(actionsOf(reopened.body.data)).toEqual(['price']);
    const priced = await act('price_review', made.id, 'price', tokens.seller, { amount_fen: 12900 });
    expect(priced.body.data).toMatchObject({ state: 'priced', version: 4 });
    expect(actionsOf(priced.body.data)).toEqual([]);
  });

  it("offers quoting's accept to the ask's team through `via`, withdraw to the quoting team, and checks quoting's params", async () => {
    const asks = resourceApi(server, 'price_asks');
    const quotes = resourceApi(server, 'price_quotes');
    const ask = (await asks.create(tokens.seller, { goods_name: '手工编织收纳篮（参数测试）', quantity: 12 })).body.data;
    expect(actionsOf(ask)).toEqual(['close', 'urge', 'addprice']);
    const quote = (await quotes.create(tokens.staff, { ask_id: ask.id, quote_type: 'spot', price_fen: 2300, quantity: 12, delivery_days: 3 })).body.data;
    expect(actionsOf(quote)).toEqual(['withdraw']);
    const sellerSees = (await quotes.list(tokens.seller, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows;
    expect(sellerSees.map((q) => [q.id, actionsOf(q)])).toEqual([[quote.id, ['accept']]]);

    expect((await act('price_asks', ask.id, 'addprice', tokens.seller)).body).toMatchObject({ code: 400, msg: '新的期望单价 为必填项' });
    expect((await act('price_asks', ask.id, 'addprice', tokens.seller, { price_fen: -5 })).body.code).toBe(400);
    const raised = await act('price_asks', ask.id, 'addprice', tokens.seller, { price_fen: 2500 });
    expect(raised.body.data).toMatchObject({ expected_price_fen: 2500, kind: 'addprice' });

    const accepted = await act('price_quotes', quote.id, 'accept', tokens.seller);
    expect(accepted.body.data).toMatchObject({ status: 'accepted' });
    expect(actionsOf(accepted.body.data)).toEqual([]);
  });
});
