/** 首页's arithmetic: China-time days, a period against the one before, rates and medians. */
import { describe, expect, it } from 'vitest';
import { chinaDay, dayLabel, dayStart, figureOf, medianOf, periodOf, rateOf, trendOf } from '../../../server/dashboard/rules';

describe('China-time days', () => {
  it('moves to the next day at 16:00 UTC, midnight in China', () => {
    expect(dayLabel(chinaDay(Date.parse('2026-11-27T15:59:59.999Z')))).toBe('2026-11-27');
    expect(dayLabel(chinaDay(Date.parse('2026-11-27T16:00:00.000Z')))).toBe('2026-11-28');
    expect(new Date(dayStart(chinaDay(Date.parse('2026-11-28T03:00:00Z')))).toISOString()).toBe('2026-11-27T16:00:00.000Z');
  });
});

describe('a period and the one before', () => {
  // 2026-11-28 01:00 in China.
  const now = Date.parse('2026-11-27T17:00:00Z');
  const period = periodOf(now, 7);
  const day = (label: string) => chinaDay(Date.parse(`${label}T12:00:00+08:00`));

  it('ends today in China and reaches back as many days again', () => {
    expect(dayLabel(period.today)).toBe('2026-11-28');
    expect(dayLabel(period.first)).toBe('2026-11-22');
    expect(dayLabel(period.previousFirst)).toBe('2026-11-15');
  });

  it('sums the days of each period, and today alone, leaving older days out', () => {
    const perDay = new Map([
      [day('2026-11-28'), 2],
      [day('2026-11-22'), 3],
      [day('2026-11-21'), 4],
      [day('2026-11-15'), 1],
      [day('2026-11-14'), 100],
    ]);
    expect(figureOf(perDay, period)).toEqual({ current: 5, previous: 5, today: 2 });
    expect(figureOf(new Map(), period)).toEqual({ current: 0, previous: 0, today: 0 });
  });

  it('draws every day of the period in order, a day with nothing as zero', () => {
    const trend = trendOf(new Map([[day('2026-11-23'), 4]]), new Map([[day('2026-11-28'), 1]]), period);
    expect(trend.map((entry) => entry.day)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(trend[1]).toEqual({ day: '2026-11-23', asks: 4, quotes: 0 });
    expect(trend[6]).toEqual({ day: '2026-11-28', asks: 0, quotes: 1 });
  });
});

describe('rates and medians', () => {
  it('divides, or says there was nothing to divide by', () => {
    expect(rateOf(1, 4)).toBe(0.25);
    expect(rateOf(0, 0)).toBeNull();
  });

  it('takes the middle value, the mean of the middle two for an even count, or none', () => {
    expect(medianOf([30, 5, 10])).toBe(10);
    expect(medianOf([40, 10, 20, 30])).toBe(25);
    expect(medianOf([])).toBeNull();
  });
});
