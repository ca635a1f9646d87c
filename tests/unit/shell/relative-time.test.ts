import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDateTime, formatRelativeTime, type TimeInput } from '../../../src/shell/utils/relative-time';

/** A local time, so the expectations hold in any time zone. */
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s);

describe('formatRelativeTime (spec §9)', () => {
  describe('minutes, only within 30 minutes in the same hour', () => {
    const now = at(2025, 6, 15, 10, 45);
    const zh = (input: TimeInput) => formatRelativeTime(input, { now });
    const en = (input: TimeInput) => formatRelativeTime(input, { now, lang: 'en' });

    it('says "just now" under a minute, the moment itself included', () => {
      expect(zh(now)).toBe('刚刚');
      expect(zh(at(2025, 6, 15, 10, 44, 1))).toBe('刚刚');
      expect(en(at(2025, 6, 15, 10, 44, 1))).toBe('Just now');
    });

    it('counts whole minutes', () => {
      expect(zh(at(2025, 6, 15, 10, 44))).toBe('1分钟前');
      expect(en(at(2025, 6, 15, 10, 44))).toBe('1 minute ago');
      expect(zh(at(2025, 6, 15, 10, 40))).toBe('5分钟前');
      expect(en(at(2025, 6, 15, 10, 40))).toBe('5 minutes ago');
      expect(zh(at(2025, 6, 15, 10, 16))).toBe('29分钟前');
      expect(zh(at(2025, 6, 15, 10, 15))).toBe('30分钟前');
    });

    it('shows the clock time past 30 minutes', () => {
      expect(zh(at(2025, 6, 15, 10, 14, 59))).toBe('10:14');
      expect(zh(at(2025, 6, 15, 10, 14))).toBe('10:14');
      expect(en(at(2025, 6, 15, 10, 0))).toBe('10:00');
    });

    it('shows the clock time for the previous hour, however close', () => {
      const early = at(2025, 6, 15, 10, 5);
      expect(formatRelativeTime(at(2025, 6, 15, 9, 50), { now: early })).toBe('09:50');
      expect(formatRelativeTime(at(2025, 6, 15, 9, 59, 59), { now: early })).toBe('09:59');
      expect(formatRelativeTime(at(2025, 6, 15, 10, 0), { now: early })).toBe('5分钟前');
    });
  });

  describe('days', () => {
    const now = at(2025, 6, 15, 0, 10);
    const zh = (input: TimeInput) => formatRelativeTime(input, { now });
    const en = (input: TimeInput) => formatRelativeTime(input, { now, lang: 'en' });

    it('shows the clock time earlier today, from midnight on', () => {
      expect(formatRelativeTime(at(2025, 6, 15, 0, 0), { now: at(2025, 6, 15, 1, 0) })).toBe('00:00');
      expect(formatRelativeTime(at(2025, 6, 15, 0, 0), { now: at(2025, 6, 15, 23, 59) })).toBe('00:00');
    });

    it('labels yesterday across midnight, even a quarter of an hour ago', () => {
      expect(zh(at(2025, 6, 14, 23, 55))).toBe('昨天 23:55');
      expect(en(at(2025, 6, 14, 23, 55))).toBe('Yesterday 23:55');
      expect(zh(at(2025, 6, 14, 0, 0))).toBe('昨天 00:00');
    });

    it('labels the day before yesterday', () => {
      expect(zh(at(2025, 6, 13, 23, 59))).toBe('前天 23:59');
      expect(zh(at(2025, 6, 13, 0, 0))).toBe('前天 00:00');
      expect(en(at(2025, 6, 13, 8, 30))).toBe('The day before yesterday 08:30');
    });

    it('shows month and day, the same in both languages, earlier this year', () => {
      expect(zh(at(2025, 6, 12, 23, 59))).toBe('06-12 23:59');
      expect(en(at(2025, 6, 12, 23, 59))).toBe('06-12 23:59');
      expect(zh(at(2025, 1, 1, 0, 0))).toBe('01-01 00:00');
    });

    it('counts calendar days across a month end', () => {
      const march = at(2025, 3, 1, 9, 0);
      expect(formatRelativeTime(at(2025, 2, 28, 18, 0), { now: march })).toBe('昨天 18:00');
      expect(formatRelativeTime(at(2025, 2, 27, 18, 0), { now: march })).toBe('前天 18:00');
      expect(formatRelativeTime(at(2025, 2, 26, 18, 0), { now: march })).toBe('02-26 18:00');
    });
  });

  describe('the full date', () => {
    it('is shown for another year, even across New Year by minutes', () => {
      const newYear = at(2025, 1, 1, 0, 10);
      expect(formatRelativeTime(at(2024, 12, 31, 23, 55), { now: newYear })).toBe('2024-12-31 23:55:00');
      expect(formatRelativeTime(at(2025, 1, 1, 0, 5), { now: newYear })).toBe('5分钟前');
      const second = at(2025, 1, 2, 8, 0);
      expect(formatRelativeTime(at(2025, 1, 1, 8, 0), { now: second })).toBe('昨天 08:00');
      expect(formatRelativeTime(at(2024, 12, 31, 8, 0), { now: second, lang: 'en' })).toBe('2024-12-31 08:00:00');
    });

    it('is shown for the future, a second ahead included', () => {
      const now = at(2025, 6, 15, 10, 45);
      expect(formatRelativeTime(at(2025, 6, 15, 10, 45, 1), { now })).toBe('2025-06-15 10:45:01');
      expect(formatRelativeTime(at(2025, 6, 16, 9, 0), { now, lang: 'en' })).toBe('2025-06-16 09:00:00');
    });

    it('takes another format', () => {
      const now = at(2025, 6, 15, 10, 45);
      expect(formatRelativeTime(at(2023, 3, 4, 5, 6), { now, format: 'YYYY/MM/DD HH:mm' })).toBe('2023/03/04 05:06');
      expect(formatRelativeTime(at(2025, 3, 4, 5, 6), { now, format: 'YYYY/MM/DD HH:mm' })).toBe('03-04 05:06');
    });
  });

  describe('input', () => {
    const now = at(2025, 6, 15, 10, 45);
    const fiveMinutesAgo = at(2025, 6, 15, 10, 40).getTime();

    it('reads 10-digit numbers as seconds and 13-digit numbers as milliseconds', () => {
      expect(String(fiveMinutesAgo / 1000)).toHaveLength(10);
      expect(formatRelativeTime(fiveMinutesAgo / 1000, { now })).toBe('5分钟前');
      expect(formatRelativeTime(fiveMinutesAgo, { now })).toBe('5分钟前');
    });

    it('reads numeric strings as numbers', () => {
      expect(formatRelativeTime(String(fiveMinutesAgo / 1000), { now })).toBe('5分钟前');
      expect(formatRelativeTime(` ${fiveMinutesAgo} `, { now })).toBe('5分钟前');
    });

    it('takes Date, dayjs and date text', () => {
      expect(formatRelativeTime(new Date(fiveMinutesAgo), { now })).toBe('5分钟前');
      expect(formatRelativeTime(dayjs(fiveMinutesAgo), { now })).toBe('5分钟前');
      expect(formatRelativeTime('2025-06-15 10:40:00', { now })).toBe('5分钟前');
      expect(formatRelativeTime(now.getTime(), { now: now.getTime() })).toBe('刚刚');
    });

    it('gives an empty string for what is no time, and never throws', () => {
      const bad = ['', '   ', 'abc', 'Invalid Date', '12:00', NaN, Infinity, -Infinity, new Date('x'), dayjs('x'), undefined, null];
      for (const input of bad) expect(formatRelativeTime(input as TimeInput, { now }), String(input)).toBe('');
    });

    it('falls back to Chinese for an unknown language', () => {
      expect(formatRelativeTime(fiveMinutesAgo, { now, lang: 'fr' as 'en' })).toBe('5分钟前');
    });
  });
});

describe('formatDateTime', () => {
  const moment = at(2025, 6, 15, 9, 8, 7);

  it('uses the spec default format YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(moment)).toBe('2025-06-15 09:08:07');
    expect(formatDateTime(moment.getTime() / 1000)).toBe('2025-06-15 09:08:07');
    expect(formatDateTime(String(moment.getTime()))).toBe('2025-06-15 09:08:07');
  });

  it('takes another format', () => {
    expect(formatDateTime(moment, 'MM/DD HH:mm')).toBe('06/15 09:08');
  });

  it('reads only 10-digit numbers as seconds', () => {
    expect(formatDateTime(999_999_999)).toBe(formatDateTime(new Date(999_999_999)));
    expect(formatDateTime(1_000_000_000)).toBe(formatDateTime(new Date(1_000_000_000_000)));
    expect(formatDateTime(9_999_999_999)).toBe(formatDateTime(new Date(9_999_999_999_000)));
    expect(formatDateTime(10_000_000_000)).toBe(formatDateTime(new Date(10_000_000_000)));
  });

  it('gives an empty string for what is no time', () => {
    expect(formatDateTime('soon')).toBe('');
    expect(formatDateTime(NaN)).toBe('');
  });
});
