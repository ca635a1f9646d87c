import { sql, type Kysely } from 'kysely';
import type { Migration } from '../dialect';

/** How 快递单号 separated several numbers as of this step, copied: a migration that has run must split the same forever. */
const SEPARATORS = /[;,，；\s]+/;
const BATCH = 500;

type Old = Kysely<{
  store_orders: { id: number; express_no: string | null };
  recon_tracking_numbers: { order_id: number; express_no: string };
}>;

/**
 * Issue 16: an order whose 快递单号 holds several numbers ("A,B", as a Douyin export writes them)
 * is found by any one of them: each number gets a row of its own, looked up by its index. The
 * reconciliation store keeps the rows in step with every write of express_no; existing orders get
 * theirs here.
 */
export const migration: Migration = {
  async up(db, t) {
    const table = db.schema
      .createTable('recon_tracking_numbers')
      .addColumn('order_id', 'integer', (c) => c.notNull().references('store_orders.id').onDelete('cascade'))
      .addColumn('express_no', 'varchar(64)', (c) => c.notNull())
      .addPrimaryKeyConstraint('recon_tracking_numbers_pkey', ['order_id', 'express_no']);
    // SQLite: the key is the table, not a rowid table beside a copy of it, so a number written is two B-tree entries, not three.
    await (t.name === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table).execute();
    await db.schema.createIndex('recon_tracking_numbers_express_no').on('recon_tracking_numbers').column('express_no').execute();
    const old = db as Old;
    for (let after = 0; ; ) {
      const orders = await old.selectFrom('store_orders').select(['id', 'express_no']).where('id', '>', after).where('express_no', 'is not', null).orderBy('id').limit(BATCH).execute();
      if (orders.length === 0) return;
      after = orders[orders.length - 1].id;
      const rows = orders.flatMap((order) => [...new Set(order.express_no!.split(SEPARATORS).filter(Boolean))].map((number) => ({ order_id: order.id, express_no: number })));
      if (rows.length > 0) await old.insertInto('recon_tracking_numbers').values(rows).execute();
    }
  },
};
