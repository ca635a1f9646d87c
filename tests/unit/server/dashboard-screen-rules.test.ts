/** 数据大屏's arithmetic: today against yesterday and the period against the one before, rates of both, shares of a whole. */
import { describe, expect, it } from 'vitest';
import { chinaDay, periodOf, rateSpanOf, sharesOf, spanOf } from '../../../server/dashboard/rules';

describe("a screen figure's two comparisons", () => {
  // 2026-11-28 01:00 in China.
  const now = Date.parse('2026-11-27T17:00:00Z');
  const period = periodOf(now, 7);
  const day = (label: string) => chinaDay(Date.parse(`${label}T12:00:00+08:00`));

  it('counts today against yesterday and the 7 days against the 7 before, leaving older days out', () => {
    const perDay = new Map([
      [day('2026-11-28'), 4],
      [day('2026-11-27'), 3],
      [day('2026-11-22'), 2],
      [day('2026-11-21'), 5],
      [day('2026-11-15'), 7],
      [day('2026-11-14'), 100],
    ]);
    expect(spanOf(perDay, period)).toEqual({ today: { current: 4, previous: 3 }, period: { current: 9, previous: 12 } });
  });

  it('has zeros for days without any', () => {
    expect(spanOf(new Map(), period)).toEqual({ today: { current: 0, previous: 0 }, period: { current: 0, previous: 0 } });
  });

  it('divides both halves of both comparisons, and has no rate where nothing was given', () => {
    const given = { today: { current: 4, previous: 0 }, period: { current: 10, previous: 8 } };
    const accepted = { today: { current: 1, previous: 0 }, period: { current: 5, previous: 2 } };
    expect(rateSpanOf(accepted, given)).toEqual({ today: { current: 0.25, previous: null }, period: { current: 0.5, previous: 0.25 } });
  });
});

describe('shares of a whole', () => {
  it('gives each part its fraction, largest first, summing to one', () => {
    const shares = sharesOf([
      { platform: 'kuaishou', amount_fen: 10_000 },
      { platform: 'douyin', amount_fen: 30_000 },
      { platform: 'wechat', amount_fen: 60_000 },
    ]);
    expect(shares.map((part) => [part.platform, part.share])).toEqual([
      ['wechat', 0.6],
      ['douyin', 0.3],
      ['kuaishou', 0.1],
    ]);
    expect(shares.reduce((sum, part) => sum + part.share, 0)).toBeCloseTo(1);
  });

  it('gives every part nothing when there is no whole (no bills, or refunds outweigh them)', () => {
    expect(sharesOf([{ amount_fen: 0 }, { amount_fen: 0 }]).map((part) => part.share)).toEqual([0, 0]);
    expect(sharesOf([{ amount_fen: 500 }, { amount_fen: -500 }]).map((part) => part.share)).toEqual([0, 0]);
    expect(sharesOf([])).toEqual([]);
  });
});
