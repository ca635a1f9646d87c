/**
 * One scenario of platform files for reconciliation's tests (server and Chromium alike): every
 * outcome once or twice across the three platforms, each file in the encoding and shape it really
 * comes in, generated from the column lists of issue 16 (reconciliation-files.ts).
 */
import { COLUMNS, csvText, gb18030, utf8Bom, xlsxFile, type FileRow } from './reconciliation-files';
import { formatDateTime } from '../../server/resources/time';

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
export async function scenarioFiles() {
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

