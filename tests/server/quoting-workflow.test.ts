/**
 * The workflow mechanism every resource can declare (here an admin-defined one), and quoting's
 * expiry: states only transitions change, who may take each, the timeline, visibility by team type,
 * and asks or quotes whose time ran out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { f, resourceApi, saveDefinition } from '../support/resources';
import type { ResourceDefinition, ResourceRecord, Workflow } from '../../src/contract/resource';
import { formatDateTime } from '../../server/resources/time';

const STATES = [
  { value: 'draft', label: { zh: '草稿', en: 'Draft' } },
  { value: 'sent', label: { zh: '已发出', en: 'Sent' } },
  { value: 'done', label: { zh: '已完成', en: 'Done' } },
];

const WORKFLOW: Workflow = {
  stateField: 'state',
  states: STATES,
  transitions: [
    { name: 'send', label: { zh: '发出', en: 'Send' }, from: ['draft'], to: 'sent', who: { owner: 'team' } },
    { name: 'finish', label: { zh: '办结', en: 'Finish' }, from: ['sent'], to: 'done', who: { teamTypes: [2], owner: 'other' } },
  ],
  serverOwned: ['handled_by'],
  // Asking teams see their own; quoting teams every sent request; operation everything.
  visibility: [
    { teamTypes: [1], rows: 'own' },
    { teamTypes: [2], rows: 'states', states: ['sent', 'done'] },
    { teamTypes: [3], rows: 'all' },
  ],
};

describe.each(DIALECTS)('workflows on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const passwords: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };
  const requests = () => resourceApi(server, 'sample_request');
  const act = (id: number, action: string, token: string) => call<ResourceRecord>(server, `/api/resources/sample_request/${id}/actions/${action}`, { token, body: {} });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['admin', 'seller', 'sunli', 'staff']) tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
    for (const role of ['seller', 'quoter']) {
      const { id } = await server.database.db.selectFrom('roles').select('id').where('code', '=', role).executeTakeFirstOrThrow();
      await server.database.db.insertInto('role_permissions').values({ role_id: id, permission: 'sample:use' }).execute();
    }
  });
  afterAll(() => server.close());

  it('refuses a workflow that names states or fields its resource does not have', async () => {
    const bad = await saveDefinition(server, tokens.admin, {
      name: 'broken_flow',
      title: { zh: '坏流程', en: 'Broken' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      fields: [f('title', 'string', '标题', 'Title', { required: true }), f('state', 'string', '状态', 'State')],
      workflow: WORKFLOW,
    });
    expect(bad.body).toMatchObject({ code: 400, msg: '流程定义有误：状态字段 state 须为本资源的枚举字段' });
  });

  it('lets an admin-defined resource carry a workflow the server enforces', async () => {
    const saved = await saveDefinition(server, tokens.admin, {
      name: 'sample_request',
      title: { zh: '打样申请', en: 'Sample requests' },
      labelField: 'title',
      teamScoped: true,
      version: 1,
      permissions: { list: 'sample:use', get: 'sample:use', create: 'sample:use', update: 'sample:use' },
      fields: [
        f('title', 'string', '标题', 'Title', { required: true }),
        f('state', 'enum', '状态', 'State', { options: STATES, required: true }),
        f('handled_by', 'string', '处理人', 'Handled by'),
      ],
      workflow: WORKFLOW,
    });
    expect(saved.body.code).toBe(200);
    const definition = (await call<{ fields: Array<{ name: string; readOnly?: boolean }>; workflow: Workflow }>(server, '/api/resources/sample_request/definition', { method: 'GET', token: tokens.seller })).body.data;
    expect(definition.fields.filter((x) => x.readOnly).map((x) => x.name)).toEqual(['state', 'handled_by']);
    expect(definition.workflow.transitions.map((t) => t.name)).toEqual(['send', 'finish']);

    expect((await requests().create(tokens.seller, { title: '样品A', state: 'done' })).body).toMatchObject({ code: 400, msg: '字段「状态」不能修改' });
    const made = (await requests().create(tokens.seller, { title: '样品A' })).body.data;
    expect(made.state).toBe('draft');

    // A draft is the asking team's alone; the quoting team does not see it yet, another asking team never.
    expect((await requests().get(tokens.staff, made.id)).status).toBe(404);
    expect((await act(made.id, 'send', tokens.staff)).status).toBe(404);
    expect((await act(made.id, 'finish', tokens.seller)).body).toMatchObject({ code: 403, msg: '您不能对「样品A」执行「办结」' });
    const sent = await act(made.id, 'send', tokens.seller);
    expect(sent.body.data).toMatchObject({ state: 'sent', version: 2 });
    expect((await requests().list(tokens.staff)).body.data.rows.map((r) => r.id)).toEqual([made.id]);
    expect((await requests().list(tokens.sunli)).body.data.total).toBe(0);
    expect((await requests().get(tokens.admin, made.id)).body.data.state).toBe('sent');

    // A stale version, or a second caller racing the first, gets 409.
    const stale = await call(server, `/api/resources/sample_request/${made.id}/actions/finish`, { token: tokens.staff, body: { version: 1 } });
    expect(stale.body.code).toBe(409);
    const [a, b] = await Promise.all([act(made.id, 'finish', tokens.staff), act(made.id, 'finish', tokens.staff)]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 409]);
    // The same through the body-addressed route a screen's api action uses.
    expect((await call(server, '/api/resources/sample_request/actions/send', { token: tokens.seller, body: { id: made.id } })).body).toMatchObject({ code: 409, msg: '「样品A」当前为「已完成」，不能发出' });

    const steps = (await call<{ rows: Array<{ action: string; from_state: string; to_state: string; user_name: string }> }>(server, '/api/resources/sample_request/timeline', { token: tokens.seller, body: { id: made.id } })).body.data.rows;
    expect(steps.map((s) => [s.action, s.from_state, s.to_state])).toEqual([['send', 'draft', 'sent'], ['finish', 'sent', 'done']]);
    expect((await call(server, '/api/resources/sample_request/timeline', { token: tokens.sunli, body: { id: made.id } })).status).toBe(404);
  });

  it('names an admin-defined workflow’s steps in the system log in its buttons’ words, and follows a renamed button', async () => {
    const actionLabels = async () => {
      const definition = (await call<ResourceDefinition>(server, '/api/resources/system_logs/definition', { token: tokens.admin, method: 'GET' })).body.data;
      return new Map(definition.fields.find((x) => x.name === 'action')!.options!.map((o) => [o.value, o.label]));
    };
    const exportedActions = async () => {
      const query = encodeURIComponent(JSON.stringify({ filters: [{ field: 'target', op: 'eq', value: `sample_request:${made.id}` }] }));
      const answer = await fetch(`${server.url}/api/resources/system_logs/export?format=csv&query=${query}`, { headers: { authorization: `Bearer ${tokens.admin}` } });
      expect(answer.status).toBe(200);
      return (await answer.text()).replace(/^\uFEFF/, '');
    };
    const made = (await requests().create(tokens.seller, { title: '样品B' })).body.data;
    expect((await act(made.id, 'send', tokens.seller)).body.code).toBe(200);
    expect((await actionLabels()).get('resource-send')).toEqual({ zh: '发出', en: 'Send' });
    expect(await exportedActions()).toContain('发出');

    // The administrator renames the button: the log's words follow, without a restart.
    const current = (await call<ResourceDefinition>(server, '/api/resources/sample_request/definition', { token: tokens.admin, method: 'GET' })).body.data;
    const renamed = {
      ...current,
      workflow: { ...WORKFLOW, transitions: WORKFLOW.transitions.map((t) => (t.name === 'send' ? { ...t, label: { zh: '寄出', en: 'Ship' } } : t)) },
    };
    expect((await saveDefinition(server, tokens.admin, renamed)).body.code).toBe(200);
    expect((await actionLabels()).get('resource-send')).toEqual({ zh: '寄出', en: 'Ship' });
    expect(await exportedActions()).toContain('寄出');
    expect(await exportedActions()).not.toContain('resource-send');
  });

  it('keeps numbering a day past its 9,999th document, without a duplicate', async () => {
    const stem = `CG${formatDateTime(Date.now()).slice(0, 10).replaceAll('-', '')}`;
    const { team_id } = await server.database.db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    const now = Date.now();
    await server.database.db
      .insertInto('purchases')
      .values({ team_id, purchase_no: `${stem}9999`, supplier: '义乌小商品城', goods_name: '收纳盒', quantity: 1, amount_fen: 100, status: 'draft', expected_at: null, created_at: now, updated_at: now })
      .execute();
    const purchases = resourceApi(server, 'purchases');
    const values = { supplier: '义乌小商品城', goods_name: '收纳盒', quantity: 2, amount_fen: 200 };
    expect((await purchases.create(tokens.seller, values)).body.data.purchase_no).toBe(`${stem}10000`);
    expect((await purchases.create(tokens.seller, values)).body.data.purchase_no).toBe(`${stem}10001`);
  });

  it('expires an ask past its deadline and a quote past its validity when they are next read', async () => {
    const asks = resourceApi(server, 'price_asks');
    const quotes = resourceApi(server, 'price_quotes');
    const ask = (await asks.create(tokens.seller, { goods_name: '手工皂礼盒', quantity: 30, deadline_at: Date.now() + 60_000 })).body.data;
    const quote = (await quotes.create(tokens.staff, { ask_id: ask.id, quote_type: 'spot', price_fen: 3500, quantity: 30, delivery_days: 2, validity_hours: 1 })).body.data;
    expect(quote.expires_at).toBeGreaterThan(Date.now());
    const db = server.database.db;
    await db.updateTable('price_quotes').set({ expires_at: Date.now() - 1 }).where('id', '=', quote.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await quotes.get(tokens.staff, quote.id)).body.data.status).toBe('expired');
    await db.updateTable('price_asks').set({ deadline_at: Date.now() - 1 }).where('id', '=', ask.id).execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await asks.get(tokens.seller, ask.id)).body.data.status).toBe('expired');
    // An expired ask leaves the market, and takes no quote.
    expect((await asks.get(tokens.staff, ask.id)).body.data.status).toBe('expired');
    const late = await call<ResourceRecord>(server, `/api/resources/price_asks/${ask.id}/actions/reask`, { token: tokens.seller, body: {} });
    expect(late.body.code).toBe(200);
    const timeline = (await call<{ rows: Array<{ action: string }> }>(server, '/api/resources/price_asks/timeline', { token: tokens.seller, body: { id: ask.id } })).body.data.rows;
    expect(timeline.map((s) => s.action)).toEqual(['create', 'quote', 'expire', 'reask']);
  });
});
