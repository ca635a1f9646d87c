/**
 * 数据大屏 over the real server: every figure counted from rows the test writes in teams of its own
 * (asks, quotes, store orders, bills, goods, an import), scoped like 首页: a seller sees their team
 * only and may not name another, an administrator sees every team or the one picked, a quoter gets
 * quoting without sales and bills, and a quoting team's ranking names its quoters. The demo's own
 * feed has its teams' imports among the quoting events, and nothing seeded at or after the seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { Database, StorePlatform } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { chinaDay } from '../../server/dashboard/rules';
import { formatDate } from '../../server/resources/time';
import type { DashboardScreen } from '../../src/contract/api/dashboard';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PASSWORD = 'screen-test-123';

interface Fixture {
  teams: { a: number; b: number; q: number };
  asks: Record<'today' | 'week' | 'old' | 'other', string>;
}

async function writeFixture(db: Kysely<Database>, now: number): Promise<Fixture> {
  const team = async (name: string, type: number) => (await db.insertInto('teams').values({ name, type, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const teams = { a: await team('大屏甲队', 1), b: await team('大屏乙队', 1), q: await team('大屏报价队', 2) };
  const hash = await hashPassword(PASSWORD);
  const user = async (username: string, name: string, teamId: number, role: string) => {
    const { id } = await db
      .insertInto('users')
      .values({ team_id: teamId, department_id: null, username, password_hash: hash, name, logo: '', mobile: null, email: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: roleId } = await db.selectFrom('roles').select('id').where('code', '=', role).executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
    return id;
  };
  const users = { a: await user('screen_a', '大屏甲', teams.a, 'seller'), b: await user('screen_b', '大屏乙', teams.b, 'seller'), q: await user('screen_q', '大屏报价员', teams.q, 'quoter') };
  let serial = 0;
  const ask = async (teamId: number, by: number, status: 'quoted' | 'accepted', at: number, goods: string) => {
    const ask_no = `XJS${String(++serial).padStart(6, '0')}`;
    const values = { ask_no, goods_name: goods, spec: '', quantity: 10, expected_price_fen: null, kind: 'ordinary' as const, status, handle_mode: 'manual' as const, deadline_at: null, remark: '' };
    const { id } = await db.insertInto('price_asks').values({ ...values, team_id: teamId, created_by: by, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    return { id, ask_no };
  };
  const quote = async (askId: number, status: 'submitted' | 'accepted', at: number) => {
    const values = { ask_id: askId, quote_no: `BJS${String(++serial).padStart(6, '0')}`, quote_type: 'spot' as const, price_fen: 5_000, quantity: 10, delivery_days: 3, status, quoted_by: users.q, remark: '' };
    await db.insertInto('price_quotes').values({ ...values, team_id: teams.q, created_by: users.q, created_at: at, updated_at: at }).execute();
  };
  // Team A: an ask today, adopted; one three days ago still quoted; one ten days ago (the week before), adopted.
  const today = await ask(teams.a, users.a, 'accepted', now - MINUTE, '大屏今日商品');
  await quote(today.id, 'accepted', now - 30_000);
  const week = await ask(teams.a, users.a, 'quoted', now - 3 * DAY, '大屏本周商品');
  await quote(week.id, 'submitted', now - 3 * DAY + HOUR);
  const old = await ask(teams.a, users.a, 'accepted', now - 10 * DAY, '大屏上周商品');
  await quote(old.id, 'accepted', now - 10 * DAY + HOUR);
  // Team B: one ask two hours ago with a quote.
  const other = await ask(teams.b, users.b, 'quoted', now - 2 * HOUR, '大屏乙队商品');
  await quote(other.id, 'submitted', now - 2 * HOUR + MINUTE);

  let orderNo = 0;
  const order = (goods: string, quantity: number, amount: number, paidAt: number, status: 'pending' | 'signed' | 'refunded', platform: StorePlatform = 'douyin') => ({
    platform,
    order_no: `SCREEN-${++orderNo}`,
    shop_name: '大屏测试店',
    buyer_nick: '',
    goods_name: goods,
    sku: '',
    quantity,
    amount_fen: amount,
    freight_fen: 0,
    status,
    express_company: '',
    express_no: null,
    paid_at: paidAt,
    shipped_at: null,
    promised_ship_at: null,
    shipment_recorded: 0,
    explained: 0,
    team_id: teams.a,
    created_by: users.a,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('store_orders')
    .values([
      order('大屏甲商品', 2, 10_000, now - MINUTE, 'pending'),
      order('大屏乙商品', 1, 5_000, now - 2 * DAY, 'signed', 'kuaishou'),
      order('大屏甲商品', 3, 9_000, now - 9 * DAY, 'signed'),
      // A refund sold nothing.
      order('大屏退款商品', 5, 99_999, now - DAY, 'refunded'),
    ])
    .execute();
  const month = formatDate(now).slice(0, 7);
  const bill = (platform: StorePlatform, period: string, settle: number) => ({
    platform,
    bill_no: `ZDS${platform}${period}`,
    period,
    shop_name: '大屏测试店',
    order_count: 1,
    income_fen: settle,
    refund_fen: 0,
    fee_fen: 0,
    settle_fen: settle,
    status: 'pending' as const,
    confirmed_at: null,
    team_id: teams.a,
    created_by: null,
    created_at: now,
    updated_at: now,
  });
  await db.insertInto('store_bills').values([bill('douyin', month, 30_000), bill('kuaishou', month, 10_000), bill('wechat', '2020-01', 77_777)]).execute();
  const goods = (sku: string, stock: number, status: 'on_sale' | 'off_sale') => ({
    sku,
    name: sku,
    category: '测试',
    brand: '',
    spec: '',
    unit: '件',
    price_fen: 100,
    cost_fen: 50,
    stock,
    status,
    image: '',
    remark: '',
    team_id: teams.a,
    created_by: users.a,
    created_at: now - 100 * DAY,
    updated_at: now,
  });
  await db.insertInto('goods').values([goods('SCR-LOW', 3, 'on_sale'), goods('SCR-OK', 50, 'on_sale'), goods('SCR-OFF', 1, 'off_sale')]).execute();
  await db
    .insertInto('recon_import_jobs')
    .values({ team_id: teams.a, created_by: users.a, kind: 'douyin_orders', shop_name: '大屏测试店', file_name: '大屏订单.csv', preview: 0, state: 'done', bytes_total: 1, report: null, error_key: null, error_params: null, worker: 'test', heartbeat_at: now, created_at: now - 5 * MINUTE, finished_at: now - 5 * MINUTE })
    .execute();
  return { teams, asks: { today: today.ask_no, week: week.ask_no, old: old.ask_no, other: other.ask_no } };
}

describe.each(DIALECTS)('数据大屏 on %s', (dialect) => {
  let server: TestServer;
  let fixture: Fixture;
  const now = Date.now();
  const tokens: Record<string, string> = {};
  const screen = (token: string | undefined, query = '') => call<DashboardScreen>(server, `/api/dashboard/screen${query}`, { method: 'GET', token });
  /** How many of these times fall on today (China time): a run just after midnight moves them. */
  const today = (...ats: number[]) => ats.filter((at) => chinaDay(at) === chinaDay(now)).length;
  const yesterday = (...ats: number[]) => ats.filter((at) => chinaDay(at) === chinaDay(now) - 1).length;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    fixture = await writeFixture(server.database.db, now);
    for (const [user, password] of [['admin', 'admin123'], ['screen_a', PASSWORD], ['screen_b', PASSWORD], ['screen_q', PASSWORD], ['seller', 'seller123'], ['sunli', 'demo123456']]) {
      tokens[user] = (await loginAs(server, user, password)).token;
    }
  });
  afterAll(() => server.close());

  it("shows a seller their team's asks, quotes and adoptions today and over the week, against yesterday and the week before", async () => {
    const answer = await screen(tokens.screen_a);
    expect(answer.status).toBe(200);
    const { quoting, teams, team, team_name, days } = answer.body.data;
    expect([teams, team, team_name, days]).toEqual([null, fixture.teams.a, '大屏甲队', 7]);
    expect(quoting!.asks).toEqual({ today: { current: today(now - MINUTE), previous: yesterday(now - MINUTE) }, period: { current: 2, previous: 1 } });
    expect(quoting!.quotes.period).toEqual({ current: 2, previous: 1 });
    expect(quoting!.accepted.period).toEqual({ current: 1, previous: 1 });
    expect(quoting!.accept_rate.period).toEqual({ current: 0.5, previous: 1 });
    expect(quoting!.trend).toHaveLength(7);
    expect(quoting!.trend.reduce((sum, day) => [sum[0]! + day.asks, sum[1]! + day.quotes, sum[2]! + day.accepted], [0, 0, 0])).toEqual([2, 2, 1]);
    expect(quoting!.ranking).toEqual([{ name: '大屏报价队', accepted: 1, quoted: 2 }]);
  });

  it('sums sales without refunds, ranks the goods, shares the bills of the months of the period, counts low stock', async () => {
    const data = (await screen(tokens.screen_a)).body.data;
    expect(data.sales!.quantity.period).toEqual({ current: 3, previous: 3 });
    expect(data.sales!.amount_fen.period).toEqual({ current: 15_000, previous: 9_000 });
    expect(data.sales!.amount_fen.today.current).toBe(today(now - MINUTE) * 10_000);
    expect(data.sales!.top).toEqual([
      { goods_name: '大屏甲商品', quantity: 2, amount_fen: 10_000 },
      { goods_name: '大屏乙商品', quantity: 1, amount_fen: 5_000 },
    ]);
    expect(data.platforms).toEqual([
      { platform: 'douyin', amount_fen: 30_000, share: 0.75 },
      { platform: 'kuaishou', amount_fen: 10_000, share: 0.25 },
    ]);
    expect(data.low_stock).toBe(1);
    expect(data.recon!.orders).toBe(4);
    expect(data.unread).toEqual({ chat: 0, notices: expect.any(Number) });
  });

  it("lists the team's newest events, newest first, and none of another team's", async () => {
    const { feed } = (await screen(tokens.screen_a)).body.data;
    expect(feed.map((event) => event.at)).toEqual([...feed.map((event) => event.at)].sort((a, b) => b - a));
    expect(feed.find((event) => event.kind === 'ask' && event.no === fixture.asks.today)).toMatchObject({ title: '大屏今日商品', team_name: '大屏甲队' });
    expect(feed.filter((event) => event.kind === 'accepted').map((event) => event.title)).toEqual(['大屏今日商品', '大屏上周商品']);
    expect(feed.find((event) => event.kind === 'import')).toMatchObject({ no: '大屏订单.csv', title: '大屏测试店' });
    expect(feed.some((event) => event.no === fixture.asks.other)).toBe(false);
  });

  it("shows each demo team's imports in its feed, every event of the demo already past when it was seeded", async () => {
    const db = server.database.db;
    // The demo's teams were made at the moment of the seed: everything it tells of happened before.
    const seeded = Number((await db.selectFrom('teams').select('created_at').where('name', '=', '华南采购一部').executeTakeFirstOrThrow()).created_at);
    for (const user of ['seller', 'sunli', 'admin']) {
      const { feed } = (await screen(tokens[user])).body.data;
      expect(feed.filter((event) => event.kind === 'import').length, user).toBeGreaterThan(0);
      expect(feed.filter((event) => event.at >= seeded), user).toEqual([]);
      // Teams import at their own times: no two imports at one instant.
      const imports = feed.filter((event) => event.kind === 'import').map((event) => event.at);
      expect(new Set(imports).size, user).toBe(imports.length);
    }
    const demoTeams = (await db.selectFrom('teams').select('id').where('name', 'not like', '大屏%').execute()).map((team) => team.id);
    for (const table of ['price_asks', 'price_quotes', 'store_orders', 'sign_records', 'purchases', 'store_bills', 'work_orders', 'trades'] as const) {
      const latest = await db
        .selectFrom(table)
        .select((eb) => [eb.fn.max('created_at').as('created'), eb.fn.max('updated_at').as('updated')])
        .where('team_id', 'in', demoTeams)
        .executeTakeFirstOrThrow();
      expect(Math.max(Number(latest.created), Number(latest.updated)), table).toBeLessThan(seeded);
    }
    const signed = await db.selectFrom('sign_records').select((eb) => eb.fn.max('signed_at').as('at')).where('team_id', 'in', demoTeams).executeTakeFirstOrThrow();
    expect(Number(signed.at)).toBeLessThan(seeded);
    const imported = await db.selectFrom('recon_import_jobs').select(['finished_at', 'report']).where('team_id', 'in', demoTeams).execute();
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.every((job) => job.finished_at! < seeded && job.report !== null)).toBe(true);
  });

  it('counts 30 days when asked', async () => {
    const { quoting, sales, days } = (await screen(tokens.screen_a, '?days=30')).body.data;
    expect(days).toBe(30);
    expect(quoting!.trend).toHaveLength(30);
    expect(quoting!.asks.period).toEqual({ current: 3, previous: 0 });
    expect(sales!.quantity.period).toEqual({ current: 6, previous: 0 });
  });

  it("never shows a seller another team's screen", async () => {
    const b = (await screen(tokens.screen_b)).body.data;
    expect(b.team_name).toBe('大屏乙队');
    expect(b.quoting!.asks.period.current).toBe(1);
    expect(b.sales!.amount_fen.period).toEqual({ current: 0, previous: 0 });
    expect(b.platforms).toEqual([]);
    expect(b.low_stock).toBe(0);
    expect(b.feed.some((event) => Object.values(fixture.asks).filter((no) => no !== fixture.asks.other).includes(event.no))).toBe(false);
    const refused = await screen(tokens.screen_b, `?team=${fixture.teams.a}`);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('没有权限');
  });

  it("shows an administrator every team, and one team's screen exactly as its members see it", async () => {
    const all = (await screen(tokens.admin)).body.data;
    expect([all.team, all.team_name]).toEqual([null, null]);
    expect(all.teams!.map((row) => row.name)).toEqual(expect.arrayContaining(['大屏甲队', '大屏乙队', '大屏报价队']));
    expect(all.quoting!.asks.period.current).toBeGreaterThanOrEqual(3);
    const picked = (await screen(tokens.admin, `?team=${fixture.teams.a}`)).body.data;
    const seller = (await screen(tokens.screen_a)).body.data;
    expect([picked.team, picked.team_name]).toEqual([fixture.teams.a, '大屏甲队']);
    for (const key of ['quoting', 'sales', 'platforms', 'recon', 'low_stock', 'feed'] as const) expect(picked[key], key).toEqual(seller[key]);
    expect((await screen(tokens.admin, '?team=999999')).status).toBe(404);
  });

  it("gives a quoter quoting without sales or bills, their team's quoters ranked", async () => {
    const q = (await screen(tokens.screen_q)).body.data;
    expect([q.sales, q.platforms, q.recon]).toEqual([null, null, null]);
    expect(q.quoting!.quotes.period.current).toBe(3);
    expect(q.quoting!.ranking).toEqual([{ name: '大屏报价员', accepted: 1, quoted: 3 }]);
  });

  it('refuses a guest, and bad query values in Chinese', async () => {
    expect((await screen(undefined)).status).toBe(401);
    for (const query of ['?days=9', '?team=abc', '?team=0', '?extra=1']) {
      const answer = await screen(tokens.admin, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.msg, query).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});
