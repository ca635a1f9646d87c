/** 首页's quoting figures: the store's per-day counts and first-quote times turned into cards, trend and list by the rules. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ScopedCaller } from '../resources/visibility';
import type { DashboardQuoting } from '../../src/contract/api/dashboard';
import { chinaDay, dayStart, figureOf, medianOf, rateOf, trendOf, type Period } from './rules';
import { asksPerDay, firstQuotes, quotesPerDay, waitingAsks } from './store';

const MINUTE_MS = 60_000;

export async function quotingFigures(db: Kysely<Database>, scope: ScopedCaller, period: Period, waitingShown: number): Promise<DashboardQuoting> {
  const since = dayStart(period.previousFirst);
  const [asks, quotes, reached, waiting] = await Promise.all([
    asksPerDay(db, scope, since),
    quotesPerDay(db, scope, since),
    firstQuotes(db, scope, since),
    waitingAsks(db, scope, waitingShown),
  ]);
  const given = figureOf(quotes.all, period);
  const accepted = figureOf(quotes.accepted, period);
  const minutesIn = (inPeriod: (day: number) => boolean) =>
    medianOf(reached.filter((ask) => inPeriod(chinaDay(ask.created_at))).map((ask) => (ask.first_quote_at - ask.created_at) / MINUTE_MS));
  return {
    asks: figureOf(asks, period),
    quotes: given,
    accept_rate: { current: rateOf(accepted.current, given.current), previous: rateOf(accepted.previous, given.previous) },
    first_quote_minutes: {
      current: minutesIn((day) => day >= period.first),
      previous: minutesIn((day) => day < period.first),
    },
    trend: trendOf(asks, quotes.all, period),
    waiting,
  };
}
