/** 数据大屏's grid: the panels a caller may read placed in two columns beside the feed, rectangles only. */
import { describe, expect, it } from 'vitest';
import { screenAreas, type ScreenPanel } from '../../../src/widgets/dashboard/screen-layout';

const areas = (...panels: ScreenPanel[]) => screenAreas(new Set(panels));

describe('the screen grid', () => {
  it('puts bills and ranking left, trend and goods in the middle, the feed right', () => {
    expect(areas('platforms', 'ranking', 'trend', 'goods')).toBe('"platforms trend feed" "ranking goods feed"');
  });

  it('lets a lone panel of a column take both rows (a quoter: no bills, no goods)', () => {
    expect(areas('ranking', 'trend')).toBe('"ranking trend feed" "ranking trend feed"');
  });

  it('lends an empty column to the other one', () => {
    expect(areas('trend', 'goods')).toBe('"trend trend feed" "goods goods feed"');
    expect(areas('platforms')).toBe('"platforms platforms feed" "platforms platforms feed"');
  });

  it('leaves the feed alone when nothing else may be read', () => {
    expect(areas()).toBe('"feed feed feed" "feed feed feed"');
  });
});
