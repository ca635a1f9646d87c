/**
 * The rule editor's preview (POST /api/quoting/rule-preview): a quoting team sees which open asks a
 * rule as typed would quote and at what price, or why not; closed asks are not the market; askers
 * may not ask it; nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, demoTokens, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import type { RulePreviewAnswer, RulePreviewBody } from '../../src/contract/api/quoting';
import type { ResourceRecord } from '../../src/contract/resource';

const RULE: RulePreviewBody = { name: '阀门预览', match_type: 'keyword', match_value: '铜闸阀', price_mode: 'markup', cost_fen: 10000, markup_pct: 25, fixed_fen: 0, floor_fen: 13000, stock: 0, max_quantity: 0 };

describe.each(DIALECTS)('the rule preview on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const preview = (token: string, body: unknown) => call<RulePreviewAnswer>(server, '/api/quoting/rule-preview', { token, body });
  let open: ResourceRecord;
  let closed: ResourceRecord;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    Object.assign(tokens, await demoTokens(server, ['staff', 'seller', 'sunli']));
    const asks = resourceApi(server, 'price_asks');
    open = (await asks.create(tokens.seller, { goods_name: 'DN25 铜闸阀', spec: '丝口', quantity: 40, expected_price_fen: 12000 })).body.data;
    const big = (await asks.create(tokens.sunli, { goods_name: 'DN40 铜闸阀', spec: '法兰', quantity: 900 })).body.data;
    expect(big.id).toBeGreaterThan(0);
    closed = (await asks.create(tokens.seller, { goods_name: 'DN15 铜闸阀', quantity: 10 })).body.data;
    const shut = await call<ResourceRecord>(server, `/api/resources/price_asks/${closed.id}/actions/close`, { token: tokens.seller, body: {} });
    expect(shut.body.code).toBe(200);
  });
  afterAll(() => server.close());

  it('answers the open asks the rule names with the price it would quote, the floor holding', async () => {
    const answer = await preview(tokens.staff, RULE);
    expect(answer.body.code).toBe(200);
    const rows = answer.body.data.rows;
    // Cost 100.00 × 1.25 = 125.00, under the floor of 130.00: the floor is quoted. The closed ask is not the market.
    expect(rows.map((r) => r.goods_name).sort()).toEqual(['DN25 铜闸阀', 'DN40 铜闸阀']);
    expect(rows.find((r) => r.ask_id === open.id)).toMatchObject({ ask_no: open.ask_no, quantity: 40, expected_price_fen: 12000, price_fen: 13000, reason: '' });
    expect(rows.some((r) => r.ask_id === closed.id)).toBe(false);
    expect(answer.body.data.scanned).toBeGreaterThanOrEqual(2);
  });

  it('says why a matching ask would not be quoted (quantity over the maximum, stock short)', async () => {
    const rows = (await preview(tokens.staff, { ...RULE, max_quantity: 500, price_mode: 'fixed', fixed_fen: 15000 })).body.data.rows;
    expect(rows.find((r) => r.goods_name === 'DN25 铜闸阀')).toMatchObject({ price_fen: 15000, reason: '' });
    expect(rows.find((r) => r.goods_name === 'DN40 铜闸阀')).toMatchObject({ price_fen: null, reason: '数量 900 超过规则「阀门预览」的上限 500' });
    const short = (await preview(tokens.staff, { ...RULE, stock: 100 })).body.data.rows;
    expect(short.find((r) => r.goods_name === 'DN40 铜闸阀')).toMatchObject({ price_fen: null, reason: '规则「阀门预览」可用库存 100 不足' });
  });

  it('writes nothing: no rule, no quote, no log line appears', async () => {
    const before = (await resourceApi(server, 'quote_rules').list(tokens.staff, {})).body.data.total;
    await preview(tokens.staff, RULE);
    expect((await resourceApi(server, 'quote_rules').list(tokens.staff, {})).body.data.total).toBe(before);
    expect((await resourceApi(server, 'price_quotes').list(tokens.staff, { filters: [{ field: 'ask_id', op: 'eq', value: open.id }] })).body.data.total).toBe(0);
  });

  it('refuses askers, and bad input with a Chinese message', async () => {
    expect((await preview(tokens.seller, RULE)).body.code).toBe(403);
    const bad = await preview(tokens.staff, { ...RULE, markup_pct: -5 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
