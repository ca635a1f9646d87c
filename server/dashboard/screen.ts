/**
 * 数据大屏's answer: 首页's per-day counts (store.ts) and the screen's own reads (screen-store.ts)
 * summed by the rules into today against yesterday and the period against the one before.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ScopedCaller } from '../resources/visibility';
import type { DashboardScreen } from '../../src/contract/api/dashboard';
import { dayLabel, dayStart, rateSpanOf, sharesOf, spanOf, trendOf, type Period } from './rules';
import { asksPerDay, quotesPerDay } from './store';
import { acceptedRanking, billsPerPlatform, salesPerDay, topGoods } from './screen-store';

const RANKED = 8;
const TOP_GOODS = 8;

export async function screenQuoting(db: Kysely<Database>, scope: ScopedCaller, period: Period): Promise<DashboardScreen['quoting']> {
  const since = dayStart(period.previousFirst);
  const [asks, quotes, ranking] = await Promise.all([asksPerDay(db, scope, since), quotesPerDay(db, scope, since), acceptedRanking(db, scope, dayStart(period.first), RANKED)]);
  const given = spanOf(quotes.all, period);
  const accepted = spanOf(quotes.accepted, period);
  return {
    asks: spanOf(asks, period),
    quotes: given,
    accepted,
    accept_rate: rateSpanOf(accepted, given),
    trend: trendOf(asks, quotes.all, period).map((day, i) => ({ ...day, accepted: quotes.accepted.get(period.first + i) ?? 0 })),
    ranking,
  };
}

export async function screenSales(db: Kysely<Database>, team: number | null, period: Period): Promise<DashboardScreen['sales']> {
  const [perDay, top] = await Promise.all([salesPerDay(db, team, dayStart(period.previousFirst)), topGoods(db, team, dayStart(period.first), TOP_GOODS)]);
  return { quantity: spanOf(perDay.quantity, period), amount_fen: spanOf(perDay.amount, period), top };
}

/** Bills are monthly: those of the months the period touches. */
export async function screenPlatforms(db: Kysely<Database>, team: number | null, period: Period): Promise<DashboardScreen['platforms']> {
  return sharesOf(await billsPerPlatform(db, team, dayLabel(period.first).slice(0, 7)));
}
