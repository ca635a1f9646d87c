/**
 * The statistics' arithmetic, pure: a period of China calendar days and the one before it, the days
 * a time falls on, every day of a period filled in, and how a figure moved.
 */
import { GOODS_STATS_MAX_DAYS, type GoodsCompared, type GoodsComparedAverage } from '../../src/contract/api/goods';
import { dayBounds, formatDate, normalizeDate } from '../resources/time';

const DAY = 24 * 3600_000;
/** China Standard Time's offset: after 16:00 UTC China's date is the next day. */
export const CST_MS = 8 * 3600_000;

export interface Period {
  from: string;
  to: string;
  /** First millisecond of `from` and first of the day after `to`, China time. */
  startMs: number;
  endMs: number;
  days: number;
}

export type PeriodProblem = { problem: 'goodsStatsDate'; value: string } | { problem: 'goodsStatsOrder' } | { problem: 'goodsStatsTooLong'; days: number };

/** The days from `from` to `to`, both included, or what is wrong with them. */
export function periodOf(from: string, to: string): Period | PeriodProblem {
  for (const value of [from, to]) if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || normalizeDate(value) !== value) return { problem: 'goodsStatsDate', value };
  const [startMs] = dayBounds(from)!;
  const [, last] = dayBounds(to)!;
  const endMs = last + 1;
  if (endMs <= startMs) return { problem: 'goodsStatsOrder' };
  const days = Math.round((endMs - startMs) / DAY);
  if (days > GOODS_STATS_MAX_DAYS) return { problem: 'goodsStatsTooLong', days: GOODS_STATS_MAX_DAYS };
  return { from, to, startMs, endMs, days };
}

/** The period of as many days ending the day before. */
export function previousPeriod(period: Period): Period {
  const endMs = period.startMs;
  const startMs = endMs - period.days * DAY;
  return { from: formatDate(startMs), to: formatDate(endMs - 1), startMs, endMs, days: period.days };
}

/** The number of the China day a time falls on, counted from 1970-01-01 (what SQL groups by). */
export const chinaDayNumber = (ms: number) => Math.floor((ms + CST_MS) / DAY);

/** 'YYYY-MM-DD' of a China day number. */
export const dateOfDayNumber = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** Every day of the period, oldest first, with the figures found for it and zeros for the rest. */
export function everyDay<T extends object>(period: Period, found: Map<number, T>, zero: T): Array<T & { date: string }> {
  const first = chinaDayNumber(period.startMs);
  return Array.from({ length: period.days }, (_, i) => ({ ...(found.get(first + i) ?? zero), date: dateOfDayNumber(first + i) }));
}

/** How a figure moved: by how much, and by what share of where it was (none from zero). */
export function compared(current: number, previous: number): GoodsCompared {
  return { current, previous, change: current - previous, ratio: previous === 0 ? null : (current - previous) / Math.abs(previous) };
}

/** The same for an average, which a period with nothing to average has not. */
export function comparedAverage(current: number | null, previous: number | null): GoodsComparedAverage {
  if (current === null || previous === null) return { current, previous, change: null, ratio: null };
  return compared(current, previous);
}
