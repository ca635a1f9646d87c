/**
 * The dashboard's arithmetic, pure: China-time days as numbers, a period and the one before it,
 * figures summed from per-day counts, rates and medians. Days are counted in China Standard Time
 * (UTC+8): after 16:00 UTC it is already the next day in China.
 */
import { formatDate } from '../resources/time';

const CST_MS = 8 * 3600_000;
export const DAY_MS = 24 * 3600_000;

/** The China-time day an instant falls on, as a whole number of days since 1970-01-01. */
export const chinaDay = (ms: number): number => Math.floor((ms + CST_MS) / DAY_MS);

/** The instant a China-time day begins. */
export const dayStart = (day: number): number => day * DAY_MS - CST_MS;

/** 'YYYY-MM-DD' of a China-time day number. */
export const dayLabel = (day: number): string => formatDate(dayStart(day));

/** The period of `days` days ending today, and the same length before it. */
export interface Period {
  today: number;
  /** First day of the period. */
  first: number;
  /** First day of the period before. */
  previousFirst: number;
}

export function periodOf(now: number, days: number): Period {
  const today = chinaDay(now);
  const first = today - days + 1;
  return { today, first, previousFirst: first - days };
}

/** A count of the period, of the period before, and of today, from counts per day number. */
export function figureOf(perDay: ReadonlyMap<number, number>, period: Period): { current: number; previous: number; today: number } {
  let current = 0;
  let previous = 0;
  for (const [day, count] of perDay) {
    if (day >= period.first && day <= period.today) current += count;
    else if (day >= period.previousFirst && day < period.first) previous += count;
  }
  return { current, previous, today: perDay.get(period.today) ?? 0 };
}

/** One entry per day of the period, oldest first, days without any as zero. */
export function trendOf(asks: ReadonlyMap<number, number>, quotes: ReadonlyMap<number, number>, period: Period): Array<{ day: string; asks: number; quotes: number }> {
  const days: Array<{ day: string; asks: number; quotes: number }> = [];
  for (let day = period.first; day <= period.today; day++) days.push({ day: dayLabel(day), asks: asks.get(day) ?? 0, quotes: quotes.get(day) ?? 0 });
  return days;
}

/** part / whole, or null when there is no whole to divide by. */
export const rateOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}


/** A count of today against yesterday, and of the period against the period before. */
export interface Span {
  today: { current: number; previous: number };
  period: { current: number; previous: number };
}

/** The screen's figures from counts per day: the same sums as figureOf, over a day and over the period. */
export function spanOf(perDay: ReadonlyMap<number, number>, period: Period): Span {
  const day = figureOf(perDay, { today: period.today, first: period.today, previousFirst: period.today - 1 });
  const whole = figureOf(perDay, period);
  return { today: { current: day.current, previous: day.previous }, period: { current: whole.current, previous: whole.previous } };
}

/** part / whole of both halves of two spans. */
export function rateSpanOf(part: Span, whole: Span) {
  const rate = (key: 'today' | 'period') => ({ current: rateOf(part[key].current, whole[key].current), previous: rateOf(part[key].previous, whole[key].previous) });
  return { today: rate('today'), period: rate('period') };
}

/** Each amount's share of their sum (0…1; every share 0 when the sum is not positive), largest first. */
export function sharesOf<T extends { amount_fen: number }>(rows: readonly T[]): Array<T & { share: number }> {
  const total = rows.reduce((sum, row) => sum + row.amount_fen, 0);
  return rows.map((row) => ({ ...row, share: total > 0 ? row.amount_fen / total : 0 })).sort((a, b) => b.amount_fen - a.amount_fen);
}
