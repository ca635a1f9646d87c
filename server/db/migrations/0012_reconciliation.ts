import type { Kysely } from 'kysely';
import type { Migration } from '../dialect';
import { FILE_KIND_INFO, FILE_KINDS } from '../../reconciliation/file-kinds';

const money = 'bigint';

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
    const rows = FILE_KINDS.flatMap((kind) =>
      Object.entries(FILE_KIND_INFO[kind].columns).map(([field, aliases]) => ({ kind, field, aliases: aliases.join('\n'), created_at: now, updated_at: now })),
    );
    await (db as Kysely<{ recon_column_maps: (typeof rows)[number] }>).insertInto('recon_column_maps').values(rows).execute();
  },
};
