/** 商品统计's period choices end on China's today, whatever the browser's zone. */
import { describe, expect, it } from 'vitest';
import { presetPeriod } from '../../../src/widgets/goods/statistics-periods';

describe("the statistics' period choices", () => {
  it('end today in China: after 16:00 UTC that is the next day', () => {
    const evening = Date.UTC(2026, 10, 30, 15, 59);
    expect(presetPeriod('7d', evening)).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    expect(presetPeriod('30d', evening)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('month', evening)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    const midnight = Date.UTC(2026, 10, 30, 16);
    expect(presetPeriod('7d', midnight)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(presetPeriod('month', midnight)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });
});
