/** 海报设计's layout maths and document edits: fitting, resizing by handles, pictures in frames, card and tag layout, wrapping, layers and history. */
import { describe, expect, it } from 'vitest';
import { fitScale, goodsCardLayout, gradientLine, MIN_SIDE, nudged, pictureRect, priceTagLayout, resizeBox, wrapText, yuanOf } from '../../../src/widgets/goods/poster-geometry';
import { addElement, changeElement, commit, historyOf, HISTORY_STEPS, moveLayer, newElementId, placeNew, redo, removeElement, reorderLayer, undo } from '../../../src/widgets/goods/poster-doc';
import { templateDoc, TEMPLATE_SIZES, POSTER_TEMPLATES } from '../../../src/contract/api/poster-templates';
import type { PosterDoc, PosterElement } from '../../../src/contract/api/posters';

const rect = (id: string): PosterElement => ({ id, kind: 'rect', x: 0, y: 0, w: 10, h: 10, radius: 0, fill: { type: 'solid', color: '#000000' } });
const blank = (): PosterDoc => ({ width: 800, height: 600, background: { type: 'solid', color: '#ffffff' }, elements: [rect('a'), rect('b'), rect('c')] });

describe('poster geometry', () => {
  it('fits a poster inside its stage with margins, never above full size', () => {
    expect(fitScale(750, 1334, 800, 700)).toBeCloseTo((700 - 48) / 1334);
    expect(fitScale(1200, 500, 648, 1000)).toBeCloseTo(600 / 1200);
    expect(fitScale(100, 100, 2000, 2000)).toBe(1);
    expect(fitScale(3000, 3000, 10, 10)).toBe(0.05);
  });

  it('resizes from each handle keeping the opposite edges, never below the smallest side', () => {
    const box = { x: 100, y: 100, w: 200, h: 100 };
    expect(resizeBox(box, 'se', 50, 20)).toEqual({ x: 100, y: 100, w: 250, h: 120 });
    expect(resizeBox(box, 'nw', 50, 20)).toEqual({ x: 150, y: 120, w: 150, h: 80 });
    expect(resizeBox(box, 'e', 10, 999)).toEqual({ x: 100, y: 100, w: 210, h: 100 });
    expect(resizeBox(box, 'n', 999, -30)).toEqual({ x: 100, y: 70, w: 200, h: 130 });
    // Dragged past the other edge: the box stops at its smallest, its right edge where it was.
    expect(resizeBox(box, 'w', 500, 0)).toEqual({ x: 300 - MIN_SIDE, y: 100, w: MIN_SIDE, h: 100 });
  });

  it('places a picture covering (cropped) or contained in its frame, centred', () => {
    const frame = { x: 0, y: 0, w: 200, h: 100 };
    expect(pictureRect(100, 100, frame, 'cover')).toEqual({ x: 0, y: -50, w: 200, h: 200 });
    expect(pictureRect(100, 100, frame, 'contain')).toEqual({ x: 50, y: 0, w: 100, h: 100 });
    expect(pictureRect(0, 0, frame, 'cover')).toEqual(frame);
  });

  it('runs gradients along the box', () => {
    const box = { x: 10, y: 20, w: 100, h: 50 };
    expect(gradientLine('horizontal', box)).toEqual([10, 20, 110, 20]);
    expect(gradientLine('vertical', box)).toEqual([10, 20, 10, 70]);
    expect(gradientLine('diagonal', box)).toEqual([10, 20, 110, 70]);
  });

  it('lays a goods card out as picture, name and price, top to bottom within the card', () => {
    const box = { x: 80, y: 340, w: 590, h: 700 };
    const layout = goodsCardLayout(box);
    expect(layout.picture.y).toBe(box.y + layout.padding);
    expect(layout.name.y).toBeGreaterThan(layout.picture.y + layout.picture.h - 1);
    expect(layout.price.y).toBeGreaterThan(layout.name.y + layout.name.h - 1);
    expect(layout.price.y + layout.price.h).toBeLessThanOrEqual(box.y + box.h);
    expect(layout.picture.x + layout.picture.w).toBe(box.x + box.w - layout.padding);
    const tag = priceTagLayout({ x: 0, y: 0, w: 250, h: 100 });
    expect(tag.amount.y).toBeGreaterThan(tag.label.y);
    expect(tag.amount.y + tag.amount.h).toBeLessThanOrEqual(100);
    expect(tag.amountSize).toBeGreaterThan(tag.labelSize);
  });

  it('shows prices in yuan, whole yuan without decimals', () => {
    expect([yuanOf(12_900), yuanOf(12_990), yuanOf(5)]).toEqual(['129', '129.90', '0.05']);
  });

  it('wraps Chinese between any characters and Latin between words, at explicit breaks too', () => {
    const measure = (s: string) => s.length * 10;
    expect(wrapText('今日下单顺丰包邮七天无理由', 50, measure)).toEqual(['今日下单顺', '丰包邮七天', '无理由']);
    expect(wrapText('free shipping today', 90, measure)).toEqual(['free', 'shipping', 'today']);
    expect(wrapText('限时\n特惠', 500, measure)).toEqual(['限时', '特惠']);
    // A word longer than the line stays whole on its own line rather than being lost.
    expect(wrapText('supercalifragilistic', 50, measure)).toEqual(['supercalifragilistic']);
  });

  it('nudges by one pixel, ten with Shift, and ignores other keys', () => {
    const box = { x: 5, y: 5, w: 1, h: 1 };
    expect(nudged(box, 'ArrowLeft', false)).toMatchObject({ x: 4, y: 5 });
    expect(nudged(box, 'ArrowDown', true)).toMatchObject({ x: 5, y: 15 });
    expect(nudged(box, 'a', false)).toBeNull();
  });
});

describe('poster document edits', () => {
  it('adds elements with new ids, centred, and changes and removes them', () => {
    const doc = blank();
    const id = newElementId(doc, 'text');
    expect(doc.elements.some((element) => element.id === id)).toBe(false);
    expect(id).toMatch(/^text-[a-z0-9]+$/);
    const box = placeNew(doc, 'qr');
    expect(box.x + box.w / 2).toBeCloseTo(400, 0);
    expect(box.w).toBe(box.h);
    const added = addElement(doc, { ...rect(id) });
    expect(added.elements.at(-1)!.id).toBe(id);
    expect(changeElement(added, id, { x: 42 }).elements.at(-1)).toMatchObject({ x: 42, kind: 'rect' });
    expect(removeElement(added, 'b').elements.map((element) => element.id)).toEqual(['a', 'c', id]);
  });

  it('moves layers a step or to the front or back, and by dragging', () => {
    const ids = (doc: PosterDoc) => doc.elements.map((element) => element.id).join('');
    expect(ids(moveLayer(blank(), 'a', 'forward'))).toBe('bac');
    expect(ids(moveLayer(blank(), 'a', 'front'))).toBe('bca');
    expect(ids(moveLayer(blank(), 'c', 'back'))).toBe('cab');
    expect(ids(moveLayer(blank(), 'c', 'forward'))).toBe('abc');
    expect(ids(reorderLayer(blank(), 'c', 'a'))).toBe('cab');
  });

  it('undoes and redoes, forgets redo after a new edit, and keeps a bounded past', () => {
    const first = blank();
    let history = historyOf(first);
    const second = removeElement(first, 'a');
    history = commit(history, second);
    const third = removeElement(second, 'b');
    history = commit(history, third);
    history = undo(history);
    expect(history.present).toBe(second);
    history = undo(history);
    expect(history.present).toBe(first);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe(second);
    history = commit(history, removeElement(second, 'c'));
    expect(history.future).toEqual([]);
    // A drag previews without history, then commits once from where it started.
    const dragged = changeElement(history.present, 'b', { x: 99 });
    const after = commit({ ...history, present: dragged }, dragged, history.present);
    expect(undo(after).present).toBe(history.present);
    let long = historyOf(first);
    for (let i = 0; i < HISTORY_STEPS + 20; i++) long = commit(long, changeElement(long.present, 'a', { x: i + 1 }));
    expect(long.past.length).toBe(HISTORY_STEPS);
  });

  it('builds every template at its size with elements inside the page', () => {
    for (const template of POSTER_TEMPLATES) {
      const doc = templateDoc(template, { id: 7, name: '手冲咖啡壶', price_fen: 12_900, image: '/demo/goods/a.svg' }, { headline: '限时特惠', tagline: '包邮', priceLabel: '到手价', scan: '扫码', link: '/goods/list?id=7' });
      expect([doc.width, doc.height]).toEqual([TEMPLATE_SIZES[template].width, TEMPLATE_SIZES[template].height]);
      expect(new Set(doc.elements.map((element) => element.id)).size).toBe(doc.elements.length);
      for (const element of doc.elements.filter((item) => item.kind !== 'rect')) {
        expect(element.x).toBeGreaterThanOrEqual(0);
        expect(element.x + element.w).toBeLessThanOrEqual(doc.width);
        expect(element.y + element.h).toBeLessThanOrEqual(doc.height);
      }
    }
  });
});
