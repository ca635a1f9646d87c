import { sql } from 'kysely';
import type { Migration } from '../dialect';

/** What matching writes of an order beside its outcome, in fen (0012 put them on store_orders). */
const RESULT_AMOUNTS = ['expected_fen', 'settled_fen', 'difference_fen', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen', 'fee_fen'] as const;

/**
 * Issue 16 (speed): what matching finds of an order moves to a narrow table of its own, one row an
 * order. On store_orders, the first match of 100,000 orders rewrote every wide row and, the outcome
 * being indexed (no HOT update), all 8 of its indexes: 10.2 WAL records a row on PostgreSQL. Here a
 * result is a short row under two indexes.
 *
 * Every order has its row from the moment it is inserted (a trigger of each dialect), so an
 * outcome filter is an equality on recon_results, served by its index by outcome and team; the
 * order's team follows a move. `store_orders_view` is the order as the console reads it (the
 * resource engine reads store orders through it, writes go to the table); a migration that adds a
 * column to store_orders creates the view again (PostgreSQL fixes `o.*` when the view is made).
 * 已对账 (reconciled) is now what matching found: matched or refunded.
 */
export const migration: Migration = {
  async up(db, t) {
    let results = db.schema
      .createTable('recon_results')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('store_orders.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull().defaultTo('pending'));
    for (const column of RESULT_AMOUNTS) results = results.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0));
    await results.execute();
    const carried = sql.join(['team_id', 'outcome', ...RESULT_AMOUNTS].map((column) => sql.ref(column)));
    await sql`insert into recon_results (order_id, ${carried}) select id, ${carried} from store_orders`.execute(db);
    // Outcome first: an administrator's filter (every team) uses its prefix, a team's both columns.
    await db.schema.createIndex('recon_results_outcome_team_id').on('recon_results').columns(['outcome', 'team_id']).execute();

    await db.schema.dropIndex('store_orders_team_id_outcome').execute();
    for (const column of ['outcome', ...RESULT_AMOUNTS, 'reconciled']) await db.schema.alterTable('store_orders').dropColumn(column).execute();

    const shown = sql.join(['outcome', ...RESULT_AMOUNTS].map((column) => sql.ref(`r.${column}`)));
    // The join names the team as well: a filter on the outcome makes it an inner join, and the
    // order's team then reaches recon_results' index too.
    await sql`create view store_orders_view as
      select o.*, ${shown}, case when r.outcome in ('matched', 'refunded') then 1 else 0 end as reconciled
      from store_orders o left join recon_results r on r.order_id = o.id and r.team_id = o.team_id`.execute(db);

    if (t.name === 'sqlite') {
      await sql`create trigger store_orders_result_ai after insert on store_orders
        begin insert into recon_results (order_id, team_id) values (new.id, new.team_id); end`.execute(db);
      await sql`create trigger store_orders_result_team after update of team_id on store_orders when new.team_id is not old.team_id
        begin update recon_results set team_id = new.team_id where order_id = new.id; end`.execute(db);
      return;
    }
    // Once a statement, from the rows it inserted: an import's chunk of orders is one insert.
    await sql`create function recon_results_of_new_orders() returns trigger language plpgsql as $$
      begin
        insert into recon_results (order_id, team_id) select id, team_id from added;
        return null;
      end $$`.execute(db);
    await sql`create trigger store_orders_results after insert on store_orders referencing new table as added
      for each statement execute function recon_results_of_new_orders()`.execute(db);
    await sql`create function recon_results_follow_team() returns trigger language plpgsql as $$
      begin
        update recon_results set team_id = new.team_id where order_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger store_orders_results_team after update of team_id on store_orders
      for each row when (old.team_id is distinct from new.team_id) execute function recon_results_follow_team()`.execute(db);
  },
};
