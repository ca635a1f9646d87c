/**
 * A match run end to end (run-match.ts): on PostgreSQL the orders are read a chunk at a time while
 * the previous chunk's results are written. Chunks of three orders over the demo team's orders
 * must find and store exactly what matching all of them at once finds, orphans and has_order
 * included, and a second run must change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { matchOrders, type MatchResult } from '../../server/reconciliation/match';
import { runMatch } from '../../server/reconciliation/run-match';
import { matchInput } from '../../server/reconciliation/store';

const OPTIONS = { toleranceFen: 1, unsettledDays: 10, now: Date.UTC(2026, 11, 15) };
const byNumber = (results: MatchResult[]) => [...results].sort((a, b) => a.order_no.localeCompare(b.order_no) || Number(a.has_order) - Number(b.has_order));

describe.each(DIALECTS)('a match run in chunks on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('stores what one match of every order at once finds, and a second run changes nothing', async () => {
    const db = server.database.db;
    const { team_id: team } = await db.selectFrom('store_orders').select('team_id').groupBy('team_id').orderBy((eb) => eb.fn.countAll(), 'desc').limit(1).executeTakeFirstOrThrow();
    const input = await matchInput(db, team);
    expect(input.orders.length).toBeGreaterThan(6);
    const expected = matchOrders(input.orders, input.lines, OPTIONS);
    expect(expected.some((result) => result.outcome === 'orphan')).toBe(true);

    const first = await runMatch(db, team, {}, OPTIONS, 3);
    expect(byNumber(first.results)).toEqual(byNumber(expected));
    const stored = await db.selectFrom('store_orders_view').select(['order_no', 'outcome', 'expected_fen', 'settled_fen', 'difference_fen', 'fee_fen']).where('team_id', '=', team).execute();
    expect(stored.sort((a, b) => a.order_no.localeCompare(b.order_no))).toEqual(
      byNumber(expected.filter((result) => result.has_order)).map(({ order_no, outcome, expected_fen, settled_fen, difference_fen, fee_fen }) => ({ order_no, outcome, expected_fen, settled_fen, difference_fen, fee_fen })),
    );
    const orphans = new Set(expected.filter((result) => !result.has_order).map((result) => result.order_no));
    const lines = await db.selectFrom('recon_settlements').select(['order_no', 'has_order']).where('team_id', '=', team).execute();
    for (const line of lines) expect(line.has_order).toBe(orphans.has(line.order_no) ? 0 : 1);

    expect((await runMatch(db, team, {}, OPTIONS, 3)).changed).toBe(0);
  });
});
