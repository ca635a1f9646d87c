import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import { resourceApi } from '../support/resources';
import { formatDateTime } from '../../server/resources/time';
import { RECON_OUTCOMES, type ReconMatchReport, type ReconSummary } from '../../src/contract/api/reconciliation';

describe.each(DIALECTS)('the demo reconciliation on %s', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    token = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(() => server.close());

  it('holds every outcome, and matching again finds what the demo shows', async () => {
    const summary = (await call<ReconSummary>(server, '/api/reconciliation/summary', { token, body: {} })).body.data.rows;
    const counts = Object.fromEntries(RECON_OUTCOMES.map((outcome) => [outcome, summary.reduce((sum, row) => sum + (row.counts[outcome] ?? 0), 0)]));
    for (const outcome of RECON_OUTCOMES) expect(counts[outcome], outcome).toBeGreaterThan(0);
    const match = await call<ReconMatchReport>(server, '/api/reconciliation/match', { token, body: {} });
    expect(match.body.data.changed).toBe(0);
  });

  it('confirms a bill only when its orders agree with it', async () => {
    const bills = (await resourceApi(server, 'store_bills').list(token, { pageSize: 100 })).body.data.rows;
    const orders = (await resourceApi(server, 'store_orders').list(token, { pageSize: 500 })).body.data.rows;
    const confirmed = bills.filter((row) => row.status === 'confirmed');
    expect(confirmed.length).toBeGreaterThan(0);
    for (const bill of confirmed) {
      const own = orders.filter((order) => order.platform === bill.platform && formatDateTime(Number(order.paid_at)).startsWith(String(bill.period)));
      for (const order of own) expect(order.reconciled).toBe(true);
    }
    expect(bills.some((row) => row.status === 'disputed')).toBe(true);
  });
});
