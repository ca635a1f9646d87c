/**
 * 首页 and 工作台 over the real server: figures counted from the rows the test writes in two teams
 * of its own, scoped by the caller (a seller sees their team only, an administrator every team or
 * the one picked), and each user's own to-do list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { Database } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { chinaDay } from '../../server/dashboard/rules';
import type { DashboardOverview, DashboardWorkbench } from '../../src/contract/api/dashboard';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = 'dash-test-123';

interface Fixture {
  teams: { a: number; b: number; q: number };
  users: { a: number; b: number; q: number };
  asks: Record<string, string>;
}

/** Two asking teams and a quoting team of the test's own, a user in each, and their asks, quotes, orders and a notice. */
async function writeFixture(db: Kysely<Database>, now: number): Promise<Fixture> {
  const team = async (name: string, type: number) => (await db.insertInto('teams').values({ name, type, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const teams = { a: await team('看板甲队', 1), b: await team('看板乙队', 1), q: await team('看板报价队', 2) };
  const hash = await hashPassword(PASSWORD);
  const user = async (username: string, teamId: number, role: string) => {
    const { id } = await db
      .insertInto('users')
      .values({ team_id: teamId, department_id: null, username, password_hash: hash, name: username, logo: '', mobile: null, email: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: roleId } = await db.selectFrom('roles').select('id').where('code', '=', role).executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
    return id;
  };
  const users = { a: await user('dash_a', teams.a, 'seller'), b: await user('dash_b', teams.b, 'seller'), q: await user('dash_q', teams.q, 'quoter') };
  let serial = 0;
  const asks: Record<string, string> = {};
  const ask = async (key: string, teamId: number, by: number, status: 'pending' | 'quoted' | 'accepted', at: number) => {
    const ask_no = `XJT${String(++serial).padStart(6, '0')}`;
    asks[key] = ask_no;
    const values = { ask_no, goods_name: `看板测试商品${key}`, spec: '', quantity: 10, expected_price_fen: null, kind: 'ordinary' as const, status, handle_mode: 'manual' as const, deadline_at: null, remark: '' };
    return (await db.insertInto('price_asks').values({ ...values, team_id: teamId, created_by: by, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;
  };
  const quote = async (askId: number, status: 'submitted' | 'accepted' | 'rejected', at: number, expiresAt: number | null = null) => {
    const values = { ask_id: askId, quote_no: `BJT${String(++serial).padStart(6, '0')}`, quote_type: 'spot' as const, price_fen: 12_345, quantity: 10, delivery_days: 3, status, quoted_by: users.q, remark: '', expires_at: expiresAt };
    await db.insertInto('price_quotes').values({ ...values, team_id: teams.q, created_by: users.q, created_at: at, updated_at: at }).execute();
  };
  // Team A: an ask quoted twice (the first after 30 minutes) and one accepted; one waiting; one a week ago; one whose quote waits on the seller.
  const won = await ask('won', teams.a, users.a, 'accepted', now - 3 * HOUR);
  await quote(won, 'accepted', now - 3 * HOUR + 30 * MINUTE);
  await quote(won, 'rejected', now - 2 * HOUR);
  const waiting = await ask('waiting', teams.a, users.a, 'pending', now - 10 * MINUTE);
  await ask('old', teams.a, users.a, 'pending', now - 8 * DAY);
  const toAccept = await ask('toAccept', teams.a, users.a, 'quoted', now - 40 * DAY);
  await quote(toAccept, 'submitted', now - 40 * DAY + HOUR, now + 2 * HOUR);
  // Team B: one ask with one quote, 60 minutes later.
  const other = await ask('other', teams.b, users.b, 'quoted', now - 5 * HOUR);
  await quote(other, 'submitted', now - 4 * HOUR);
  // The quoting team's queue holds the waiting ask, open to anyone.
  await db.insertInto('ask_queue').values({ ask_id: waiting, status: 'open', assignee_id: null, reason: '', team_id: teams.q, created_by: null, created_at: now, updated_at: now }).execute();

  // Team A's orders: one matched, one paid 5 元 short; a settlement line with no order.
  const order = async (order_no: string, amount: number) =>
    (
      await db
        .insertInto('store_orders')
        .values({
          platform: 'douyin',
          order_no,
          shop_name: '看板测试店',
          buyer_nick: '',
          goods_name: '测试',
          sku: '',
          quantity: 1,
          amount_fen: amount,
          freight_fen: 0,
          status: 'signed',
          express_company: '',
          express_no: null,
          paid_at: now - 20 * DAY,
          shipped_at: now - 19 * DAY,
          promised_ship_at: null,
          shipment_recorded: 1,
          explained: 0,
          team_id: teams.a,
          created_by: users.a,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const matched = await order('DASH-1', 10_000);
  const short = await order('DASH-2', 20_000);
  await db.updateTable('recon_results').set({ outcome: 'matched', expected_fen: 10_000, settled_fen: 10_000, difference_fen: 0 }).where('order_id', '=', matched).execute();
  await db.updateTable('recon_results').set({ outcome: 'mismatch', expected_fen: 20_000, settled_fen: 19_500, difference_fen: -500 }).where('order_id', '=', short).execute();
  await db
    .insertInto('recon_settlements')
    .values({ platform: 'douyin', shop_name: '看板测试店', flow_no: 'DASHFLOW1', order_no: 'DASH-9', sub_order_no: 'DASH-9', category: 'income', scene: '', amount_fen: 3000, fee_service_fen: 0, fee_commission_fen: 0, fee_affiliate_fen: 0, fee_other_fen: 0, settled_at: now - 5 * DAY, has_order: 0, team_id: teams.a, created_by: users.a, created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('recon_import_jobs')
    .values({ team_id: teams.a, created_by: users.a, kind: 'douyin_orders', shop_name: '看板测试店', file_name: '十一月订单.csv', preview: 0, state: 'done', bytes_total: 1, report: null, error_key: null, error_params: null, worker: 'test', heartbeat_at: now, created_at: now - HOUR, finished_at: now - HOUR })
    .execute();
  await db.insertInto('notices').values({ type: 2, content: '看板测试通知', find_id: asks.toAccept!, target_kind: 'user', target_id: users.a, created_by: null, created_at: now }).execute();
  return { teams, users, asks };
}

describe.each(DIALECTS)('the dashboard on %s', (dialect) => {
  let server: TestServer;
  let fixture: Fixture;
  const now = Date.now();
  const tokens: Record<string, string> = {};
  const overview = (token: string | undefined, query = '') => call<DashboardOverview>(server, `/api/dashboard/overview${query}`, { method: 'GET', token });
  const workbench = (token: string | undefined) => call<DashboardWorkbench>(server, '/api/dashboard/workbench', { method: 'GET', token });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fixture = await writeFixture(server.database.db, now);
    for (const [user, password] of [['admin', 'admin123'], ['dash_a', PASSWORD], ['dash_b', PASSWORD], ['dash_q', PASSWORD]]) tokens[user] = (await loginAs(server, user, password)).token;
  });
  afterAll(() => server.close());

  const today = (...ats: number[]) => ats.filter((at) => chinaDay(at) === chinaDay(now)).length;

  it("shows a seller their own team's asks, quotes, rates and reconciliation, against the week before", async () => {
    const answer = await overview(tokens.dash_a);
    expect(answer.status).toBe(200);
    const { quoting, recon, teams, team } = answer.body.data;
    expect(teams).toBeNull();
    expect(team).toBe(fixture.teams.a);
    expect(quoting!.asks).toEqual({ current: 2, previous: 1, today: today(now - 3 * HOUR, now - 10 * MINUTE) });
    expect(quoting!.quotes).toEqual({ current: 2, previous: 0, today: today(now - 3 * HOUR + 30 * MINUTE, now - 2 * HOUR) });
    expect(quoting!.accept_rate).toEqual({ current: 0.5, previous: null });
    expect(quoting!.first_quote_minutes).toEqual({ current: 30, previous: null });
    expect(quoting!.trend).toHaveLength(7);
    expect(quoting!.trend.reduce((sum, day) => sum + day.asks, 0)).toBe(2);
    expect(quoting!.waiting.map((ask) => ask.ask_no)).toEqual([fixture.asks.waiting, fixture.asks.old]);
    expect(quoting!.waiting[0]!.team_name).toBe('看板甲队');
    expect(recon).toEqual({ orders: 2, lines: 1, matched: 1, mismatched: 1, missing: 1, paid_fen: 30_000, settled_fen: 29_500, difference_fen: -500 });
    expect(answer.body.data.unread.notices).toBeGreaterThanOrEqual(1);
  });

  it('counts 30 days when asked, the old ask and the quote it got included', async () => {
    const { quoting, days } = (await overview(tokens.dash_a, '?days=30')).body.data;
    expect(days).toBe(30);
    expect(quoting!.trend).toHaveLength(30);
    expect(quoting!.asks.current).toBe(3);
    expect(quoting!.asks.previous).toBe(1);
    expect(quoting!.quotes.previous).toBe(1);
  });

  it("never shows a seller another team's figures", async () => {
    const b = (await overview(tokens.dash_b)).body.data;
    expect(b.quoting!.asks.current).toBe(1);
    expect(b.quoting!.first_quote_minutes.current).toBe(60);
    expect(b.quoting!.waiting).toEqual([]);
    expect(b.recon).toEqual({ orders: 0, lines: 0, matched: 0, mismatched: 0, missing: 0, paid_fen: 0, settled_fen: 0, difference_fen: 0 });
    const refused = await overview(tokens.dash_b, `?team=${fixture.teams.a}`);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有权限');
  });

  it('shows an administrator every team, and one team when picked', async () => {
    const all = (await overview(tokens.admin)).body.data;
    expect(all.team).toBeNull();
    expect(all.teams!.map((team) => team.name)).toEqual(expect.arrayContaining(['看板甲队', '看板乙队']));
    expect(all.quoting!.asks.current).toBeGreaterThanOrEqual(3);
    const a = (await overview(tokens.admin, `?team=${fixture.teams.a}`)).body.data;
    const seller = (await overview(tokens.dash_a)).body.data;
    expect(a.team).toBe(fixture.teams.a);
    expect(a.quoting).toEqual(seller.quoting);
    expect(a.recon).toEqual(seller.recon);
    const b = (await overview(tokens.admin, `?team=${fixture.teams.b}`)).body.data;
    expect(b.quoting!.asks.current).toBe(1);
    expect(b.quoting!.quotes.current).toBe(1);
    expect((await overview(tokens.admin, '?team=999999')).status).toBe(404);
  });

  it('shows a quoting team the quotes it gave and the open asks of its market', async () => {
    const q = (await overview(tokens.dash_q)).body.data;
    expect(q.quoting!.quotes.current).toBe(3);
    expect(q.quoting!.waiting.map((ask) => ask.ask_no)).toContain(fixture.asks.waiting);
    // A quoter reads no orders.
    expect(q.recon).toBeNull();
  });

  it('refuses a guest, and bad query values in Chinese', async () => {
    expect((await overview(undefined)).status).toBe(401);
    expect((await workbench(undefined)).status).toBe(401);
    for (const query of ['?days=9', '?team=abc', '?team=0', '?extra=1']) {
      const answer = await overview(tokens.admin, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.msg, query).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it("lists a seller's to-dos: quotes to answer, shops with differences, notices, and their everyday screens", async () => {
    const answer = await workbench(tokens.dash_a);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.to_accept.map((ask) => [ask.ask_no, ask.quotes])).toEqual([[fixture.asks.toAccept, 1]]);
    expect(data.queue).toEqual([]);
    expect(data.expiring).toEqual([]);
    expect(data.differences).toEqual([{ platform: 'douyin', shop_name: '看板测试店', orders: 1, difference_fen: -500, last_file: '十一月订单.csv', last_import_at: now - HOUR }]);
    expect(data.notices.map((notice) => notice.content)).toContain('看板测试通知');
    expect(data.entries.map((entry) => entry.path)).toEqual(['/common/info/question', '/askprice/find/ordinary', '/bill/core/douyin', '/bill/summary', '/goods/list']);
  });

  it("lists a quoter's queue and their quotes about to expire, and only a quoter's screens", async () => {
    const data = (await workbench(tokens.dash_q)).body.data;
    expect(data.queue.map((item) => [item.ask_no, item.mine])).toEqual([[fixture.asks.waiting, false]]);
    expect(data.expiring.map((quote) => [quote.ask_no, quote.price_fen])).toEqual([[fixture.asks.toAccept, 12_345]]);
    expect(data.to_accept).toEqual([]);
    expect(data.differences).toEqual([]);
    expect(data.entries.map((entry) => entry.path)).toEqual(['/askprice/core/handle', '/askprice/quote/spot', '/askprice/quote/transfer']);
  });
});
