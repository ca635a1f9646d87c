/**
 * 商品统计's period choices as China calendar days (the server counts days in China time, whatever
 * the browser's own zone): 近7天 and 近30天 end today, 本月 runs from the 1st to today.
 */
export type PeriodPreset = '7d' | '30d' | 'month';

const DAY = 24 * 3600_000;
const CST = 8 * 3600_000;

const chinaDate = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);

export function presetPeriod(preset: PeriodPreset, now: number): { from: string; to: string } {
  const to = chinaDate(now);
  if (preset === 'month') return { from: `${to.slice(0, 8)}01`, to };
  return { from: chinaDate(now - (preset === '7d' ? 6 : 29) * DAY), to };
}
