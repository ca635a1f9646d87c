/** The built-in resources of reconciliation: store orders, store bills, purchases and deliveries (shipments signed for). */
import { field, options, enumOf, text, remark, money, numbered, PLATFORMS } from '../resources/fields';
import { builtin, readWriteOf, codes } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';

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
    field('reconciled', 'boolean', '已对账', 'Reconciled', { default: false }),
  ],
  labelField: 'order_no',
  teamScoped: true,
  permissions: codes('store_orders'),
  indexes: [['platform', 'paid_at'], ['platform', 'status']],
  nullable: ['express_no', 'shipped_at'],
  // An order number is unique on its platform (store_orders_platform_order_no).
  uniques: [['platform', 'order_no']],
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

export const RECONCILIATION_RESOURCES: ResourceStore[] = [storeOrders, storeBills, purchases, signRecords];

/** What the demo seller role works in here, in its own team (seed/demo.ts). */
export const RECONCILIATION_SELLER_PERMISSIONS = readWriteOf(['store_orders', 'store_bills', 'purchases', 'sign_records']);
