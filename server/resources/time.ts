/**
 * Dates and times as sellers read and type them: China Standard Time (UTC+8, no daylight saving),
 * whatever the server's own time zone. Records store epoch milliseconds and 'YYYY-MM-DD' dates.
 */
const CST = 8 * 3600_000;
const DAY = 24 * 3600_000;

const DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DATE_TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** 'YYYY-MM-DD' in China Standard Time. */
export function formatDate(ms: number): string {
  return new Date(ms + CST).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time. */
export function formatDateTime(ms: number): string {
  return new Date(ms + CST).toISOString().slice(0, 19).replace('T', ' ');
}

function utcOf(y: string, m: string, d: string, h = '0', min = '0', s = '0'): number | null {
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(h), Number(min), Number(s));
  const date = new Date(ms);
  // Date.UTC rolls 2026-02-30 over into March; a date that does not exist is refused instead.
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d) || Number(h) > 23 || Number(min) > 59 || Number(s) > 59) return null;
  return ms;
}

/** A calendar date written 'YYYY-MM-DD' (or with / or .), normalised; null when it is no real date. */
export function normalizeDate(text: string): string | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const ms = utcOf(match[1], match[2], match[3]);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/** Epoch milliseconds of 'YYYY-MM-DD[ HH:mm[:ss]]' read in China Standard Time; null when invalid. */
export function parseDateTime(text: string): number | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const ms = utcOf(match[1], match[2], match[3], match[4], match[5], match[6]);
  return ms === null ? null : ms - CST;
}

/** The first and last millisecond of a day in China Standard Time. */
export function dayBounds(date: string): [number, number] | null {
  const start = parseDateTime(date);
  return start === null || normalizeDate(date) === null ? null : [start, start + DAY - 1];
}
