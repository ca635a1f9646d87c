/**
 * Quoting end to end across teams (issue 15): a seller asks, a rule of one quoting team quotes at
 * once, staff of the other quote from their queue, the seller sees both and accepts one, the other
 * team hears it lost; another asking team sees nothing, a quoting team never sees another's price;
 * addprice tells the quoters; illegal steps are refused in Chinese; a public ask lands in the
 * operation team's queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { carriedLabel, type ResourceRecord } from '../../src/contract/resource';
import type { NoticeList } from '../../src/contract/api/notice';
import type { HandleFindAnswer } from '../../src/contract/api/quoting';

describe.each(DIALECTS)('quoting across teams on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const passwords: Record<string, string> = { admin: 'admin123', seller: 'seller123', staff: 'staff123' };
  const asks = () => resourceApi(server, 'price_asks');
  const quotes = () => resourceApi(server, 'price_quotes');
  const queue = () => resourceApi(server, 'ask_queue');
  const act = (resource: string, id: number, action: string, token: string, params?: Record<string, unknown>) =>
    call<ResourceRecord>(server, `/api/resources/${resource}/${id}/actions/${action}`, { token, body: params ? { params } : {} });
  const notices = async (token: string) => (await call<NoticeList>(server, '/api/index/find-notice', { token })).body.data.rows;
  const handleFind = (token: string, name: string) => call<HandleFindAnswer>(server, `/api/quoting/handlefind?name=${encodeURIComponent(name)}`, { method: 'GET', token });

  let ask: ResourceRecord;
  let ruleQuote: ResourceRecord;
  let handQuote: ResourceRecord;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const user of ['admin', 'seller', 'sunli', 'staff', 'zhengmin', 'qianwei']) tokens[user] = (await loginAs(server, user, passwords[user] ?? 'demo123456')).token;
  });
  afterAll(() => server.close());

  it('quotes a new ask by the rule of the team it covers, and queues it for the team it does not', async () => {
    const rule = await resourceApi(server, 'quote_rules').create(tokens.staff, {
      name: '工业阀门现货', match_type: 'keyword', match_value: '不锈钢球阀', price_mode: 'markup', cost_fen: 10000, markup_pct: 20, floor_fen: 11000, stock: 1000, max_quantity: 500, delivery_days: 2, validity_hours: 24, quote_type: 'spot', enabled: true,
    });
    expect(rule.body.code).toBe(200);
    const created = await asks().create(tokens.seller, { goods_name: 'DN50 不锈钢球阀', spec: '304 法兰', quantity: 100, expected_price_fen: 11500, status: 'accepted' });
    // The state is the server's: whatever the form sends, a new ask is pending, and here at once quoted.
    expect(created.body).toMatchObject({ code: 400, msg: '字段「状态」不能修改' });
    const made = await asks().create(tokens.seller, { goods_name: 'DN50 不锈钢球阀', spec: '304 法兰', quantity: 100, expected_price_fen: 11500 });
    expect(made.body.code).toBe(200);
    ask = made.body.data;
    expect((await asks().get(tokens.seller, ask.id)).body.data).toMatchObject({ status: 'quoted', handle_mode: 'auto' });

    const mine = (await quotes().list(tokens.staff, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data;
    expect(mine.rows).toHaveLength(1);
    ruleQuote = mine.rows[0];
    expect(ruleQuote).toMatchObject({ price_fen: 12000, quote_type: 'spot', status: 'submitted', rule_id: rule.body.data.id, quoted_by: null });
    expect(carriedLabel(ruleQuote, 'ask_id')).toBe(ask.ask_no);
    const log = (await resourceApi(server, 'auto_quote_log').list(tokens.staff, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows;
    expect(log).toMatchObject([{ outcome: 'quoted', rule_id: rule.body.data.id, quote_id: ruleQuote.id }]);

    // The second quoting team had no rule for it: its queue has the ask, its log says why.
    const queued = (await queue().list(tokens.zhengmin, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows;
    expect(queued).toMatchObject([{ status: 'open' }]);
    const why = (await resourceApi(server, 'auto_quote_log').list(tokens.zhengmin, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows;
    expect(why).toMatchObject([{ outcome: 'unmatched', detail: '没有匹配的规则' }]);
    expect((await queue().list(tokens.staff, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows).toHaveLength(0);
  });

  it('lets staff of the other team claim the ask from the queue and quote it; the seller hears of each quote', async () => {
    const item = (await queue().list(tokens.zhengmin, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows[0];
    const claimed = await act('ask_queue', item.id, 'claim', tokens.zhengmin);
    expect(claimed.body.data).toMatchObject({ status: 'claimed' });
    expect((await act('ask_queue', item.id, 'claim', tokens.zhengmin)).body).toMatchObject({ code: 409, msg: `「人工处理 #${item.id}」当前为「处理中」，不能认领` });

    const made = await quotes().create(tokens.zhengmin, { ask_id: ask.id, quote_type: 'transfer', price_fen: 11800, quantity: 100, delivery_days: 5, quoted_by: 1 });
    expect(made.body).toMatchObject({ code: 400, msg: '字段「报价人」不能修改' });
    const ok = await quotes().create(tokens.zhengmin, { ask_id: ask.id, quote_type: 'transfer', price_fen: 11800, quantity: 100, delivery_days: 5 });
    expect(ok.body.code).toBe(200);
    handQuote = ok.body.data;
    expect(handQuote).toMatchObject({ status: 'submitted', quoted_by: expect.any(Number) as number });
    expect((await queue().get(tokens.zhengmin, item.id)).body.data).toMatchObject({ status: 'quoted' });
    expect((await quotes().create(tokens.zhengmin, { ask_id: ask.id, quote_type: 'spot', price_fen: 11000, quantity: 100, delivery_days: 1 })).body).toMatchObject({
      code: 409,
      msg: `您的团队已对询价单「${String(ask.ask_no)}」报过价，请修改原报价`,
    });

    const heard = (await notices(tokens.seller)).filter((n) => n.find_id === ask.ask_no);
    expect(heard.filter((n) => n.type === 2)).toHaveLength(2);
  });

  it('shows the seller both quotes side by side; each quoting team only its own; another asking team nothing', async () => {
    const page = await handleFind(tokens.seller, String(ask.ask_no));
    expect(page.body.code).toBe(200);
    // The quoter's name comes with the quote, though the seller cannot list the other team's users.
    expect(carriedLabel(page.body.data.quotes.find((q) => q.id === handQuote.id) as ResourceRecord, 'quoted_by')).toBe('郑敏');
    expect(page.body.data.quotes.map((q) => q.id)).toEqual([handQuote.id, ruleQuote.id]);
    expect(page.body.data.timeline.map((t) => t.action)).toEqual(['create', 'quote']);
    expect(Object.values(page.body.data.teams).sort()).toEqual(['云仓报价组', '深圳现货云仓'].sort());

    // Sealed bids: team B never sees team A's price, in lists, records, lookups, history or the ask page.
    const b = await handleFind(tokens.zhengmin, String(ask.ask_no));
    expect(b.body.data.quotes.map((q) => q.id)).toEqual([handQuote.id]);
    expect((await quotes().get(tokens.zhengmin, ruleQuote.id)).status).toBe(404);
    expect((await quotes().history(tokens.zhengmin, ruleQuote.id)).status).toBe(404);
    expect((await quotes().list(tokens.zhengmin, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.total).toBe(1);
    expect((await quotes().list(tokens.staff, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.rows.map((q) => q.id)).toEqual([ruleQuote.id]);
    // …while the open ask is a market every quoting team sees.
    expect((await asks().get(tokens.zhengmin, ask.id)).body.data).toMatchObject({ ask_no: ask.ask_no });

    // Another asking team sees none of it.
    expect((await asks().get(tokens.sunli, ask.id)).status).toBe(404);
    expect((await asks().list(tokens.sunli, { keyword: String(ask.ask_no) })).body.data.total).toBe(0);
    expect((await quotes().get(tokens.sunli, handQuote.id)).status).toBe(404);
    expect((await handleFind(tokens.sunli, String(ask.ask_no))).status).toBe(404);
    const exported = await fetch(`${server.url}/api/resources/price_quotes/export?format=csv`, { headers: { authorization: `Bearer ${tokens.sunli}` } });
    expect(await exported.text()).not.toContain(String(handQuote.quote_no));

    // The team manager of the asking team reads its asks and their quotes.
    expect((await call(server, '/api/resources/price_asks/definition', { method: 'GET', token: tokens.qianwei })).body.code).toBe(200);
    expect((await quotes().list(tokens.qianwei, { filters: [{ field: 'ask_id', op: 'eq', value: ask.id }] })).body.data.total).toBe(2);
  });

  it('raises the expected price and tells the teams that quoted (type 3)', async () => {
    expect((await act('price_asks', ask.id, 'addprice', tokens.seller, { price_fen: 11000 })).body).toMatchObject({ code: 400, msg: '加价后的期望单价须高于原期望单价 115.00 元' });
    const raised = await act('price_asks', ask.id, 'addprice', tokens.seller, { price_fen: 12500 });
    expect(raised.body.data).toMatchObject({ expected_price_fen: 12500, kind: 'addprice', status: 'quoted' });
    for (const quoter of ['staff', 'zhengmin']) {
      expect((await notices(tokens[quoter])).some((n) => n.type === 3 && n.find_id === ask.ask_no)).toBe(true);
    }
    expect((await act('price_asks', ask.id, 'addprice', tokens.staff, { price_fen: 13000 })).body).toMatchObject({ code: 403 });
  });

  it('accepts one quote of two accepted at once, rejects the other and tells its team', async () => {
    expect((await act('price_quotes', ruleQuote.id, 'accept', tokens.staff)).body).toMatchObject({ code: 403, msg: `您不能对「${String(ruleQuote.quote_no)}」执行「采纳」` });
    expect((await act('price_quotes', ruleQuote.id, 'accept', tokens.sunli)).status).toBe(404);

    const [a, b] = await Promise.all([act('price_quotes', handQuote.id, 'accept', tokens.seller), act('price_quotes', ruleQuote.id, 'accept', tokens.seller)]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([200, 409]);
    const [winner, loser] = a.body.code === 200 ? [handQuote, ruleQuote] : [ruleQuote, handQuote];
    const loserTeam = loser === handQuote ? 'zhengmin' : 'staff';
    expect((await quotes().get(tokens.seller, winner.id)).body.data.status).toBe('accepted');
    expect((await quotes().get(tokens.seller, loser.id)).body.data.status).toBe('rejected');
    expect((await asks().get(tokens.seller, ask.id)).body.data.status).toBe('accepted');
    expect((await notices(tokens[loserTeam])).some((n) => n.find_id === ask.ask_no && n.content.includes('未被采纳'))).toBe(true);

    // Illegal steps, refused in Chinese.
    expect((await act('price_quotes', winner.id, 'accept', tokens.seller)).body).toMatchObject({ code: 409, msg: `「${String(winner.quote_no)}」当前为「已采纳」，不能采纳` });
    expect((await act('price_asks', ask.id, 'close', tokens.seller)).body).toMatchObject({ code: 409, msg: `「${String(ask.ask_no)}」当前为「已采纳」，不能关闭询价` });
    const current = (await asks().get(tokens.seller, ask.id)).body.data;
    expect((await asks().update(tokens.seller, ask.id, current.version, { status: 'pending' })).body).toMatchObject({ code: 400, msg: '字段「状态」不能修改' });
    const q = (await quotes().get(tokens.staff, ruleQuote.id)).body.data;
    expect((await quotes().update(tokens.staff, q.id, q.version, { price_fen: 9000 })).body).toMatchObject({ code: 409 });
    expect((await act('price_asks', ask.id, 'fly', tokens.seller)).body).toMatchObject({ code: 400, msg: '没有「fly」这个操作' });
    // An accepted ask leaves the market: a third quoting team member no longer finds it.
    expect((await asks().list(tokens.zhengmin, { filters: [{ field: 'status', op: 'eq', value: 'pending' }, { field: 'ask_no', op: 'eq', value: String(ask.ask_no) }] })).body.data.total).toBe(0);

    const steps = (await call<{ rows: Array<{ action: string; from_state: string; to_state: string }> }>(server, '/api/resources/price_asks/timeline', { token: tokens.seller, body: { id: ask.id } })).body.data.rows;
    expect(steps.map((s) => s.action)).toEqual(['create', 'quote', 'addprice', 'accept']);
  });

  it('closes an open ask (its quotes rejected), refuses a quote on it, and asks it again as a new linked ask', async () => {
    const open = (await asks().create(tokens.seller, { goods_name: '碳钢闸阀', quantity: 10 })).body.data;
    expect((await act('price_asks', open.id, 'urge', tokens.seller)).body.data).toMatchObject({ status: 'pending', urged_at: expect.any(Number) as number });
    expect((await act('price_asks', open.id, 'urge', tokens.seller)).body).toMatchObject({ code: 429, msg: '催报价过于频繁，请 30 分钟后再试' });
    expect((await act('price_asks', open.id, 'close', tokens.seller)).body.data).toMatchObject({ status: 'closed' });
    expect((await quotes().create(tokens.staff, { ask_id: open.id, quote_type: 'spot', price_fen: 100, quantity: 10, delivery_days: 1 })).body).toMatchObject({
      code: 409,
      msg: `询价单「${String(open.ask_no)}」已关闭，不能再报价`,
    });
    const again = await act('price_asks', open.id, 'reask', tokens.seller);
    expect(again.body.data.status).toBe('closed');
    const linked = (await asks().list(tokens.seller, { filters: [{ field: 'parent_ask_id', op: 'eq', value: open.id }] })).body.data.rows;
    expect(linked).toMatchObject([{ goods_name: '碳钢闸阀', status: 'pending', quantity: 10 }]);
  });

  it('tells the asker when a quoting team adds goods an open ask names (type 1)', async () => {
    // A quoting team that keeps goods: its role is granted them (the demo quoter role is not).
    const { id: quoter } = await server.database.db.selectFrom('roles').select('id').where('code', '=', 'quoter').executeTakeFirstOrThrow();
    await server.database.db.insertInto('role_permissions').values([{ role_id: quoter, permission: 'goods:read' }, { role_id: quoter, permission: 'goods:write' }]).execute();
    tokens.staff = (await loginAs(server, 'staff', 'staff123')).token;
    const open = (await asks().create(tokens.seller, { goods_name: '竹纤维毛巾 三条装', quantity: 300 })).body.data;
    const goods = await resourceApi(server, 'goods').create(tokens.staff, { sku: 'ZXW-001', name: '竹纤维毛巾', price_fen: 2990, status: 'on_sale' });
    expect(goods.body.code).toBe(200);
    const told = (await notices(tokens.seller)).filter((n) => n.type === 1 && n.find_id === open.ask_no);
    expect(told).toHaveLength(1);
    expect(told[0].content).toContain('竹纤维毛巾');
    // Goods a seller adds for itself tell nobody.
    await resourceApi(server, 'goods').create(tokens.seller, { sku: 'ZXW-002', name: '竹纤维毛巾', price_fen: 2990, status: 'draft' });
    expect((await notices(tokens.seller)).filter((n) => n.type === 1 && n.find_id === open.ask_no)).toHaveLength(1);
  });

  it('lets a customer ask without an account; the ask lands in the operation team’s queue', async () => {
    const bad = await call(server, '/api/public/bao-jia', { body: { goods_name: '办公椅', quantity: 20, contact_name: '刘先生', mobile: '12345' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('请输入正确的手机号');
    const sent = await call<{ ref: string }>(server, '/api/public/bao-jia', { body: { goods_name: '人体工学办公椅', spec: '黑色', quantity: 20, contact_name: '刘先生', mobile: '13912345678' } });
    expect(sent.body.code).toBe(200);
    expect(sent.body.data.ref).toMatch(/^XJ\d{12}$/);
    const found = (await asks().list(tokens.admin, { filters: [{ field: 'ask_no', op: 'eq', value: sent.body.data.ref }] })).body.data.rows[0];
    expect(found).toMatchObject({ contact_name: '刘先生', contact_mobile: '13912345678', status: 'pending' });
    const ops = (await queue().list(tokens.admin, { filters: [{ field: 'ask_id', op: 'eq', value: found.id }] })).body.data.rows;
    expect(ops).toHaveLength(1);
    const opsTeam = await server.database.db.selectFrom('teams').select('id').where('type', '=', 3).executeTakeFirstOrThrow();
    expect(ops[0].team_id).toBe(opsTeam.id);
    for (let i = 0; i < 2; i++) {
      expect((await call(server, '/api/public/bao-jia', { body: { goods_name: '办公椅', quantity: 1, contact_name: '刘', mobile: '13912345678' } })).body.code).toBe(200);
    }
    expect((await call(server, '/api/public/bao-jia', { body: { goods_name: '办公椅', quantity: 1, contact_name: '刘', mobile: '13912345678' } })).body).toMatchObject({ code: 429 });
  });
});
