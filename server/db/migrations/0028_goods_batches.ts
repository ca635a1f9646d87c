import type { Migration } from '../dialect';

/**
 * 商品管理's batches: one row per batch applied to a team's goods (who, when, what, how many) and
 * one per goods it changed, with the fields' values before and after (JSON) and the goods' version
 * right after, so an undo can tell whether anyone changed the goods since. An undo is a batch too
 * (kind 'undo', `undo_of` the batch it undid), and marks the one it undid. Goods and their history
 * are written through the resource layer, never here.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('goods_batches'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      .addColumn('batch_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('note', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('goods_count', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('undo_of', 'integer', (c) => c.references('goods_batches.id').onDelete('set null'))
      .addColumn('undone_at', t.time)
      .addColumn('undone_by', 'varchar(64)')
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('goods_batches_batch_no', ['batch_no'])
      .execute();
    await db.schema.createIndex('goods_batches_team_id_created_at').on('goods_batches').columns(['team_id', 'created_at']).execute();

    await t
      .withId(db.schema.createTable('goods_batch_items'))
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('goods_batches.id').onDelete('cascade'))
      .addColumn('goods_id', 'integer', (c) => c.references('goods.id').onDelete('set null'))
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('before_values', 'text', (c) => c.notNull())
      .addColumn('after_values', 'text', (c) => c.notNull())
      .addColumn('version_after', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('goods_batch_items_batch_id').on('goods_batch_items').columns(['batch_id']).execute();
  },
};
