/** Formatting shared by the built-in cells. Formatters are made once: cells are drawn per row. */
import dayjs from 'dayjs';
import { settings } from '../../contract/settings';

export const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** What an empty value shows: a faint dash, so a blank cell is never mistaken for a missing widget. */
export function EmptyValue() {
  return <span className="cell-empty">-</span>;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = make()));
  return format;
}

export function formatNumber(value: number, precision?: number): string {
  return numberFormat(`n${precision ?? ''}`, () =>
    new Intl.NumberFormat('zh-CN', precision === undefined ? { maximumFractionDigits: 6 } : { minimumFractionDigits: precision, maximumFractionDigits: precision }),
  ).format(value);
}

/** Money is kept in integer fen and shown in yuan: 123456 → ¥1,234.56. */
export function formatMoney(fen: number): string {
  return numberFormat('cny', () => new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY', minimumFractionDigits: 2 })).format(fen / 100);
}

/** A date ('YYYY-MM-DD') or a time (epoch ms; 10 digits are seconds, spec §9) in `format`. */
export function formatTime(value: unknown, format: string = settings.dateFormat): string {
  const raw = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  const time = typeof raw === 'number' ? dayjs(raw < 1e11 ? raw * 1000 : raw) : dayjs(raw as string);
  return time.isValid() ? time.format(format) : String(value);
}

export const toNumber = (value: unknown): number | null => {
  if (isEmpty(value) || typeof value === 'boolean') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** A size in bytes, as a person reads it: 812 B, 3.4 KB, 12.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
