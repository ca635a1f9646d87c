import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { CreateShareData, SharedQuote, ShareableQuoteList, ShareLinkList } from '../../src/contract/api/share';
import { tokenHash } from '../../server/auth/tokens';

describe.each(DIALECTS)('quotation links on %s', (dialect) => {
  let server: TestServer;
  let staff: string;
  let seller: string;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    staff = (await loginAs(server, 'staff', 'staff123')).token;
    seller = (await loginAs(server, 'seller', 'seller123')).token;
  });
  afterAll(() => server.close());

  const quotes = async () => (await call<ShareableQuoteList>(server, '/api/index/share/quotes', { token: staff })).body.data.rows;
  const share = (token: string, quote_id: number, days?: number) =>
    call<CreateShareData>(server, '/api/index/share/create', { token, body: { quote_id, ...(days ? { days } : {}) } });
  const view = (token: string) => call<SharedQuote>(server, '/api/public/share/view', { body: { token } });

  it("lists the quoting team's quotes, newest first, with their goods", async () => {
    const rows = await quotes();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(50);
    expect(rows[0]).toMatchObject({ quote_no: expect.any(String), goods_name: expect.any(String), price_fen: expect.any(Number) });
    const times = rows.map((row) => row.created_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The asking team quotes nothing.
    expect((await call<ShareableQuoteList>(server, '/api/index/share/quotes', { token: seller })).body.data.rows).toEqual([]);
  });

  it('shows a shared quote without a login, counts its views, and keeps only the hash', async () => {
    const [quote] = await quotes();
    const created = await share(staff, quote.id, 3);
    expect(created.body.code).toBe(200);
    const { id, token, expires_at } = created.body.data;
    expect(expires_at - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(expires_at - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);

    const first = await view(token);
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({
      quote_no: quote.quote_no,
      goods_name: quote.goods_name,
      spec: quote.spec,
      quantity: quote.quantity,
      price_fen: quote.price_fen,
      delivery_days: quote.delivery_days,
      quote_type: quote.quote_type,
      team_name: '云仓报价组',
      quoted_at: quote.created_at,
      expires_at,
    });
    expect(Object.keys(first.body.data)).not.toContain('id');
    await view(token);

    const links = (await call<ShareLinkList>(server, '/api/index/share/list', { token: staff })).body.data.rows;
    expect(links.find((link) => link.id === id)).toMatchObject({ quote_no: quote.quote_no, revoked: false, views: 2 });

    const stored = await server.database.db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const log = await server.database.db.selectFrom('system_logs').select('target').where('action', '=', 'create-share').executeTakeFirst();
    expect(log?.target).toBe(quote.quote_no);
  });

  it("keeps another team away from the quoting team's quotes and links", async () => {
    const [quote] = await quotes();
    const refused = await share(seller, quote.id);
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('报价单不存在');

    const { id, token } = (await share(staff, quote.id)).body.data;
    const revoke = await call(server, '/api/index/share/revoke', { token: seller, body: { id } });
    expect(revoke.status).toBe(404);
    expect((await call<ShareLinkList>(server, '/api/index/share/list', { token: seller })).body.data.rows).toEqual([]);
    expect((await view(token)).body.code).toBe(200);
  });

  it('refuses unknown, revoked and expired links alike', async () => {
    const [quote] = await quotes();
    const unknown = await view('x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('链接不存在或已失效');

    const revoked = (await share(staff, quote.id)).body.data;
    expect((await call(server, '/api/index/share/revoke', { token: staff, body: { id: revoked.id } })).body.code).toBe(200);
    expect((await view(revoked.token)).status).toBe(404);
    const links = (await call<ShareLinkList>(server, '/api/index/share/list', { token: staff })).body.data.rows;
    expect(links.find((link) => link.id === revoked.id)?.revoked).toBe(true);

    const expired = (await share(staff, quote.id)).body.data;
    await server.database.db.updateTable('share_links').set({ expires_at: Date.now() - 1 }).where('id', '=', expired.id).execute();
    const answer = await view(expired.token);
    expect(answer.status).toBe(404);
    expect(answer.body.msg).toBe('链接不存在或已失效');
  });

  it('accepts 1 to 30 days only', async () => {
    const [quote] = await quotes();
    expect((await share(staff, quote.id, 31)).status).toBe(400);
    expect((await call(server, '/api/index/share/create', { token: staff, body: { quote_id: quote.id, days: 0 } })).status).toBe(400);
  });
});
