/**
 * Upgrade of a database whose match results sit on store_orders (release 0020): migration 0021
 * carries every order's outcome, amounts and fees into recon_results, drops those columns and the
 * outcome index from store_orders, and store_orders_view shows each order as it was (已对账 now
 * what the outcome says); an order inserted afterwards gets its pending result by itself. Migration
 * 0022 gives every order a row per tracking number its 快递单号 holds.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/open';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { DIALECTS } from '../support/server-harness';
import { scratchDatabases } from '../support/scratch-database';

const AT_0021 = migrations.findIndex(([name]) => name === '0021_recon_results');
const BEFORE_0021 = migrations.slice(0, AT_0021);
const THROUGH_0021 = migrations.slice(0, AT_0021 + 1);
const THROUGH_0022 = migrations.slice(0, AT_0021 + 2);

const RESULTS = ['outcome', 'expected_fen', 'settled_fen', 'difference_fen', 'fee_service_fen', 'fee_commission_fen', 'fee_affiliate_fen', 'fee_other_fen', 'fee_fen'] as const;

/** Two orders as release 0020 stored them: one matched short by 5 yuan with its fees, one not matched yet. */
const OLD_ORDERS = [
  { order_no: '6900000000000001', outcome: 'mismatch', expected_fen: 5000, settled_fen: 4500, difference_fen: -500, fee_service_fen: -250, fee_commission_fen: -100, fee_affiliate_fen: -20, fee_other_fen: -5, fee_fen: -375, reconciled: 0, explained: 1, explain_note: '平台少结 5 元' },
  { order_no: '6900000000000002', outcome: 'matched', expected_fen: 3000, settled_fen: 3000, difference_fen: 0, fee_service_fen: -150, fee_commission_fen: 0, fee_affiliate_fen: 0, fee_other_fen: 0, fee_fen: -150, reconciled: 1, explained: 0, explain_note: '' },
  { order_no: '6900000000000003', outcome: 'pending', expected_fen: 0, settled_fen: 0, difference_fen: 0, fee_service_fen: 0, fee_commission_fen: 0, fee_affiliate_fen: 0, fee_other_fen: 0, fee_fen: 0, reconciled: 0, explained: 0, explain_note: '' },
];

describe.each(DIALECTS)('migrations 0021 (match results apart) and 0022 (tracking numbers) on an older %s database', (dialect) => {
  let database: DatabaseHandle;
  const emptyDatabase = scratchDatabases(dialect, 'recon-results-');

  /** The columns of a table as the database lists them. */
  async function columnsOf(table: string): Promise<string[]> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(database.db)
        : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(database.db);
    return rows.map((row) => row.name);
  }

  async function olderDatabase(steps: typeof migrations) {
    database = await emptyDatabase();
    await migrateToLatest(database, steps);
    const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = Date.now();
    const { id: team } = await old.insertInto('teams').values({ name: '老团队', type: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const common = { platform: 'douyin', shop_name: '抖音店', buyer_nick: '-', goods_name: '商品', sku: '', quantity: 1, freight_fen: 0, status: 'signed', express_company: '', paid_at: now, team_id: team, version: 1, created_at: now, updated_at: now };
    return { old, team, common };
  }

  it('gives every order a row per tracking number (0022)', async () => {
    const { old, common } = await olderDatabase(THROUGH_0021);
    const held = { '6900000000000011': 'YT1,YT2', '6900000000000012': null, '6900000000000013': 'SF3；SF4 SF4' };
    await old.insertInto('store_orders').values(Object.entries(held).map(([order_no, express_no]) => ({ ...common, order_no, express_no, amount_fen: 100 }))).execute();
    expect(await migrateToLatest(database, THROUGH_0022)).toEqual(['0022_recon_tracking_numbers']);
    const rows = await database.db.selectFrom('recon_tracking_numbers as t').innerJoin('store_orders as o', 'o.id', 't.order_id').select(['o.order_no', 't.express_no']).orderBy('t.express_no').execute();
    expect(rows).toEqual([
      { order_no: '6900000000000013', express_no: 'SF3' },
      { order_no: '6900000000000013', express_no: 'SF4' },
      { order_no: '6900000000000011', express_no: 'YT1' },
      { order_no: '6900000000000011', express_no: 'YT2' },
    ]);
  });

  it('carries every result into recon_results, shows the orders as they were through the view, and gives a new order its row', async () => {
    const { old, team, common } = await olderDatabase(BEFORE_0021);
    await old.insertInto('store_orders').values(OLD_ORDERS.map((order, i) => ({ ...common, ...order, amount_fen: 5000 - i * 2000 }))).execute();
    expect(await columnsOf('store_orders')).toEqual(expect.arrayContaining([...RESULTS, 'reconciled']));

    expect(await migrateToLatest(database, THROUGH_0021)).toEqual(['0021_recon_results']);
    for (const column of [...RESULTS, 'reconciled']) expect(await columnsOf('store_orders')).not.toContain(column);
    const shown = await database.db.selectFrom('store_orders_view').select(['order_no', ...RESULTS, 'reconciled', 'explained', 'explain_note']).orderBy('order_no').execute();
    expect(shown.map((order) => ({ ...order, reconciled: Number(order.reconciled) }))).toEqual(OLD_ORDERS);
    expect(Number((await database.db.selectFrom('recon_results').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(OLD_ORDERS.length);

    await old.insertInto('store_orders').values({ ...common, order_no: '6900000000000004', amount_fen: 100 }).execute();
    expect(await database.db.selectFrom('store_orders_view').select(['outcome', 'reconciled', 'team_id']).where('order_no', '=', '6900000000000004').executeTakeFirstOrThrow()).toMatchObject({ outcome: 'pending', team_id: team });
    expect(await migrateToLatest(database, THROUGH_0021)).toEqual([]);
  });
});
