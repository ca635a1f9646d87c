import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectTypes, Migration } from '../dialect';

/**
 * Creates a business table with the columns every resource shares: the owning team, the version for
 * optimistic concurrency, the author and the times. Lists are read per team, newest first, hence the
 * (team_id, created_at) index.
 */
async function createResource<T extends string>(
  db: Kysely<unknown>,
  t: DialectTypes,
  name: T,
  columns: (table: CreateTableBuilder<T, 'id' | 'team_id'>) => CreateTableBuilder<T, string>,
): Promise<void> {
  const table = t
    .withId(db.schema.createTable(name))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'));
  await columns(table)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.time, (c) => c.notNull())
    .addColumn('updated_at', t.time, (c) => c.notNull())
    .execute();
  await index(db, name, ['team_id', 'created_at']);
}

async function index(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(`${table}_${columns.join('_')}`).on(table).columns(columns).execute();
}

/** The business resources: goods, quoting, store orders and bills, daily work, and the admin inventories. */
export const migration: Migration = {
  async up(db, t) {
    await createResource(db, t, 'goods', (table) =>
      table
        .addColumn('sku', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('category', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('brand', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('spec', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('price_fen', 'bigint', (c) => c.notNull())
        .addColumn('cost_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('image', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('goods_team_sku', ['team_id', 'sku']),
    );
    await index(db, 'goods', ['team_id', 'status']);
    await index(db, 'goods', ['team_id', 'category']);

    await createResource(db, t, 'goods_comments', (table) =>
      table
        .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
        .addColumn('platform', 'varchar(16)', (c) => c.notNull())
        .addColumn('buyer_nick', 'varchar(64)', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('content', 'varchar(1000)', (c) => c.notNull())
        .addColumn('reply', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) => c.notNull()),
    );
    await index(db, 'goods_comments', ['goods_id']);
    await index(db, 'goods_comments', ['team_id', 'platform', 'status']);

    await createResource(db, t, 'price_asks', (table) =>
      table
        .addColumn('ask_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('spec', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('expected_price_fen', 'bigint')
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('handle_mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('deadline_at', t.time)
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('price_asks_ask_no', ['ask_no']),
    );
    await index(db, 'price_asks', ['team_id', 'kind', 'status']);
    await index(db, 'price_asks', ['team_id', 'handle_mode', 'status']);
    // Quoting teams work through the open asks of every asking team.
    await index(db, 'price_asks', ['status', 'created_at']);

    await createResource(db, t, 'price_quotes', (table) =>
      table
        .addColumn('ask_id', 'integer', (c) => c.notNull().references('price_asks.id').onDelete('cascade'))
        .addColumn('quote_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('quote_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('price_fen', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('delivery_days', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('quoted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('price_quotes_quote_no', ['quote_no']),
    );
    await index(db, 'price_quotes', ['ask_id']);
    await index(db, 'price_quotes', ['team_id', 'quote_type', 'status']);

    await createResource(db, t, 'store_orders', (table) =>
      table
        .addColumn('platform', 'varchar(16)', (c) => c.notNull())
        .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('shop_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('buyer_nick', 'varchar(64)', (c) => c.notNull())
        .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('sku', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('freight_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('express_company', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('express_no', 'varchar(64)')
        .addColumn('paid_at', t.time, (c) => c.notNull())
        .addColumn('shipped_at', t.time)
        .addColumn('reconciled', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('store_orders_platform_order_no', ['platform', 'order_no']),
    );
    await index(db, 'store_orders', ['team_id', 'platform', 'paid_at']);
    await index(db, 'store_orders', ['team_id', 'platform', 'status']);

    await createResource(db, t, 'store_bills', (table) =>
      table
        .addColumn('platform', 'varchar(16)', (c) => c.notNull())
        .addColumn('bill_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('period', 'varchar(7)', (c) => c.notNull())
        .addColumn('shop_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('income_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('fee_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('settle_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('confirmed_at', t.time)
        .addUniqueConstraint('store_bills_bill_no', ['bill_no']),
    );
    await index(db, 'store_bills', ['team_id', 'platform', 'period']);
    await index(db, 'store_bills', ['team_id', 'status']);

    await createResource(db, t, 'purchases', (table) =>
      table
        .addColumn('purchase_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('supplier', 'varchar(100)', (c) => c.notNull())
        .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('expected_at', t.time)
        .addUniqueConstraint('purchases_purchase_no', ['purchase_no']),
    );
    await index(db, 'purchases', ['team_id', 'status']);

    await createResource(db, t, 'sign_records', (table) =>
      table
        .addColumn('order_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('express_company', 'varchar(32)', (c) => c.notNull())
        .addColumn('express_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('receiver', 'varchar(64)', (c) => c.notNull())
        .addColumn('signed_at', t.time)
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    );
    await index(db, 'sign_records', ['team_id', 'status']);
    await index(db, 'sign_records', ['order_no']);

    await createResource(db, t, 'work_orders', (table) =>
      table
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('priority', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addUniqueConstraint('work_orders_order_no', ['order_no']),
    );
    await index(db, 'work_orders', ['team_id', 'status', 'priority']);
    await index(db, 'work_orders', ['assignee_id']);

    await createResource(db, t, 'trades', (table) =>
      table
        .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('direction', 'varchar(8)', (c) => c.notNull())
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('channel', 'varchar(16)', (c) => c.notNull())
        .addColumn('counterparty', 'varchar(100)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('traded_at', t.time, (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('trades_trade_no', ['trade_no']),
    );
    await index(db, 'trades', ['team_id', 'traded_at']);
    await index(db, 'trades', ['team_id', 'status']);

    await createResource(db, t, 'tasks', (table) =>
      table
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('cron', 'varchar(64)', (c) => c.notNull())
        .addColumn('handler', 'varchar(128)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('last_run_at', t.time)
        .addColumn('last_result', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    );
    await index(db, 'tasks', ['team_id', 'status']);

    await createResource(db, t, 'servers', (table) =>
      table
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('host', 'varchar(255)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('os', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('cpu_cores', 'integer', (c) => c.notNull())
        .addColumn('memory_mb', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    );
    await index(db, 'servers', ['team_id', 'status']);

    await createResource(db, t, 'iot_devices', (table) =>
      table
        .addColumn('device_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('location', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('last_seen_at', t.time)
        .addUniqueConstraint('iot_devices_device_no', ['device_no']),
    );
    await index(db, 'iot_devices', ['team_id', 'status']);

    await createResource(db, t, 'websites', (table) =>
      table
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('domain', 'varchar(255)', (c) => c.notNull())
        .addColumn('icp', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo('')),
    );
    await index(db, 'websites', ['team_id', 'status']);
  },
};
