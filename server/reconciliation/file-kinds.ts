/**
 * The platform files reconciliation reads and the default column map of each: for every field we
 * read, the headers it may come under. The maps are seeded into recon_column_maps, where an admin
 * edits them; these defaults are what a new database starts with.
 */
import { RECON_FILE_KINDS as FILE_KINDS } from '../../src/contract/api/reconciliation';

export { FILE_KINDS };
export type Platform = 'douyin' | 'kuaishou' | 'wechat';
export type FileKind = (typeof FILE_KINDS)[number];

/** The fees itemised per order; every platform's fee column folds into one of these. */
export const FEE_KINDS = ['service', 'commission', 'affiliate', 'other'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

export type ColumnMap = Record<string, string[]>;

export interface FileKindInfo {
  platform: Platform | null;
  role: 'orders' | 'settlements' | 'shipments';
  zh: string;
  en: string;
  /** Fields without which a row is refused. */
  required: string[];
  columns: ColumnMap;
}

const ORDERS_REQUIRED = ['order_no', 'amount'];

export const FILE_KIND_INFO: Record<FileKind, FileKindInfo> = {
  douyin_orders: {
    platform: 'douyin',
    role: 'orders',
    zh: '抖音订单',
    en: 'Douyin orders',
    required: ['order_no', 'sub_order_no', 'amount'],
    columns: {
      order_no: ['主订单编号', '订单编号'],
      sub_order_no: ['子订单编号'],
      goods_name: ['选购商品', '商品名称'],
      sku: ['商家编码', '商品ID'],
      quantity: ['商品数量'],
      amount: ['订单应付金额'],
      freight: ['运费'],
      status: ['订单状态'],
      after_sale: ['售后状态'],
      paid_at: ['支付完成时间', '订单提交时间'],
      promised_ship_at: ['承诺发货时间'],
      shipped_at: ['发货时间'],
      express: ['快递信息', '物流信息'],
    },
  },
  douyin_flows: {
    platform: 'douyin',
    role: 'settlements',
    zh: '抖音动账明细',
    en: 'Douyin fund flows',
    required: ['flow_no', 'amount'],
    columns: {
      flow_no: ['动账流水号'],
      settled_at: ['动账时间'],
      direction: ['动账方向'],
      amount: ['动账金额'],
      scene: ['动账场景'],
      order_no: ['订单号'],
      sub_order_no: ['子订单号'],
      'fee:service': ['平台服务费', '招商服务费'],
      'fee:commission': ['佣金'],
      'fee:affiliate': ['服务商佣金', '渠道分成'],
      'fee:other': ['站外推广费', '其他分成'],
    },
  },
  kuaishou_orders: {
    platform: 'kuaishou',
    role: 'orders',
    zh: '快手订单',
    en: 'Kuaishou orders',
    required: ORDERS_REQUIRED,
    columns: {
      order_no: ['订单号'],
      goods_name: ['商品名称'],
      sku: ['SKU编码', '商品ID'],
      quantity: ['成交数量'],
      amount: ['实付款'],
      freight: ['快递费'],
      status: ['订单状态'],
      after_sale: ['售后状态'],
      paid_at: ['订单支付时间', '订单创建时间'],
      shipped_at: ['发货时间'],
      express_company: ['快递公司'],
      express_no: ['快递单号'],
    },
  },
  kuaishou_bills: {
    platform: 'kuaishou',
    role: 'settlements',
    zh: '快手货款账单',
    en: 'Kuaishou settlement bills',
    required: ['order_no', 'amount'],
    columns: {
      order_no: ['订单号'],
      amount: ['实际结算金额(元)', '实际结算金额'],
      refund: ['订单退款(元)', '订单退款'],
      settled_at: ['实际结算时间'],
      'fee:service': ['技术服务费(元)', '技术服务费'],
      'fee:commission': ['达人佣金(元)', '达人佣金', '团长佣金(元)', '团长佣金'],
      'fee:affiliate': ['快赚客佣金(元)', '快赚客佣金', '服务商佣金(元)', '服务商佣金'],
      'fee:other': ['其他收费'],
    },
  },
  wechat_orders: {
    platform: 'wechat',
    role: 'orders',
    zh: '微信小店订单',
    en: 'WeChat store orders',
    required: ORDERS_REQUIRED,
    columns: {
      order_no: ['订单号'],
      goods_name: ['商品名称'],
      sku: ['SKU编码(自定义)', '商品编码(平台)'],
      quantity: ['商品数量'],
      amount: ['订单实际支付金额'],
      freight: ['订单运费'],
      status: ['订单状态'],
      after_sale: ['商品售后'],
      refund: ['商品已退款金额'],
      paid_at: ['支付时间', '订单下单时间'],
      shipped_at: ['订单发货时间'],
      express_company: ['物流公司'],
      express_no: ['快递单号'],
    },
  },
  wechat_flows: {
    platform: 'wechat',
    role: 'settlements',
    zh: '微信小店资金流水',
    en: 'WeChat store fund flows',
    required: ['flow_no', 'amount'],
    columns: {
      flow_no: ['流水单号'],
      settled_at: ['记账时间'],
      scene: ['动账类型'],
      direction: ['收支类型'],
      amount: ['收支金额'],
      order_no: ['关联订单号'],
    },
  },
  shipments: {
    platform: null,
    role: 'shipments',
    zh: '发货单',
    en: 'Shipments',
    required: ['order_no', 'express_no'],
    columns: {
      order_no: ['订单号', '主订单编号', '订单编号'],
      express_company: ['快递公司', '物流公司'],
      express_no: ['快递单号', '运单号', '物流单号'],
      shipped_at: ['发货时间'],
    },
  },
};

export const isFileKind = (value: string): value is FileKind => (FILE_KINDS as readonly string[]).includes(value);
