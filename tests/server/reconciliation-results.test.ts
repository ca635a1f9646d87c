/**
 * What matching finds lives in recon_results (0021), one row an order, read through
 * store_orders_view: a match writes neither the orders' rows nor, when nothing changed, anything
 * at all (no write counter moves, so kept list pages stay good); when a result changes, the
 * orders' counter moves and a kept list follows; every order has its row from its insert on, its
 * team follows a move, and a page of an outcome filter is read along the orders with each result
 * by its key, for a team's seller and for the administrator (the databases' own plans); on
 * PostgreSQL a result is rewritten in place (0023).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import type { ListQuery } from '../../src/contract/resource';
import { RECON_TOLERANCE_FEN, RECON_UNSETTLED_DAYS, type ReconMatchReport } from '../../src/contract/api/reconciliation';
import { loadAccess } from '../../server/auth/access';
import type { ResourceCaller } from '../../server/resources/caller';
import { resourceRegistry } from '../../server/resources/definitions';
import { pageQuery } from '../../server/resources/read-records';
import { dynamic } from '../../server/resources/store';
import { tableVersion } from '../../server/resources/table-versions';
import { matchOrders } from '../../server/reconciliation/match';
import { matchInput, writeOrderResults } from '../../server/reconciliation/store';

const MISMATCHES: ListQuery = { filters: [{ field: 'outcome', op: 'eq', value: 'mismatch' }] };

describe.each(DIALECTS)('match results apart from the orders on %s', (dialect) => {
  let server: TestServer;
  let seller: string;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    seller = (await loginAs(server, 'seller', 'seller123')).token;
    admin = (await loginAs(server, 'admin', 'admin123')).token;
  });
  afterAll(() => server.close());

  const match = async (token = seller) => (await call<ReconMatchReport>(server, '/api/reconciliation/match', { token, body: {} })).body.data;
  const orders = () => resourceApi(server, 'store_orders');
  const counters = async () => Promise.all(['store_orders', 'recon_settlements'].map((table) => tableVersion(dynamic(server.database.db), table)));

  it('writes nothing when the results did not change: no write counter moves', async () => {
    await match();
    const before = await counters();
    const again = await match();
    expect(again.changed).toBe(0);
    expect(await counters()).toEqual(before);
  });

  it('moves the orders’ counter when a result changes, so a kept list of an outcome follows', async () => {
    const first = await orders().list(seller, MISMATCHES);
    const mismatched = first.body.data.rows.map((row) => row.id);
    expect(mismatched.length).toBeGreaterThan(0);
    // A settlement line of a matched order settles a yuan short: that order now differs.
    const db = server.database.db;
    const matched = await db.selectFrom('store_orders_view as o').innerJoin('recon_settlements as l', 'l.order_no', 'o.order_no').select(['o.id', 'l.id as line']).where('o.outcome', '=', 'matched').where('l.category', '=', 'income').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('recon_settlements').set((eb) => ({ amount_fen: eb('amount_fen', '-', 100) })).where('id', '=', matched.line).execute();
    const [ordersBefore] = await counters();
    expect((await match()).changed).toBe(1);
    const [ordersAfter] = await counters();
    expect(ordersAfter).toBeGreaterThan(ordersBefore!);
    const second = await orders().list(seller, MISMATCHES);
    expect(second.body.data.rows.map((row) => row.id).sort()).toEqual([...mismatched, matched.id].sort());
    expect(second.body.data.total).toBe(first.body.data.total + 1);
  });

  it('gives a new order its result row, which follows the order to another team; the results are not written through the API', async () => {
    const created = await orders().create(seller, { platform: 'douyin', order_no: '6999000000000001', shop_name: '新店', buyer_nick: '新客', goods_name: '新品', quantity: 1, amount_fen: 990, paid_at: Date.now() });
    expect(created.body.data).toMatchObject({ outcome: 'pending', reconciled: false, expected_fen: 0 });
    const refused = await orders().update(seller, created.body.data.id, created.body.data.version, { outcome: 'matched' });
    expect(refused.body.code).toBe(400);
    const db = server.database.db;
    const other = await db.selectFrom('teams').select('id').where('id', '<>', created.body.data.team_id!).where('type', '=', 1).executeTakeFirstOrThrow();
    const moved = await orders().update(admin, created.body.data.id, created.body.data.version, { team_id: other.id });
    expect(moved.body.code).toBe(200);
    expect(await db.selectFrom('recon_results').select(['team_id', 'outcome']).where('order_id', '=', created.body.data.id).executeTakeFirstOrThrow()).toEqual({ team_id: other.id, outcome: 'pending' });
    expect((await orders().remove(admin, created.body.data.id)).body.code).toBe(200);
    expect(await db.selectFrom('recon_results').select('order_id').where('order_id', '=', created.body.data.id).execute()).toEqual([]);
  });

  /** The indexes the database reads a first page of mismatches along, for a user of one team. */
  async function indexesRead(username: string): Promise<string> {
    const user = await server.database.db.selectFrom('users').select(['id', 'name', 'team_id']).where('username', '=', username).executeTakeFirstOrThrow();
    const caller: ResourceCaller = { userId: user.id, userName: user.name, username, teamId: user.team_id!, teamType: 0, scope: user.team_id!, access: await loadAccess(server.database.db, user.id), lang: 'zh', ip: '127.0.0.1' };
    const store = (await resourceRegistry(server.database).get('store_orders'))!;
    const compiled = pageQuery(dynamic(server.database.db), store, caller, MISMATCHES, dialect, null, [sql.ref('id').as('id')]).limit(20).compile();
    if (dialect === 'sqlite') {
      const { rows } = await server.database.db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
      return rows.map((row) => row.detail).join('\n');
    }
    return server.database.db.transaction().execute(async (trx) => {
      // The demo's few hundred rows are cheaper to scan: price whole scans out, so the plan shows whether an index serves the filter.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('reads a team’s page of an outcome filter along its orders, each order’s result by its key', async () => {
    const plan = await indexesRead('seller');
    expect(plan).toMatch(dialect === 'sqlite' ? /SEARCH r USING INTEGER PRIMARY KEY/ : /Index Scan using recon_results_pkey/);
    expect(plan).not.toMatch(/SCAN (?:r|recon_results)\b|Seq Scan on recon_results/);
  });

  it.runIf(dialect === 'postgres')('rewrites an order’s result in place (a HOT update: no index entry, no page moved to), its outcome changing', async () => {
    const db = server.database.db;
    const { team_id: team } = await db.selectFrom('users').select('team_id').where('username', '=', 'seller').executeTakeFirstOrThrow();
    await db.updateTable('recon_results').set({ outcome: 'pending', settled_fen: 0 }).where('team_id', '=', team!).execute();
    // The match's own write, in a transaction, counted by the database.
    const { changed, updated, hot } = await db.transaction().execute(async (trx) => {
      const updates = async () => {
        const { rows } = await sql<{ updated: string; hot: string }>`select n_tup_upd as updated, n_tup_hot_upd as hot from pg_stat_xact_user_tables where relid = 'recon_results'::regclass`.execute(trx);
        return { updated: Number(rows[0].updated), hot: Number(rows[0].hot) };
      };
      // This connection's counts not yet reported (the reset's, if it ran here) are the base.
      const before = await updates();
      const input = await matchInput(trx, team!);
      const results = matchOrders(input.orders, input.lines, { toleranceFen: RECON_TOLERANCE_FEN, unsettledDays: RECON_UNSETTLED_DAYS, now: Date.now() });
      const changed = await writeOrderResults(
        trx,
        input.orders.map((order) => order.id),
        results,
      );
      const after = await updates();
      return { changed, updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(changed).toBeGreaterThan(10);
    expect({ updated, hot }).toEqual({ updated: changed, hot: changed });
  });
});
