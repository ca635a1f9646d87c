import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi, upload } from '../support/resources';
import { COLUMNS, csvText, gb18030, readXlsx, utf8Bom, xlsxFile, type FileRow } from '../support/reconciliation-files';
import { formatDateTime } from '../../server/resources/time';
import type { ReconImportReport, ReconMatchReport, ReconSummary } from '../../src/contract/api/reconciliation';

const DAY = 86_400_000;
const ago = (days: number) => formatDateTime(Date.now() - days * DAY);

const douyinOrder = (order: string, sub: string, yuan: string, extra: FileRow): FileRow => ({
  主订单编号: order,
  子订单编号: sub,
  选购商品: '测试商品',
  商品数量: 1,
  订单应付金额: yuan,
  运费: '0.00',
  订单状态: '已发货',
  售后状态: '',
  支付完成时间: ago(25),
  承诺发货时间: ago(23),
  ...extra,
});
const douyinFlow = (flow: string, order: string, sub: string, yuan: string, extra: FileRow = {}): FileRow => ({
  动账时间: ago(3),
  动帐流水号: flow,
  动账方向: '入账',
  动账金额: yuan,
  动账场景: '货款结算入账',
  子订单号: sub,
  订单号: order,
  ...extra,
});

/** Every outcome once or twice, across the three platforms, as the files would carry them. */
async function files() {
  const douyinOrders = csvText(
    COLUMNS.douyin_orders,
    [
      douyinOrder('6900000000000001', '6900000000000001-1', '60.00', { 发货时间: ago(20), 快递信息: '中通快递 75300000000011；中通快递 75300000000012' }),
      douyinOrder('6900000000000001', '6900000000000001-2', '40.00', { 发货时间: ago(20), 快递信息: '中通快递 75300000000011' }),
      douyinOrder('6900000000000002', '6900000000000002-1', '50.00', { 发货时间: ago(20), 快递信息: '圆通速递,YT0000000002' }),
      douyinOrder('6900000000000003', '6900000000000003-1', '35.00', { 订单状态: '待发货', 支付完成时间: ago(5), 承诺发货时间: ago(3) }),
      douyinOrder('6900000000000004', '6900000000000004-1', '45.00', { 发货时间: ago(15), 快递信息: '韵达快递 4300000000004' }),
      douyinOrder('6900000000000005', '6900000000000005-1', '30.00', { 发货时间: ago(20), 售后状态: '退款成功', 快递信息: '韵达快递 4300000000005' }),
      douyinOrder('6900000000000006', '6900000000000006-1', '20.00', { 发货时间: ago(20), 快递信息: '韵达快递 4300000000006' }),
      douyinOrder('6900000000000007', '6900000000000007-1', '25.00', { 发货时间: ago(5), 快递信息: '韵达快递 4300000000007' }),
      douyinOrder('6900000000000008', '6900000000000008-1', '15.00', { 订单状态: '待发货', 支付完成时间: ago(0), 承诺发货时间: ago(-2) }),
    ],
    { tabIds: ['主订单编号', '子订单编号'] },
  );
  const douyinFlows = csvText(
    COLUMNS.douyin_flows,
    [
      douyinFlow('DF01', '6900000000000001', '6900000000000001-1', '56.40', { 平台服务费: '-3.60' }),
      douyinFlow('DF02', '6900000000000001', '6900000000000001-2', '37.60', { 平台服务费: '-1.20', 佣金: '-1.20' }),
      douyinFlow('DF03', '6900000000000002', '6900000000000002-1', '45.00'),
      douyinFlow('DF05', '6900000000000005', '6900000000000005-1', '30.00'),
      douyinFlow('DF05R', '6900000000000005', '6900000000000005-1', '-30.00', { 动账方向: '出账', 动账场景: '退款-结算后退款-退用户' }),
      douyinFlow('DF06A', '6900000000000006', '6900000000000006-1', '20.00'),
      douyinFlow('DF06B', '6900000000000006', '6900000000000006-1', '20.00'),
      douyinFlow('DF09', '6900000000000099', '6900000000000099-1', '10.00'),
    ],
    // Older bills put a line of platform explanation under the header.
    { tabIds: ['动帐流水号', '订单号', '子订单号'] },
  ).replace('\r\n', '\r\n说明：金额单位为元，负数表示扣款\r\n');
  const kuaishouOrders = csvText(
    COLUMNS.kuaishou_orders,
    [
      { 订单号: '2400000000000001', 订单支付时间: ago(25), 订单状态: '已发货', 实付款: '￥80.00', 成交数量: 1, 商品名称: '快手商品', 发货时间: ago(20), 快递公司: '申通快递', 快递单号: 'ST2400000000000001' },
      { 订单号: '2400000000000002', 订单支付时间: ago(25), 订单状态: '已发货', 实付款: '￥60.00', 成交数量: 1, 商品名称: '快手商品', 发货时间: ago(20), 快递公司: '申通快递', 快递单号: 'ST2400000000000002' },
    ],
    { titleRows: ['快手小店订单导出', `导出时间：${ago(0)}`] },
  );
  const kuaishouBills = csvText(COLUMNS.kuaishou_bills, [
    { 订单号: '2400000000000001', '实际结算金额(元)': '72.00', '技术服务费(元)': '8.00', 实际结算时间: ago(3) },
    { 订单号: '2400000000000002', '实际结算金额(元)': '50.00', '技术服务费(元)': '5.00', 实际结算时间: ago(3) },
  ]);
  const wechatOrders = await xlsxFile(COLUMNS.wechat_orders, [
    { 订单号: '3700000000000001', 支付时间: ago(25), 订单发货时间: ago(20), 订单状态: '已发货', 订单实际支付金额: 120, 商品名称: '微信商品', 商品数量: 1, 物流公司: '顺丰速运', 快递单号: 'SF3700000000001' },
    { 订单号: '3700000000000002', 支付时间: ago(14), 订单发货时间: ago(12), 订单状态: '已发货', 订单实际支付金额: 70, 商品名称: '微信商品', 商品数量: 1, 物流公司: '顺丰速运', 快递单号: 'SF3700000000002' },
  ]);
  const wechatFlows = await xlsxFile(COLUMNS.wechat_flows, [
    { 流水单号: 'WF01', 记账时间: ago(3), 动帐类型: '订单支付', 收支类型: '收入', 收支金额: 120, 关联订单号: '3700000000000001' },
    { 流水单号: 'WF02', 记账时间: ago(3), 动帐类型: '技术服务费', 收支类型: '支出', 收支金额: 2.4, 关联订单号: '3700000000000001' },
  ]);
  const shipped = ['6900000000000001', '6900000000000002', '6900000000000004', '6900000000000005', '6900000000000006', '2400000000000001', '2400000000000002', '3700000000000001', '3700000000000002'];
  const shipments = await xlsxFile(COLUMNS.shipments, [
    ...shipped.map((order, i) => ({ 订单号: order, 快递公司: '中通快递', 快递单号: `ZT${order}`, 发货时间: ago(20 - i) })),
    { 订单号: '404000000000', 快递公司: '中通快递', 快递单号: 'ZT404', 发货时间: ago(1) },
  ]);
  const csv = 'text/csv';
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return [
    { kind: 'douyin_orders', shop: '抖音测试店', name: 'douyin.csv', type: csv, bytes: utf8Bom(douyinOrders) },
    { kind: 'douyin_flows', shop: '抖音测试店', name: '动账明细.csv', type: csv, bytes: utf8Bom(douyinFlows) },
    { kind: 'kuaishou_orders', shop: '快手测试店', name: 'kuaishou.csv', type: csv, bytes: gb18030(kuaishouOrders) },
    { kind: 'kuaishou_bills', shop: '快手测试店', name: '货款账单.csv', type: csv, bytes: gb18030(kuaishouBills) },
    { kind: 'wechat_orders', shop: '微信测试店', name: 'wechat.xlsx', type: xlsx, bytes: wechatOrders },
    { kind: 'wechat_flows', shop: '微信测试店', name: '资金流水.xls', type: 'application/vnd.ms-excel', bytes: wechatFlows },
    { kind: 'shipments', shop: '', name: 'shipments.xlsx', type: xlsx, bytes: shipments },
  ] as const;
}

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

  it('refuses a file whose header it cannot find, in Chinese', async () => {
    const answer = await upload(server, '/api/reconciliation/import/preview?kind=douyin_orders&shop=x', token, { name: 'a.csv', type: 'text/csv', bytes: 'a,b\n1,2\n' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('主订单编号');
  });
});
