import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi, upload } from '../support/resources';
import { COLUMNS, csvText, readXlsx, utf8Bom } from '../support/reconciliation-files';
import { scenarioFiles as files } from '../support/reconciliation-scenario';
import { formatDateTime } from '../../server/resources/time';
import type { ReconImportReport, ReconMatchReport, ReconSummary } from '../../src/contract/api/reconciliation';

describe.each(DIALECTS)('reconciliation of platform files on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  let generated: Awaited<ReturnType<typeof files>>;
  beforeAll(async () => {
    // Generated once: importing them again is importing the same files.
    generated = await files();
    server = await startTestServer(dialect);
    token = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(() => server.close());

  const importAll = async (route: 'import' | 'import/preview') => {
    const reports: ReconImportReport[] = [];
    for (const file of generated) {
      const answer = await upload(server, `/api/reconciliation/${route}?kind=${file.kind}&shop=${encodeURIComponent(file.shop)}`, token, file);
      expect(answer.body.code, `${file.kind}: ${answer.body.msg}`).toBe(200);
      reports.push(answer.body.data as ReconImportReport);
    }
    return reports;
  };
  const match = async () => (await call<ReconMatchReport>(server, '/api/reconciliation/match', { token, body: {} })).body.data;
  const orders = () => resourceApi(server, 'store_orders');
  const orderNamed = async (order_no: string) =>
    (await orders().list(token, { filters: [{ field: 'order_no', op: 'eq', value: order_no }] })).body.data.rows[0] as Record<string, unknown> & { id: number; version: number };

  it('imports every platform file as it comes, matches, and finds every outcome with the right counts', async () => {
    const before = await match();
    const previews = await importAll('import/preview');
    expect(previews.map((report) => [report.kind, report.valid, report.errors.length, report.created])).toEqual([
      ['douyin_orders', 9, 0, 0],
      ['douyin_flows', 8, 0, 0],
      ['kuaishou_orders', 2, 0, 0],
      ['kuaishou_bills', 2, 0, 0],
      ['wechat_orders', 2, 0, 0],
      ['wechat_flows', 2, 0, 0],
      ['shipments', 10, 0, 0],
    ]);
    // Two title rows above the Kuaishou header; the tab before Douyin's ids is gone.
    expect(previews[2].header_row).toBe(3);
    expect(previews[0].sample[0]).toMatchObject({ order_no: '6900000000000001', sub_order_no: '6900000000000001-1', express_company: '中通快递', express_nos: ['75300000000011', '75300000000012'] });

    const reports = await importAll('import');
    expect(reports.map((report) => report.created + report.updated)).toEqual([8, 8, 2, 2, 2, 2, 9]);
    expect(reports[6].unknown).toEqual(['404000000000']);

    const after = await match();
    const delta = Object.fromEntries(Object.entries(after.counts).map(([outcome, count]) => [outcome, count - (before.counts[outcome] ?? 0)]));
    expect(delta).toEqual({ matched: 3, mismatch: 2, unshipped: 1, unsettled: 2, refunded: 1, duplicate: 1, orphan: 1, no_shipment: 1, pending: 1 });

    const douyin = await orderNamed('6900000000000001');
    expect(douyin).toMatchObject({ amount_fen: 10_000, outcome: 'matched', settled_fen: 10_000, fee_fen: -600, fee_service_fen: -480, fee_commission_fen: -120 });
    expect(await orderNamed('6900000000000002')).toMatchObject({ outcome: 'mismatch', expected_fen: 5000, settled_fen: 4500, difference_fen: -500 });
    expect(await orderNamed('2400000000000002')).toMatchObject({ outcome: 'mismatch', expected_fen: 6000, settled_fen: 5500, difference_fen: -500 });

    const summary = (await call<ReconSummary>(server, '/api/reconciliation/summary', { token, body: { platform: 'douyin' } })).body.data.rows.filter((row) => row.shop_name === '抖音测试店');
    const counts = summary.reduce<Record<string, number>>((sum, row) => {
      for (const [outcome, count] of Object.entries(row.counts)) sum[outcome] = (sum[outcome] ?? 0) + count;
      return sum;
    }, {});
    expect(counts).toMatchObject({ matched: 1, mismatch: 1, unshipped: 1, unsettled: 1, refunded: 1, duplicate: 1, orphan: 1, no_shipment: 1, pending: 1 });
  });

  it('keeps a note on an explained difference, and re-importing and re-matching change nothing', async () => {
    const order = await orderNamed('6900000000000002');
    const explained = await orders().update(token, order.id, order.version, { explained: true, explain_note: '平台少结 5 元，已申诉' });
    expect(explained.body.code).toBe(200);

    const again = await importAll('import');
    expect(again.map((report) => report.created + report.updated)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect((await match()).changed).toBe(0);
    expect(await orderNamed('6900000000000002')).toMatchObject({ outcome: 'mismatch', explained: true, explain_note: '平台少结 5 元，已申诉' });
    const history = (await orders().history(token, order.id)).body.data.rows;
    expect(JSON.stringify(history)).toContain('已申诉');
  });

  it('exports the differences as an XLSX that reads back with the outcomes in Chinese', async () => {
    const response = await fetch(`${server.url}/api/reconciliation/differences/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const rows = await readXlsx(await response.arrayBuffer());
    expect(rows[0].slice(0, 4)).toEqual(['平台', '店铺', '订单号', '对账结果']);
    const byOrder = new Map(rows.slice(1).map((row) => [row[2], row]));
    expect(byOrder.get('6900000000000002')?.slice(3)).toEqual(['金额不符', expect.any(String), '50', '45', '-5', '0', '是', '平台少结 5 元，已申诉']);
    expect(byOrder.get('6900000000000099')?.[3]).toBe('平台有账无单');
    expect(byOrder.get('6900000000000006')?.[3]).toBe('重复结算');
    expect(byOrder.has('6900000000000001')).toBe(false);
  });

  it('exports only the platform, shop and month asked, as the summary on screen shows them', async () => {
    const exported = async (query: string) => {
      const response = await fetch(`${server.url}/api/reconciliation/differences/export${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return (await readXlsx(await response.arrayBuffer())).slice(1);
    };
    const everything = await exported('');
    // The demo shops have differences too: a filter that did nothing would be seen.
    expect(new Set(everything.map((row) => `${row[0]}/${row[1]}`)).size).toBeGreaterThan(2);

    const shop = await exported(`?platform=douyin&shop=${encodeURIComponent('抖音测试店')}`);
    expect(new Set(shop.map((row) => `${row[0]}/${row[1]}`))).toEqual(new Set(['抖音/抖音测试店']));
    expect(shop.map((row) => row[2])).toEqual(expect.arrayContaining(['6900000000000002', '6900000000000006', '6900000000000099']));

    const kuaishou = await exported('?platform=kuaishou');
    expect(new Set(kuaishou.map((row) => row[0]))).toEqual(new Set(['快手']));
    expect(kuaishou.map((row) => row[2])).toContain('2400000000000002');

    // The month of a payment (China time): orders paid in it, lines with no order settled in it.
    const mismatch = await orderNamed('6900000000000002');
    const period = formatDateTime(mismatch.paid_at as number).slice(0, 7);
    const month = await exported(`?platform=douyin&shop=${encodeURIComponent('抖音测试店')}&period=${period}`);
    expect(month.map((row) => row[2])).toContain('6900000000000002');
    for (const row of month) expect(row[4] === '' || row[4].startsWith(period), row.join(',')).toBe(true);
    expect(month.length).toBeLessThanOrEqual(shop.length);
    expect(await exported('?period=2001-01')).toEqual([]);
  });

  it('finds an order by any one of the tracking numbers its 快递单号 holds, as a platform file or an edit through the API leaves them', async () => {
    const imported = async (kind: string, shop: string, text: string) => {
      const answer = await upload(server, `/api/reconciliation/import?kind=${kind}&shop=${encodeURIComponent(shop)}`, token, { name: `${kind}.csv`, type: 'text/csv', bytes: utf8Bom(text) });
      expect(answer.body.code, answer.body.msg).toBe(200);
      return answer.body.data as ReconImportReport;
    };
    const shipment = (expressNo: string) => imported('shipments', '', csvText(COLUMNS.shipments, [{ 订单号: 'ERP-TRACK-1', 快递公司: '顺丰速运', 快递单号: expressNo, 发货时间: formatDateTime(Date.now()) }]));
    const douyin = { 主订单编号: '6900000000000099', 子订单编号: '6900000000000099-1', 选购商品: '抖音商品', 商品数量: 1, 订单应付金额: '10.00', 支付完成时间: formatDateTime(Date.now()), 订单状态: '已发货', 发货时间: formatDateTime(Date.now()) };
    expect(await imported('douyin_orders', '抖音测试店', csvText(COLUMNS.douyin_orders, [{ ...douyin, 快递信息: '中通快递 75300000000091；中通快递 75300000000092' }]))).toMatchObject({ created: 1 });
    expect(await shipment('75300000000092')).toMatchObject({ updated: 1, unknown: [] });
    expect(await orderNamed('6900000000000099')).toMatchObject({ express_no: '75300000000091,75300000000092', shipment_recorded: true });
    const created = (await orders().create(token, { platform: 'wechat', order_no: '3700000000000099', shop_name: '微信测试店', buyer_nick: '买家', goods_name: '商品', quantity: 1, amount_fen: 100, paid_at: Date.now(), express_no: 'SF100；SF101' })).body.data;
    expect(await shipment('SF101')).toMatchObject({ updated: 1, unknown: [] });
    const current = await orderNamed('3700000000000099');
    expect(current).toMatchObject({ id: created.id, express_no: 'SF100；SF101', shipment_recorded: true });
    expect((await orders().update(token, current.id, current.version, { express_no: 'SF102' })).body.code).toBe(200);
    expect(await shipment('SF101')).toMatchObject({ updated: 0, unknown: ['ERP-TRACK-1'] });
    expect(await shipment('SF102')).toMatchObject({ unchanged: 1, unknown: [] });
  });

  it('refuses an export scope it cannot read, in Chinese', async () => {
    const response = await fetch(`${server.url}/api/reconciliation/differences/export?period=2026-13`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: number; msg: string };
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a file whose header it cannot find, in Chinese', async () => {
    const answer = await upload(server, '/api/reconciliation/import/preview?kind=douyin_orders&shop=x', token, { name: 'a.csv', type: 'text/csv', bytes: 'a,b\n1,2\n' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('主订单编号');
  });
});
