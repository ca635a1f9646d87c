/**
 * 收银台 over the real server: a seller sells their team's goods (stock down through the resource
 * layer with its history, the income in 交易流水, a receipt their team reads and another team gets
 * a 404 for); goods of another team, off sale or short of stock are refused in Chinese with nothing
 * changed; a retried checkout id sells once; tills selling the same goods at the same moment each
 * sell or are told the stock in Chinese (on PostgreSQL they really race); bad amounts and the
 * administrator are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, demoTokens, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import type { CashierCheckoutBody, CashierReceipt, CashierToday } from '../../src/contract/api/cashier';
import type { ListPage, ResourceRecord } from '../../src/contract/resource';

let serial = 0;
const checkoutId = () => `test-checkout-${Date.now()}-${++serial}`;

describe.each(DIALECTS)('收银台 on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<'seller' | 'zhaolei' | 'sunli' | 'admin' | 'staff', string> = { seller: '', zhaolei: '', sunli: '', admin: '', staff: '' };
  const goods: Record<'tea' | 'cup' | 'off' | 'other', ResourceRecord> = {} as never;

  const checkout = (token: string, body: Partial<CashierCheckoutBody>) => call<CashierReceipt>(server, '/api/goods/cashier/checkout', { token, body: { checkout_id: checkoutId(), payment: 'wechat', ...body } });
  const goodsApi = () => resourceApi(server, 'goods');
  const stockOf = async (record: ResourceRecord) => Number((await goodsApi().get(tokens.admin, record.id)).body.data.stock);
  /** The trades whose remark names the sale. */
  const tradesOf = async (token: string, saleNo: string) =>
    (await call<ListPage>(server, '/api/resources/trades/list', { token, body: { filters: [{ field: 'remark', op: 'contains', value: saleNo }], pageSize: 50 } })).body.data.rows;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    Object.assign(tokens, await demoTokens(server, ['seller', 'zhaolei', 'sunli', 'admin', 'staff']));
    const create = async (token: string, sku: string, price_fen: number, stock: number, status = 'on_sale') =>
      (await goodsApi().create(token, { sku, name: `收银测试${sku}`, category: '测试', price_fen, stock, status })).body.data;
    goods.tea = await create(tokens.seller, 'CASH-TEA', 1250, 10);
    goods.cup = await create(tokens.seller, 'CASH-CUP', 3990, 3);
    goods.off = await create(tokens.seller, 'CASH-OFF', 500, 8, 'off_sale');
    goods.other = await create(tokens.sunli, 'CASH-OTHER', 800, 9);
  });
  afterAll(() => server.close());

  it('sells for cash: stock down with its history, the income in 交易流水, a receipt for the team and a 404 for another', async () => {
    const sold = await checkout(tokens.seller, {
      lines: [{ goods_id: goods.tea.id, quantity: 2 }, { goods_id: goods.cup.id, quantity: 1 }, { goods_id: goods.tea.id, quantity: 1 }],
      discount: { kind: 'amount', fen: 240 },
      payment: 'cash',
      received_fen: 10_000,
    });
    expect(sold.body.code).toBe(200);
    const receipt = sold.body.data;
    // 3 × 12.50 + 39.90 = 77.40, less 2.40 = 75.00; 100.00 received, 25.00 change.
    expect(receipt).toMatchObject({ team_name: '华南采购一部', cashier_name: '王小美', payment: 'cash', item_count: 4, subtotal_fen: 7740, discount_fen: 240, total_fen: 7500, received_fen: 10_000, change_fen: 2500 });
    expect(receipt.sale_no).toMatch(/^XS\d{8}\d{4,}$/);
    expect(receipt.lines.map((line) => [line.sku, line.quantity, line.amount_fen])).toEqual([['CASH-TEA', 3, 3750], ['CASH-CUP', 1, 3990]]);
    expect(await stockOf(goods.tea)).toBe(7);
    expect(await stockOf(goods.cup)).toBe(2);

    const history = (await goodsApi().history(tokens.seller, goods.tea.id)).body.data.rows;
    expect(history[0]).toMatchObject({ action: 'update', user_name: '王小美' });
    expect(history[0].changes).toContainEqual({ field: 'stock', before: 10, after: 7 });

    const trades = await tradesOf(tokens.seller, receipt.sale_no);
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ direction: 'in', amount_fen: 7500, channel: 'cash', counterparty: '门店顾客', status: 'success', trade_no: receipt.trade_no });
    expect(await tradesOf(tokens.sunli, receipt.sale_no)).toHaveLength(0);

    const again = await call<CashierReceipt>(server, `/api/goods/cashier/sales/${receipt.id}`, { method: 'GET', token: tokens.seller });
    expect(again.body.data).toEqual(receipt);
    const foreign = await call(server, `/api/goods/cashier/sales/${receipt.id}`, { method: 'GET', token: tokens.sunli });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('销售单不存在');

    const today = (await call<CashierToday>(server, '/api/goods/cashier/today', { method: 'GET', token: tokens.seller })).body.data;
    expect(today.team_name).toBe('华南采购一部');
    expect(today.recent[0]).toMatchObject({ id: receipt.id, total_fen: 7500, payment: 'cash' });
    expect(today.count).toBe(today.by_payment.reduce((sum, row) => sum + row.count, 0));
    const theirs = (await call<CashierToday>(server, '/api/goods/cashier/today', { method: 'GET', token: tokens.sunli })).body.data;
    expect(theirs.recent.some((sale) => sale.id === receipt.id)).toBe(false);
  });

  it('sells once for a checkout id sent twice, even at the same time', async () => {
    const body = { checkout_id: checkoutId(), lines: [{ goods_id: goods.tea.id, quantity: 1 }], payment: 'alipay' as const };
    const before = await stockOf(goods.tea);
    const [first, second] = await Promise.all([checkout(tokens.seller, body), checkout(tokens.seller, body)]);
    const third = await checkout(tokens.seller, body);
    expect([first.body.code, second.body.code, third.body.code]).toEqual([200, 200, 200]);
    expect(new Set([first.body.data.id, second.body.data.id, third.body.data.id]).size).toBe(1);
    expect(await stockOf(goods.tea)).toBe(before - 1);
    expect(await tradesOf(tokens.seller, first.body.data.sale_no)).toHaveLength(1);
  });

  it('sells from tills checking out the same goods at the same moment while the stock suffices, and tells the last one the stock', async () => {
    const race = (await goodsApi().create(tokens.seller, { sku: 'CASH-RACE', name: '收银测试抢购', category: '测试', price_fen: 990, stock: 4, status: 'on_sale' })).body.data;
    const line = [{ goods_id: race.id, quantity: 1 }];
    const three = await Promise.all([checkout(tokens.seller, { lines: line }), checkout(tokens.zhaolei, { lines: line }), checkout(tokens.seller, { lines: line })]);
    expect(three.map((answer) => [answer.status, answer.body.msg])).toEqual([[200, 'success'], [200, 'success'], [200, 'success']]);
    expect(await stockOf(race)).toBe(1);
    const history = (await goodsApi().history(tokens.seller, race.id)).body.data.rows;
    expect(history.filter((row) => row.action === 'update').map((row) => row.changes.find((change) => change.field === 'stock'))).toEqual([
      { field: 'stock', before: 2, after: 1 },
      { field: 'stock', before: 3, after: 2 },
      { field: 'stock', before: 4, after: 3 },
    ]);

    // One piece left for two tills: one sells it, the other is told none is left.
    const two = await Promise.all([checkout(tokens.seller, { lines: line }), checkout(tokens.zhaolei, { lines: line })]);
    expect(two.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(two.find((answer) => answer.status === 400)!.body.msg).toBe('商品「收银测试抢购」（CASH-RACE）库存不足：剩余 0 件，需要 1 件');
    expect(await stockOf(race)).toBe(0);
  });

  it('sells to two tills holding the same two goods in opposite orders at the same moment', async () => {
    const create = async (sku: string) => (await goodsApi().create(tokens.seller, { sku, name: `收银测试${sku}`, category: '测试', price_fen: 500, stock: 10, status: 'on_sale' })).body.data;
    const [left, right] = [await create('CASH-LEFT'), await create('CASH-RIGHT')];
    const answers = await Promise.all([
      checkout(tokens.seller, { lines: [{ goods_id: left.id, quantity: 1 }, { goods_id: right.id, quantity: 1 }] }),
      checkout(tokens.zhaolei, { lines: [{ goods_id: right.id, quantity: 2 }, { goods_id: left.id, quantity: 2 }] }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.msg])).toEqual([[200, 'success'], [200, 'success']]);
    expect([await stockOf(left), await stockOf(right)]).toEqual([7, 7]);
    // The receipt keeps the cart's order.
    expect(answers[1].body.data.lines.map((line) => line.sku)).toEqual(['CASH-RIGHT', 'CASH-LEFT']);
  });

  it('tells a till outrun by many others which goods changed, selling no more than the stock went down', async () => {
    const rush = (await goodsApi().create(tokens.seller, { sku: 'CASH-RUSH', name: '收银测试秒杀', category: '测试', price_fen: 100, stock: 20, status: 'on_sale' })).body.data;
    const tills = await Promise.all(Array.from({ length: 6 }, (_, i) => checkout(i % 2 ? tokens.zhaolei : tokens.seller, { lines: [{ goods_id: rush.id, quantity: 1 }] })));
    const sold = tills.filter((answer) => answer.status === 200);
    // However the race goes, a till that lost it is told so in the cashier's words.
    for (const lost of tills.filter((answer) => answer.status !== 200)) expect([lost.status, lost.body.msg]).toEqual([409, '商品「收银测试秒杀」（CASH-RUSH）的库存刚被其他收银改动，请重新结账']);
    expect(sold.length).toBeGreaterThanOrEqual(3);
    expect(await stockOf(rush)).toBe(20 - sold.length);
  });

  it('refuses another team’s goods, goods off sale or short of stock, naming them, and changes nothing', async () => {
    const stocks = async () => Promise.all([goods.tea, goods.cup, goods.other].map(stockOf));
    const before = await stocks();
    const sales = (await call<CashierToday>(server, '/api/goods/cashier/today', { method: 'GET', token: tokens.seller })).body.data.count;
    const cases: Array<[CashierCheckoutBody['lines'], string]> = [
      [[{ goods_id: goods.tea.id, quantity: 1 }, { goods_id: goods.other.id, quantity: 1 }], `商品（编号 ${goods.other.id}）不存在或不属于本门店`],
      [[{ goods_id: goods.tea.id, quantity: 1 }, { goods_id: goods.off.id, quantity: 1 }], '商品「收银测试CASH-OFF」（CASH-OFF）未在售，不能销售'],
      [[{ goods_id: goods.tea.id, quantity: 1 }, { goods_id: goods.cup.id, quantity: 3 }], '商品「收银测试CASH-CUP」（CASH-CUP）库存不足：剩余 2 件，需要 3 件'],
    ];
    for (const [lines, msg] of cases) {
      const refused = await checkout(tokens.seller, { lines });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(msg);
    }
    expect(await stocks()).toEqual(before);
    expect((await call<CashierToday>(server, '/api/goods/cashier/today', { method: 'GET', token: tokens.seller })).body.data.count).toBe(sales);
  });

  it('refuses bad amounts, the administrator and a caller who may not sell', async () => {
    const tea = [{ goods_id: goods.tea.id, quantity: 1 }];
    const refusals: Array<[Partial<CashierCheckoutBody>, string]> = [
      [{ lines: tea, payment: 'cash' }, '现金实收不能少于应收 12.50 元'],
      [{ lines: tea, payment: 'cash', received_fen: 1000 }, '现金实收不能少于应收 12.50 元'],
      [{ lines: tea, discount: { kind: 'amount', fen: 1300 } }, '优惠金额不能超过合计 12.50 元'],
      [{ lines: tea, discount: { kind: 'amount', fen: 1250 } }, '优惠后应收须大于 0 元'],
    ];
    for (const [body, msg] of refusals) {
      const refused = await checkout(tokens.seller, body);
      expect([refused.status, refused.body.msg]).toEqual([400, msg]);
    }
    for (const body of [{ lines: [{ goods_id: goods.tea.id, quantity: 0 }] }, { lines: [{ goods_id: goods.tea.id, quantity: 1.5 }] }, { lines: [] }, { lines: tea, received_fen: -1 }, { lines: tea, discount: { kind: 'rate', percent: 0 } }]) {
      expect((await checkout(tokens.seller, body as Partial<CashierCheckoutBody>)).status).toBe(400);
    }
    // 折扣: 8.8折 of 12.50 is 11.00.
    const rated = await checkout(tokens.seller, { lines: tea, discount: { kind: 'rate', percent: 88 } });
    expect(rated.body.data).toMatchObject({ subtotal_fen: 1250, discount_fen: 150, total_fen: 1100, change_fen: 0 });

    const admin = await checkout(tokens.admin, { lines: tea });
    expect(admin.status).toBe(400);
    expect(admin.body.msg).toContain('请以门店团队成员身份登录收银');
    const adminToday = (await call<CashierToday>(server, '/api/goods/cashier/today', { method: 'GET', token: tokens.admin })).body.data;
    expect(adminToday.team_name).toBeNull();
    expect((await checkout(tokens.staff, { lines: tea })).status).toBe(403);
  });

  it('seeds earlier sales for the demo shops, with their trades', async () => {
    const today = (await call<CashierToday>(server, '/api/goods/cashier/today', { method: 'GET', token: tokens.sunli })).body.data;
    const latest = today.recent[0] ?? null;
    if (latest) {
      const receipt = (await call<CashierReceipt>(server, `/api/goods/cashier/sales/${latest.id}`, { method: 'GET', token: tokens.sunli })).body.data;
      expect(receipt.lines.reduce((sum, line) => sum + line.amount_fen, 0)).toBe(receipt.subtotal_fen);
      expect(receipt.total_fen).toBe(receipt.subtotal_fen - receipt.discount_fen);
      expect(receipt.trade_no).not.toBeNull();
    }
    const sales = await server.database.db.selectFrom('cashier_sales').select(['team_id']).execute();
    expect(new Set(sales.map((sale) => sale.team_id)).size).toBe(2);
  });
});
