import dayjs, { type Dayjs } from 'dayjs';
import { settings } from '../../contract/settings';
import { translate } from '../i18n/translate';
import type { Language } from '../i18n/types';

export type TimeInput = number | string | Date | Dayjs;

export interface RelativeTimeOptions {
  /** The moment to measure from; the current time by default. */
  now?: Date | number;
  /** Anything but 'en' reads as zh, the spec's locale fallback. */
  lang?: Language;
  /** Format of the full date (other years, the future); settings.dateFormat by default. */
  format?: string;
}

const NUMERIC = /^[-+]?\d+(\.\d+)?$/;
const SECONDS_DIGITS = 10;
const CLOCK = 'HH:mm';
// Numeric in both languages: it reads the same to everyone and lines up with the full date.
const MONTH_DAY = 'MM-DD HH:mm';
const MINUTE_MS = 60_000;

/** Spec §9: a 10-digit number is a Unix time in seconds; any other number is in milliseconds. */
function fromNumber(value: number): Dayjs {
  const seconds = String(Math.trunc(Math.abs(value))).length === SECONDS_DIGITS;
  return dayjs(seconds ? value * 1000 : value);
}

/** The input as a valid moment, or null: numeric strings count as numbers, not as date text. */
function toMoment(input: TimeInput): Dayjs | null {
  // Untyped data (a missing server field) may still hand us nothing, which dayjs would read as now.
  if (input == null) return null;
  const numeric = typeof input === 'number' || (typeof input === 'string' && NUMERIC.test(input.trim()));
  const moment = numeric ? fromNumber(Number(input)) : dayjs(input);
  return moment.isValid() ? moment : null;
}

/** A moment in the given format (settings.dateFormat by default); '' for input that is no time. */
export function formatDateTime(input: TimeInput, format: string = settings.dateFormat): string {
  return toMoment(input)?.format(format) ?? '';
}

/**
 * A moment as people read it in a list (spec §9); the first rule that fits wins:
 * - the future or another year: the full date (`format`, settings.dateFormat by default);
 * - within 30 minutes and in the same clock hour: '刚刚' under a minute, else 'N分钟前';
 * - earlier today: '14:05'; yesterday: '昨天 14:05'; the day before: '前天 14:05';
 * - earlier this year: '11-03 14:05'.
 * Input that is no time gives ''.
 */
export function formatRelativeTime(input: TimeInput, options: RelativeTimeOptions = {}): string {
  const moment = toMoment(input);
  if (!moment) return '';
  const now = dayjs(options.now);
  const lang: Language = options.lang === 'en' ? 'en' : 'zh';
  const clock = moment.format(CLOCK);

  if (moment.isAfter(now) || !moment.isSame(now, 'year')) return moment.format(options.format ?? settings.dateFormat);
  const elapsed = now.diff(moment);
  if (moment.isSame(now, 'hour') && elapsed <= settings.relativeMinutesWindow * MINUTE_MS) {
    const minutes = Math.floor(elapsed / MINUTE_MS);
    if (minutes === 0) return translate(lang, 'time.justNow');
    return minutes === 1 ? translate(lang, 'time.minuteAgo') : translate(lang, 'time.minutesAgo', { count: minutes });
  }
  if (moment.isSame(now, 'day')) return clock;
  if (moment.isSame(now.subtract(1, 'day'), 'day')) return translate(lang, 'time.yesterday', { time: clock });
  if (moment.isSame(now.subtract(2, 'day'), 'day')) return translate(lang, 'time.dayBeforeYesterday', { time: clock });
  return moment.format(MONTH_DAY);
}
