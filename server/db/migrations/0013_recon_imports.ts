import type { Migration } from '../dialect';

/**
 * Reconciliation imports become jobs kept in the database: the upload is answered at once and read
 * in the background, and whichever server process answers a poll reads the job's state and progress
 * here. `worker` names the process running it and `heartbeat_at` when it last said so, so a restart
 * (or a process that died) leaves no job "running" forever. Orders gain indexes by order and
 * tracking number within a team, which shipment files and scoped matching look them up by.
 */
export const migration: Migration = {
  async up(db, t) {
    await t
      .withId(db.schema.createTable('recon_import_jobs'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('shop_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('preview', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('bytes_total', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('report', 'text')
      .addColumn('error_key', 'varchar(64)')
      .addColumn('error_params', 'text')
      .addColumn('worker', 'varchar(128)', (c) => c.notNull())
      .addColumn('heartbeat_at', t.time, (c) => c.notNull())
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('finished_at', t.time)
      .execute();
    await db.schema.createIndex('recon_import_jobs_team_id_created_at').on('recon_import_jobs').columns(['team_id', 'created_at']).execute();
    // A shipment file finds the team's orders by order number, else by tracking number; matching scoped to a shop reads by order number.
    await db.schema.createIndex('store_orders_team_id_order_no').on('store_orders').columns(['team_id', 'order_no']).execute();
    await db.schema.createIndex('store_orders_team_id_express_no').on('store_orders').columns(['team_id', 'express_no']).execute();
    await db.schema.createIndex('recon_import_jobs_state').on('recon_import_jobs').columns(['state']).execute();
  },
};
