/**
 * 商品 › 商品统计's figures over the real server: a seller gets their own team's only, an administrator
 * every team's or one team's, a reader of goods who may not read trades no trade figures; bad periods
 * are refused in Chinese. Two teams of the test's own, with rows in March 2025, long before any demo row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { call, DIALECTS, loginAs, startTestServer, type TestServer } from '../support/server-harness';
import type { Database } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import type { GoodsStatistics } from '../../src/contract/api/goods';

const PASSWORD = 'stats-pass-1';
const HOUR = 3600_000;
/** 2025-03-01 00:00 China time: the period is its first week, the previous one the week before. */
const MARCH_1 = Date.UTC(2025, 1, 28, 16);
const WEEK = { from: '2025-03-01', to: '2025-03-07' };

type Row<T extends keyof Database> = Insertable<Database[T]>;

describe.each(DIALECTS)('goods statistics on %s', (dialect) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const teams: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const goodsIds: number[] = [];

  const stats = (token: string | undefined, query: Record<string, string> = WEEK) =>
    call<GoodsStatistics>(server, `/api/goods/statistics?${new URLSearchParams(query)}`, { method: 'GET', token });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { db } = server.database;
    const now = Date.now();
    const hash = await hashPassword(PASSWORD);
    for (const [key, name] of [['a', '统计测试甲组'], ['b', '统计测试乙组']] as const) {
      teams[key] = (await db.insertInto('teams').values({ name, type: 1, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    }
    const roleId = async (code: string) => (await db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const viewer = (await db.insertInto('roles').values({ code: 'goods_viewer', name: '商品查看', role_type: 'seller', remark: '', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('role_permissions').values({ role_id: viewer, permission: 'goods:read' }).execute();
    const seller = await roleId('seller');
    for (const [username, team, role] of [['stats_a', teams.a, seller], ['stats_b', teams.b, seller], ['stats_viewer', teams.a, viewer]] as const) {
      const { id } = await db
        .insertInto('users')
        .values({ team_id: team, department_id: null, username, password_hash: hash, name: username, logo: '', mobile: null, email: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_roles').values({ user_id: id, role_id: role }).execute();
      tokens[username] = (await loginAs(server, username, PASSWORD)).token;
    }
    tokens.admin = (await loginAs(server, 'admin', 'admin123')).token;

    const system = (team: number, at: number) => ({ team_id: team, version: 1, created_by: null, created_at: at, updated_at: at });
    const goods = (team: number, at: number, sku: string, category: string, price_fen: number, cost_fen: number, stock: number, status: 'on_sale' | 'off_sale' | 'draft'): Row<'goods'> => ({
      ...system(team, at),
      sku,
      name: `测试商品${sku}`,
      category,
      brand: '测试',
      spec: '',
      unit: '件',
      price_fen,
      cost_fen,
      stock,
      status,
      image: '',
      remark: '',
    });
    const rows = await db
      .insertInto('goods')
      .values([
        goods(teams.a, MARCH_1 + 34 * HOUR, 'A1', '饮料', 1000, 600, 5, 'on_sale'),
        goods(teams.a, MARCH_1 - 4 * 24 * HOUR, 'A2', '饮料', 2000, 1500, 100, 'on_sale'),
        goods(teams.a, MARCH_1 - 300 * 24 * HOUR, 'A3', '饮料', 500, 300, 0, 'off_sale'),
        // The period's last minute, China time.
        goods(teams.a, MARCH_1 + 7 * 24 * HOUR - 60_000, 'A4', '零食', 800, 400, 10, 'on_sale'),
        goods(teams.b, MARCH_1 + 50 * HOUR, 'B1', '服装', 3000, 2000, 50, 'on_sale'),
      ])
      .returning('id')
      .execute();
    goodsIds.push(...rows.map((row) => row.id));
    const comment = (team: number, goodsId: number, at: number, platform: 'douyin' | 'kuaishou' | 'wechat', rating: number): Row<'goods_comments'> => ({
      ...system(team, at),
      goods_id: goodsId,
      platform,
      buyer_nick: '测试买家',
      rating,
      content: '测试评价',
      reply: '',
      status: 'visible',
    });
    await db
      .insertInto('goods_comments')
      .values([
        comment(teams.a, goodsIds[0], MARCH_1 + HOUR, 'douyin', 5),
        comment(teams.a, goodsIds[0], MARCH_1 + 30 * HOUR, 'douyin', 4),
        comment(teams.a, goodsIds[1], MARCH_1 + 100 * HOUR, 'kuaishou', 1),
        comment(teams.a, goodsIds[1], MARCH_1 - HOUR, 'wechat', 3),
        // The first minute after the period.
        comment(teams.a, goodsIds[1], MARCH_1 + 7 * 24 * HOUR, 'wechat', 2),
        comment(teams.b, goodsIds[4], MARCH_1 + 60 * HOUR, 'wechat', 5),
      ])
      .execute();
    let serial = 0;
    const trade = (team: number, at: number, direction: 'in' | 'out', amount_fen: number, status: 'success' | 'failed' | 'pending' = 'success'): Row<'trades'> => ({
      ...system(team, at),
      trade_no: `TEST${++serial}`,
      direction,
      amount_fen,
      channel: 'bank',
      counterparty: '测试对方',
      status,
      traded_at: at,
      remark: '',
    });
    await db
      .insertInto('trades')
      .values([
        // 2025-03-01 23:59:59 and 2025-03-02 00:00:00 China time: either side of 16:00 UTC.
        trade(teams.a, Date.UTC(2025, 2, 1, 15, 59, 59), 'in', 10000),
        trade(teams.a, Date.UTC(2025, 2, 1, 16), 'in', 5000),
        trade(teams.a, Date.UTC(2025, 2, 2, 2), 'out', 3000),
        trade(teams.a, Date.UTC(2025, 2, 3, 2), 'in', 99999, 'failed'),
        trade(teams.a, Date.UTC(2025, 2, 3, 3), 'out', 88888, 'pending'),
        // The period's first moment, and the previous period's last.
        trade(teams.a, MARCH_1, 'in', 1234),
        trade(teams.a, MARCH_1 - 1, 'in', 7000),
        trade(teams.a, MARCH_1 - 3 * 24 * HOUR, 'out', 2000),
        trade(teams.b, MARCH_1 + 4 * 24 * HOUR + HOUR, 'in', 4000),
      ])
      .execute();
  });
  afterAll(() => server.close());

  it("gives a seller their own team's figures only, each beside the previous period's", async () => {
    const answer = await stats(tokens.stats_a);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ from: '2025-03-01', to: '2025-03-07', previous_from: '2025-02-22', previous_to: '2025-02-28', team_id: teams.a });
    expect(data.goods).toEqual({
      total: 4,
      on_sale: 3,
      stock_cost_fen: 5 * 600 + 100 * 1500 + 10 * 400,
      stock_price_fen: 5 * 1000 + 100 * 2000 + 10 * 800,
      low_stock: 2,
      low_stock_threshold: 10,
      added: { current: 2, previous: 1, change: 1, ratio: 1 },
    });
    expect(data.comments.count).toEqual({ current: 3, previous: 1, change: 2, ratio: 2 });
    expect(data.comments.average_rating).toEqual({ current: 3.33, previous: 3, change: expect.closeTo(0.33, 5), ratio: expect.closeTo(0.11, 5) });
    expect(data.comments.by_platform).toEqual([
      { platform: 'douyin', ratings: [0, 0, 0, 1, 1] },
      { platform: 'kuaishou', ratings: [1, 0, 0, 0, 0] },
    ]);
    expect(data.trades).toMatchObject({
      income_fen: { current: 16234, previous: 7000 },
      expense_fen: { current: 3000, previous: 2000, change: 1000, ratio: 0.5 },
      net_fen: { current: 13234, previous: 5000, change: 8234 },
    });
    expect(data.trades!.days).toEqual([
      { date: '2025-03-01', income_fen: 11234, expense_fen: 0 },
      { date: '2025-03-02', income_fen: 5000, expense_fen: 3000 },
      ...['03', '04', '05', '06', '07'].map((day) => ({ date: `2025-03-${day}`, income_fen: 0, expense_fen: 0 })),
    ]);
    expect(data.categories).toEqual([
      { category: '饮料', count: 3, on_sale: 2, stock_cost_fen: 153000, stock_price_fen: 205000 },
      { category: '零食', count: 1, on_sale: 1, stock_cost_fen: 4000, stock_price_fen: 8000 },
    ]);
    expect(data.lowest_stock.map((row) => [row.sku, row.stock])).toEqual([
      ['A1', 5],
      ['A4', 10],
      ['A2', 100],
    ]);
    expect(data.lowest_stock[0]).toEqual({ id: goodsIds[0], sku: 'A1', name: '测试商品A1', category: '饮料', stock: 5, price_fen: 1000 });
  });

  it("keeps the other team's seller to theirs, and refuses them another team", async () => {
    const data = (await stats(tokens.stats_b)).body.data;
    expect(data.team_id).toBe(teams.b);
    expect(data.goods).toMatchObject({ total: 1, on_sale: 1, stock_cost_fen: 100000, low_stock: 0 });
    expect(data.trades).toMatchObject({ income_fen: { current: 4000, previous: 0, ratio: null }, net_fen: { current: 4000 } });
    expect(data.comments.by_platform).toEqual([{ platform: 'wechat', ratings: [0, 0, 0, 0, 1] }]);
    expect((await stats(tokens.stats_b, { ...WEEK, team_id: String(teams.a) })).body.code).toBe(403);
  });

  it("shows an administrator every team's figures, or one team's when asked", async () => {
    const all = (await stats(tokens.admin)).body.data;
    expect(all.team_id).toBeNull();
    // No demo row is this old: the period's trades and comments are the test's own.
    expect(all.trades).toMatchObject({ income_fen: { current: 20234, previous: 7000 }, expense_fen: { current: 3000, previous: 2000 } });
    expect(all.comments.count).toMatchObject({ current: 4, previous: 1 });
    expect(all.goods.total).toBeGreaterThan(5);
    const a = (await stats(tokens.admin, { ...WEEK, team_id: String(teams.a) })).body.data;
    expect(a).toEqual((await stats(tokens.stats_a)).body.data);
    const b = (await stats(tokens.admin, { ...WEEK, team_id: String(teams.b) })).body.data;
    expect(b).toEqual((await stats(tokens.stats_b)).body.data);
  });

  it('gives a reader of goods who may not read trades no trade figures', async () => {
    const answer = await stats(tokens.stats_viewer);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.trades).toBeNull();
    expect(answer.body.data.goods.total).toBe(4);
  });

  it('refuses a guest, and a bad period with a Chinese message', async () => {
    expect((await stats(undefined)).status).toBe(401);
    const refusal = async (query: Record<string, string>) => {
      const answer = await stats(tokens.stats_a, query);
      expect(answer.status).toBe(400);
      return answer.body.msg;
    };
    expect(await refusal({ from: '2025-03-08', to: '2025-03-01' })).toBe('开始日期不能晚于结束日期');
    expect(await refusal({ from: '2024-01-01', to: '2025-01-01' })).toBe('统计区间不能超过 366 天');
    expect(await refusal({ from: '2025-02-30', to: '2025-03-01' })).toBe('日期应为 YYYY-MM-DD 格式的有效日期：2025-02-30');
    expect(await refusal({ from: 'yesterday', to: '2025-03-01' })).toBe('日期应为 YYYY-MM-DD 格式的有效日期：yesterday');
    expect(await refusal({ to: '2025-03-01' })).toMatch(/^请求参数有误/);
    // A leap year's 366 days are one period.
    expect((await stats(tokens.stats_a, { from: '2024-01-01', to: '2024-12-31' })).body.data.trades!.days).toHaveLength(366);
  });
});
