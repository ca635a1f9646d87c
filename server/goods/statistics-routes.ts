/**
 * 商品统计's one route: the caller's team's goods, comments and trades figures for a period and the
 * one before it (an administrator's: every team's, or one team's). Readers of goods get the goods
 * and comment figures; only readers of trades get the trade figures. SQL lives in statistics-store.ts,
 * the arithmetic in statistics-rules.ts.
 */
import { GOODS_LOW_STOCK, GoodsStatistics, GoodsStatisticsQuery } from '../../src/contract/api/goods';
import { Code } from '../../src/contract/envelope';
import { hasAccess } from '../../src/contract/permissions';
import { teamScope } from '../auth/team-scope';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { commentFigures, goodsFigures, lowestStock, ratingCounts, topCategories, tradeDays, tradeTotals } from './statistics-store';
import { compared, comparedAverage, everyDay, periodOf, previousPeriod, type Period } from './statistics-rules';

const RATINGS = [1, 2, 3, 4, 5];

const average = (stars: number, count: number) => (count === 0 ? null : Math.round((stars / count) * 100) / 100);

function tradeFigures(period: Period, { income, expense }: Awaited<ReturnType<typeof tradeTotals>>, days: Awaited<ReturnType<typeof tradeDays>>) {
  return {
    income_fen: compared(...income),
    expense_fen: compared(...expense),
    net_fen: compared(income[0] - expense[0], income[1] - expense[1]),
    days: everyDay(period, days, { income_fen: 0, expense_fen: 0 }),
  };
}

export async function goodsStatisticsRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const db = database.reads;

  app.get(
    '/api/goods/statistics',
    {
      config: { access: { permission: 'goods:read' } },
      schema: routeSchema({
        summary: "Goods, comment and trade figures of the caller's team (an administrator's: every team or one) for a period of China days and the one before it",
        tags: ['goods'],
        querystring: GoodsStatisticsQuery,
        data: GoodsStatistics,
        auth: true,
      }),
    },
    async (request) => {
      const period = periodOf(request.query.from, request.query.to);
      if ('problem' in period) {
        const { problem, ...params } = period;
        throw new ApiError(Code.badRequest, problem, params);
      }
      const previous = previousPeriod(period);
      const own = await teamScope(request);
      const asked = request.query.team_id === undefined ? null : Number(request.query.team_id);
      if (own !== null && asked !== null && asked !== own) throw new ApiError(Code.forbidden, 'forbidden');
      const team = own ?? asked;
      const readsTrades = hasAccess(await request.access(), 'trades:read');

      const [goods, comments, ratings, categories, lowest, trades] = await Promise.all([
        goodsFigures(db, team, period, previous),
        commentFigures(db, team, period, previous),
        ratingCounts(db, team, period),
        topCategories(db, team),
        lowestStock(db, team),
        readsTrades ? Promise.all([tradeTotals(db, team, period, previous), tradeDays(db, team, period)]) : null,
      ]);
      const platforms = [...new Set(ratings.map((row) => row.platform))].sort();
      return ok({
        from: period.from,
        to: period.to,
        previous_from: previous.from,
        previous_to: previous.to,
        team_id: team,
        goods: { ...goods, low_stock_threshold: GOODS_LOW_STOCK, added: compared(...goods.added) },
        comments: {
          count: compared(...comments.count),
          average_rating: comparedAverage(average(comments.stars[0], comments.count[0]), average(comments.stars[1], comments.count[1])),
          by_platform: platforms.map((platform) => ({
            platform,
            ratings: RATINGS.map((rating) => ratings.find((row) => row.platform === platform && row.rating === rating)?.count ?? 0),
          })),
        },
        trades: trades && tradeFigures(period, ...trades),
        categories,
        lowest_stock: lowest,
      });
    },
  );
}
