import type { Kysely } from 'kysely';
import type { Migration } from '../dialect';

const money = 'bigint';

/**
 * The column maps as the platforms exported in 2026, copied here rather than imported from
 * reconciliation/file-kinds: a migration that has run must seed the same rows forever, whatever
 * the defaults become later.
 */
const COLUMN_MAPS: Record<string, Record<string, string[]>> = {
  douyin_orders: {
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
  douyin_flows: {
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
  kuaishou_orders: {
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
  kuaishou_bills: {
    order_no: ['订单号'],
    amount: ['实际结算金额(元)', '实际结算金额'],
    refund: ['订单退款(元)', '订单退款'],
    settled_at: ['实际结算时间'],
    'fee:service': ['技术服务费(元)', '技术服务费'],
    'fee:commission': ['达人佣金(元)', '达人佣金', '团长佣金(元)', '团长佣金'],
    'fee:affiliate': ['快赚客佣金(元)', '快赚客佣金', '服务商佣金(元)', '服务商佣金'],
    'fee:other': ['其他收费'],
  },
  wechat_orders: {
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
  wechat_flows: {
    flow_no: ['流水单号'],
    settled_at: ['记账时间'],
    scene: ['动账类型'],
    direction: ['收支类型'],
    amount: ['收支金额'],
    order_no: ['关联订单号'],
  },
  shipments: {
    order_no: ['订单号', '主订单编号', '订单编号'],
    express_company: ['快递公司', '物流公司'],
    express_no: ['快递单号', '运单号', '物流单号'],
    shipped_at: ['发货时间'],
  },
};

/**
 * Reconciliation: orders learn what the platform files say of them (refunds, the promised shipping
 * time, whether the seller's shipment file named them) and what matching found (one outcome, the
 * expected and settled amounts, fees by kind, a note when a person explained the difference);
 * settlement lines get a table of their own, one row per flow; and the column map of every platform
 * file becomes data an admin edits, seeded with the columns the platforms export today.
 */
export const migration: Migration = {
  async up(db, t) {
    const orders = [
      ['refund_fen', money],
      ['expected_fen', money],
      ['settled_fen', money],
      ['difference_fen', money],
      ['fee_service_fen', money],
      ['fee_commission_fen', money],
      ['fee_affiliate_fen', money],
      ['fee_other_fen', money],
      ['fee_fen', money],
      ['shipment_recorded', 'integer'],
      ['explained', 'integer'],
    ] as const;
    for (const [name, type] of orders) await db.schema.alterTable('store_orders').addColumn(name, type, (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('store_orders').addColumn('promised_ship_at', t.time).execute();
    await db.schema.alterTable('store_orders').addColumn('outcome', 'varchar(16)', (c) => c.notNull().defaultTo('pending')).execute();
    await db.schema.alterTable('store_orders').addColumn('explain_note', 'varchar(255)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.createIndex('store_orders_team_id_outcome').on('store_orders').columns(['team_id', 'outcome']).execute();

    await t
      .withId(db.schema.createTable('recon_settlements'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      .addColumn('platform', 'varchar(16)', (c) => c.notNull())
      .addColumn('shop_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('flow_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('sub_order_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      .addColumn('scene', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount_fen', money, (c) => c.notNull())
      .addColumn('fee_service_fen', money, (c) => c.notNull().defaultTo(0))
      .addColumn('fee_commission_fen', money, (c) => c.notNull().defaultTo(0))
      .addColumn('fee_affiliate_fen', money, (c) => c.notNull().defaultTo(0))
      .addColumn('fee_other_fen', money, (c) => c.notNull().defaultTo(0))
      .addColumn('settled_at', t.time)
      .addColumn('has_order', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('recon_settlements_team_platform_flow', ['team_id', 'platform', 'flow_no'])
      .execute();
    await db.schema.createIndex('recon_settlements_team_id_order_no').on('recon_settlements').columns(['team_id', 'order_no']).execute();
    await db.schema.createIndex('recon_settlements_team_id_created_at').on('recon_settlements').columns(['team_id', 'created_at']).execute();

    await t
      .withId(db.schema.createTable('recon_column_maps'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('field', 'varchar(32)', (c) => c.notNull())
      .addColumn('aliases', 'varchar(500)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('recon_column_maps_kind_field', ['kind', 'field'])
      .execute();
    const now = Date.now();
    const rows = Object.entries(COLUMN_MAPS).flatMap(([kind, columns]) =>
      Object.entries(columns).map(([field, aliases]) => ({ kind, field, aliases: aliases.join('\n'), created_at: now, updated_at: now })),
    );
    await (db as Kysely<{ recon_column_maps: (typeof rows)[number] }>).insertInto('recon_column_maps').values(rows).execute();
  },
};
