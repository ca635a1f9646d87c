/**
 * Money is stored as integer fen and shown as yuan with two decimals. Conversions round to the fen,
 * so 0.29 yuan is 29 fen even though 0.29 × 100 is 28.999… in binary floating point.
 */
export const fenToYuan = (fen: number) => fen / 100;

export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

const formatters = new Map<string, Intl.NumberFormat>();

/** "¥1,234.50" for 123450 fen. */
export function formatMoney(fen: number, locale = 'zh-CN'): string {
  let format = formatters.get(locale);
  if (!format) formatters.set(locale, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  return `¥${format.format(fenToYuan(fen))}`;
}
