/** The built-in resources of reconciliation: store orders, store bills, purchases and deliveries (shipments signed for). */
import { field, options, enumOf, text, remark, money, numbered, PLATFORMS } from '../resources/fields';
import { builtin, readWriteOf, codes, ADMIN } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';
import { FILE_KINDS, FILE_KIND_INFO } from './file-kinds';
import { keepTrackingNumbers } from './tracking';

/** Each matching outcome in Chinese with its colour (match.ts's Outcome). */
export const OUTCOME_OPTIONS = options(
  ['matched', '已对平', 'Matched', 'green'],
  ['mismatch', '金额不符', 'Amount differs', 'red'],
  ['unshipped', '未发货', 'Not shipped', 'orange'],
  ['unsettled', '已发货未结算', 'Shipped, not settled', 'gold'],
  ['refunded', '已退款', 'Refunded', 'purple'],
  ['duplicate', '重复结算', 'Settled twice', 'magenta'],
  ['orphan', '平台有账无单', 'Settled, no order', 'volcano'],
  ['no_shipment', '有单无发货记录', 'No shipment record', 'cyan'],
  ['pending', '待结算', 'Not due yet', 'default'],
);

const FEE_FIELDS = [
  money('fee_service_fen', '平台服务费', 'Service fee', { minimum: undefined }),
  money('fee_commission_fen', '佣金', 'Commission', { minimum: undefined }),
  money('fee_affiliate_fen', '服务商/渠道分成', 'Affiliate share', { minimum: undefined }),
  money('fee_other_fen', '其他费用', 'Other fees', { minimum: undefined }),
];

/**
 * What matching found of an order: kept in recon_results (0021), shown through store_orders_view,
 * written by matching alone. 已对账 (reconciled) is matched or refunded.
 */
const RECONCILED = field('reconciled', 'boolean', '已对账', 'Reconciled', { default: false, readOnly: true });
const MATCH_RESULT_FIELDS = [
  enumOf('outcome', '对账结果', 'Outcome', OUTCOME_OPTIONS, { default: 'pending', indexed: true }),
  money('expected_fen', '应结金额', 'Expected'),
  money('settled_fen', '已结金额', 'Settled', { minimum: undefined }),
  money('difference_fen', '差额', 'Difference', { minimum: undefined }),
  ...FEE_FIELDS,
  money('fee_fen', '费用合计', 'Fees', { minimum: undefined }),
].map((result) => ({ ...result, readOnly: true }));

const storeOrders = builtin({
  name: 'store_orders',
  zh: '店铺订单',
  en: 'Store orders',
  fields: [
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    text('order_no', '订单号', 'Order number', 64, { required: true, searchable: true }),
    text('shop_name', '店铺', 'Shop', 100, { required: true, searchable: true }),
    text('buyer_nick', '买家昵称', 'Buyer', 64, { required: true, searchable: true }),
    text('goods_name', '商品名称', 'Goods', 200, { required: true, searchable: true }),
    text('sku', '商品编码', 'SKU', 64),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    money('amount_fen', '实付金额', 'Amount paid', { required: true }),
    money('freight_fen', '运费', 'Freight'),
    enumOf(
      'status',
      '订单状态',
      'Status',
      options(['pending', '待发货', 'To ship', 'orange'], ['shipped', '已发货', 'Shipped', 'blue'], ['signed', '已签收', 'Signed', 'green'], ['refunded', '已退款', 'Refunded', 'red']),
      { required: true, default: 'pending' },
    ),
    text('express_company', '快递公司', 'Carrier', 32),
    text('express_no', '快递单号', 'Tracking number', 64, { searchable: true }),
    field('paid_at', 'datetime', '付款时间', 'Paid at', { required: true, indexed: true }),
    field('shipped_at', 'datetime', '发货时间', 'Shipped at'),
    RECONCILED,
    money('refund_fen', '退款金额', 'Refunded'),
    field('promised_ship_at', 'datetime', '承诺发货时间', 'Promised shipping'),
    field('shipment_recorded', 'boolean', '有发货记录', 'In a shipment file', { default: false }),
    ...MATCH_RESULT_FIELDS,
    field('explained', 'boolean', '差异已说明', 'Explained', { default: false }),
    text('explain_note', '说明', 'Note', 255),
  ],
  labelField: 'order_no',
  teamScoped: true,
  permissions: codes('store_orders'),
  indexes: [['platform', 'paid_at'], ['platform', 'status']],
  nullable: ['express_no', 'shipped_at', 'promised_ship_at'],
  // An order number is unique on its platform (store_orders_platform_order_no).
  uniques: [['platform', 'order_no']],
  readView: { name: 'store_orders_view', fields: [RECONCILED, ...MATCH_RESULT_FIELDS].map((result) => result.name) },
  hooks: {
    // An edit of 快递单号 through the API finds the order by each number it now holds (a delete takes its numbers along).
    async afterWrite(trx, before, after) {
      if (after && before?.express_no !== after.express_no) await keepTrackingNumbers(trx, [{ id: after.id, express_no: (after.express_no as string | null) ?? null }]);
    },
  },
});

const storeBills = builtin({
  name: 'store_bills',
  zh: '店铺账单',
  en: 'Store bills',
  fields: [
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    numbered('bill_no', '账单号', 'Bill number'),
    text('period', '账期', 'Period', 7, { required: true, minLength: 7, description: { zh: '格式 YYYY-MM', en: 'As YYYY-MM' } }),
    text('shop_name', '店铺', 'Shop', 100, { required: true, searchable: true }),
    field('order_count', 'integer', '订单数', 'Orders', { minimum: 0, default: 0 }),
    money('income_fen', '收入', 'Income'),
    money('refund_fen', '退款', 'Refunds'),
    money('fee_fen', '平台服务费', 'Platform fees'),
    // Refunds and fees can exceed the income of a month: a settlement may be negative.
    field('settle_fen', 'money', '结算金额', 'Settlement'),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['pending', '待确认', 'To confirm', 'orange'], ['confirmed', '已确认', 'Confirmed', 'green'], ['disputed', '有争议', 'Disputed', 'red']),
      { required: true, default: 'pending' },
    ),
    field('confirmed_at', 'datetime', '确认时间', 'Confirmed at'),
  ],
  labelField: 'bill_no',
  teamScoped: true,
  permissions: codes('store_bills'),
  indexes: [['platform', 'period']],
  nullable: ['confirmed_at'],
  numbered: { bill_no: 'ZD' },
});

const purchases = builtin({
  name: 'purchases',
  zh: '采购单',
  en: 'Purchases',
  fields: [
    numbered('purchase_no', '采购单号', 'Purchase number'),
    text('supplier', '供应商', 'Supplier', 100, { required: true, searchable: true }),
    text('goods_name', '商品名称', 'Goods', 200, { required: true, searchable: true }),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    money('amount_fen', '采购金额', 'Amount', { required: true }),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['draft', '草稿', 'Draft', 'default'], ['ordered', '已下单', 'Ordered', 'blue'], ['received', '已收货', 'Received', 'green'], ['cancelled', '已取消', 'Cancelled', 'red']),
      { required: true, default: 'draft' },
    ),
    field('expected_at', 'datetime', '预计到货', 'Expected at'),
  ],
  labelField: 'purchase_no',
  teamScoped: true,
  permissions: codes('purchases'),
  nullable: ['expected_at'],
  numbered: { purchase_no: 'CG' },
});

const signRecords = builtin({
  name: 'sign_records',
  zh: '签收记录',
  en: 'Deliveries',
  fields: [
    text('order_no', '订单号', 'Order number', 64, { required: true, searchable: true, indexed: true }),
    text('express_company', '快递公司', 'Carrier', 32, { required: true }),
    text('express_no', '快递单号', 'Tracking number', 64, { required: true, searchable: true }),
    text('receiver', '收件人', 'Receiver', 64, { required: true, searchable: true }),
    field('signed_at', 'datetime', '签收时间', 'Signed at'),
    enumOf('status', '状态', 'Status', options(['waiting', '待签收', 'Waiting', 'orange'], ['signed', '已签收', 'Signed', 'green'], ['rejected', '拒收', 'Rejected', 'red']), {
      required: true,
      default: 'waiting',
    }),
    remark(),
  ],
  labelField: 'order_no',
  teamScoped: true,
  permissions: codes('sign_records'),
  nullable: ['signed_at'],
});

const settlements = builtin({
  name: 'recon_settlements',
  zh: '结算明细',
  en: 'Settlement lines',
  fields: [
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    text('shop_name', '店铺', 'Shop', 100, { required: true, searchable: true }),
    text('flow_no', '流水号', 'Flow number', 64, { required: true, searchable: true }),
    text('order_no', '订单号', 'Order number', 64, { required: true, searchable: true, indexed: true }),
    text('sub_order_no', '子订单号', 'Sub-order number', 64),
    enumOf('category', '类型', 'Kind', options(['income', '入账', 'Income', 'green'], ['refund', '退款', 'Refund', 'red'], ['fee', '费用', 'Fee', 'orange']), { required: true }),
    text('scene', '动账场景', 'Scene', 64),
    money('amount_fen', '金额', 'Amount', { required: true, minimum: undefined }),
    ...FEE_FIELDS,
    field('settled_at', 'datetime', '结算时间', 'Settled at'),
    field('has_order', 'boolean', '有对应订单', 'Has an order', { default: true }),
  ],
  labelField: 'flow_no',
  teamScoped: true,
  permissions: codes('recon_settlements'),
  indexes: [['order_no']],
  nullable: ['settled_at'],
  uniques: [['platform', 'flow_no']],
});

const columnMaps = builtin({
  name: 'recon_column_maps',
  zh: '对账文件列映射',
  en: 'Reconciliation column maps',
  fields: [
    enumOf('kind', '文件类型', 'File kind', options(...FILE_KINDS.map((kind): [string, string, string] => [kind, FILE_KIND_INFO[kind].zh, FILE_KIND_INFO[kind].en])), { required: true }),
    text('field', '字段', 'Field', 32, { required: true, searchable: true }),
    field('aliases', 'text', '表头别名（每行一个）', 'Headers (one a line)', { required: true, maxLength: 500 }),
  ],
  labelField: 'field',
  teamScoped: false,
  permissions: codes('recon_column_maps'),
  system: ADMIN,
  uniques: [['kind', 'field']],
});

export const RECONCILIATION_RESOURCES: ResourceStore[] = [storeOrders, storeBills, purchases, signRecords, settlements, columnMaps];

/** What the demo seller role works in here, in its own team (seed/demo.ts). */
export const RECONCILIATION_SELLER_PERMISSIONS = readWriteOf(['store_orders', 'store_bills', 'purchases', 'sign_records', 'recon_settlements']);
