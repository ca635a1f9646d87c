import type { Migration } from '../dialect';

/**
 * 收银台's sales: one row per checkout and one per goods line of it, with the prices as sold (a
 * receipt reads the same after the goods change). `checkout_id` is the till's own id of the
 * checkout, unique within the team, so a retried or double-clicked 结账 finds the sale it made
 * instead of selling twice. Today's takings and the latest sales are read by team and time.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('cashier_sales'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      .addColumn('sale_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('checkout_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('cashier_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('cashier_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('item_count', 'integer', (c) => c.notNull())
      .addColumn('subtotal_fen', 'bigint', (c) => c.notNull())
      .addColumn('discount_fen', 'bigint', (c) => c.notNull())
      .addColumn('total_fen', 'bigint', (c) => c.notNull())
      .addColumn('payment', 'varchar(16)', (c) => c.notNull())
      .addColumn('received_fen', 'bigint', (c) => c.notNull())
      .addColumn('change_fen', 'bigint', (c) => c.notNull())
      .addColumn('trade_id', 'integer', (c) => c.references('trades.id').onDelete('set null'))
      .addColumn('sold_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('cashier_sales_sale_no', ['sale_no'])
      .addUniqueConstraint('cashier_sales_team_checkout', ['team_id', 'checkout_id'])
      .execute();
    await db.schema.createIndex('cashier_sales_team_id_sold_at').on('cashier_sales').columns(['team_id', 'sold_at']).execute();

    await t
      .withId(db.schema.createTable('cashier_sale_items'))
      .addColumn('sale_id', 'integer', (c) => c.notNull().references('cashier_sales.id').onDelete('cascade'))
      .addColumn('goods_id', 'integer', (c) => c.references('goods.id').onDelete('set null'))
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('price_fen', 'bigint', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('amount_fen', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cashier_sale_items_sale_id').on('cashier_sale_items').columns(['sale_id']).execute();
  },
};
