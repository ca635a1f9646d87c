/** 商品统计's arithmetic: periods of China days, the period before, the day a time falls on, deltas. */
import { describe, expect, it } from 'vitest';
import { chinaDayNumber, compared, comparedAverage, dateOfDayNumber, everyDay, periodOf, previousPeriod, type Period } from '../../../server/goods/statistics-rules';

const HOUR = 3600_000;

describe('a statistics period', () => {
  it('runs from the first China midnight to the one after its last day', () => {
    const period = periodOf('2025-03-01', '2025-03-07') as Period;
    expect(period).toEqual({ from: '2025-03-01', to: '2025-03-07', startMs: Date.UTC(2025, 1, 28, 16), endMs: Date.UTC(2025, 2, 7, 16), days: 7 });
    expect((periodOf('2025-03-01', '2025-03-01') as Period).days).toBe(1);
  });

  it('is followed back by as many days just before it, across a month and a leap day', () => {
    expect(previousPeriod(periodOf('2025-03-01', '2025-03-07') as Period)).toMatchObject({ from: '2025-02-22', to: '2025-02-28', days: 7 });
    const march = periodOf('2024-03-01', '2024-03-31') as Period;
    expect(previousPeriod(march)).toMatchObject({ from: '2024-01-30', to: '2024-02-29', endMs: march.startMs, days: 31 });
  });

  it('refuses what is no date, an end before the start and more than 366 days', () => {
    expect(periodOf('2025-02-29', '2025-03-01')).toEqual({ problem: 'goodsStatsDate', value: '2025-02-29' });
    expect(periodOf('2025-03-01', '2025/03/02')).toEqual({ problem: 'goodsStatsDate', value: '2025/03/02' });
    expect(periodOf('', '2025-03-01')).toEqual({ problem: 'goodsStatsDate', value: '' });
    expect(periodOf('2025-03-02', '2025-03-01')).toEqual({ problem: 'goodsStatsOrder' });
    expect(periodOf('2024-01-01', '2024-12-31')).toMatchObject({ days: 366 });
    expect(periodOf('2024-01-01', '2025-01-01')).toEqual({ problem: 'goodsStatsTooLong', days: 366 });
  });
});

describe('China days', () => {
  it('turn over at 16:00 UTC', () => {
    expect(dateOfDayNumber(chinaDayNumber(Date.UTC(2025, 2, 1, 15, 59, 59, 999)))).toBe('2025-03-01');
    expect(dateOfDayNumber(chinaDayNumber(Date.UTC(2025, 2, 1, 16)))).toBe('2025-03-02');
    expect(dateOfDayNumber(chinaDayNumber(Date.UTC(2024, 11, 31, 16)))).toBe('2025-01-01');
  });

  it('fill every day of a period, oldest first, with zeros where nothing was found', () => {
    const period = periodOf('2025-02-27', '2025-03-02') as Period;
    const found = new Map([[chinaDayNumber(Date.UTC(2025, 2, 1, 2)), { n: 7 }]]);
    expect(everyDay(period, found, { n: 0 })).toEqual([
      { date: '2025-02-27', n: 0 },
      { date: '2025-02-28', n: 0 },
      { date: '2025-03-01', n: 7 },
      { date: '2025-03-02', n: 0 },
    ]);
    expect(chinaDayNumber(period.startMs)).toBe(chinaDayNumber(period.startMs + 23 * HOUR));
  });
});

describe('a delta', () => {
  it('says by how much and by what share a figure moved', () => {
    expect(compared(150, 100)).toEqual({ current: 150, previous: 100, change: 50, ratio: 0.5 });
    expect(compared(50, 100)).toEqual({ current: 50, previous: 100, change: -50, ratio: -0.5 });
    expect(compared(7, 7)).toEqual({ current: 7, previous: 7, change: 0, ratio: 0 });
  });

  it('has no share from zero, and measures a negative figure against its size', () => {
    expect(compared(30, 0)).toEqual({ current: 30, previous: 0, change: 30, ratio: null });
    expect(compared(0, 0)).toEqual({ current: 0, previous: 0, change: 0, ratio: null });
    expect(compared(-50, -100)).toEqual({ current: -50, previous: -100, change: 50, ratio: 0.5 });
  });

  it('of an average needs both averages', () => {
    expect(comparedAverage(4.5, 4)).toEqual({ current: 4.5, previous: 4, change: 0.5, ratio: 0.125 });
    expect(comparedAverage(4.5, null)).toEqual({ current: 4.5, previous: null, change: null, ratio: null });
    expect(comparedAverage(null, null)).toEqual({ current: null, previous: null, change: null, ratio: null });
  });
});
