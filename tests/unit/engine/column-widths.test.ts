import { describe, expect, it } from 'vitest';
import type { ResourceField, ResourceRecord } from '../../../src/contract/resource';
import { columnWidth, textWidth } from '../../../src/engine/list/column-widths';

const field = (type: ResourceField['type']): ResourceField => ({ name: 'v', type, title: { zh: '值', en: 'Value' } }) as ResourceField;
const rows = (...values: unknown[]) => values.map((v, i) => ({ id: i + 1, version: 1, v }) as unknown as ResourceRecord);
const width = (type: ResourceField['type'], values: unknown[], extra: { title?: string; copyable?: boolean; sortable?: boolean; base?: number } = {}) =>
  columnWidth(
    { column: { field: 'v', copyable: extra.copyable }, field: field(type), title: extra.title ?? '值', base: extra.base ?? 80, sortable: extra.sortable ?? false, filterable: false },
    rows(...values),
    'zh',
    14,
    17,
  );

describe('column widths from content and type', () => {
  it('fits a whole date-time, a large amount and a long id on one line', () => {
    expect(width('datetime', [Date.now()])).toBeGreaterThanOrEqual(textWidth('2026-11-18 10:10:50', 14) + 17);
    expect(width('money', [7218800000])).toBeGreaterThanOrEqual(textWidth('¥72,188,000.00', 14) + 17);
    const id = 'B2026112268938707230040';
    expect(width('string', [id, 'x'], { copyable: true })).toBeGreaterThanOrEqual(textWidth(id, 14) + 17 + 20);
  });

  it('gives the header room with its sort carets when the values are shorter', () => {
    expect(width('money', [100], { title: '平台服务费', sortable: true })).toBeGreaterThanOrEqual(5 * 14 + 16 + 17);
  });

  it('stops long text at a readable width and short values at their type’s width', () => {
    expect(width('text', ['很长的备注'.repeat(40)])).toBeLessThanOrEqual(280 + 17);
    expect(width('integer', [1], { base: 110 })).toBe(110);
  });

  it('leaves pictures at their type’s width whatever their address', () => {
    expect(width('image', ['/uploads/a-very-long-file-name-of-a-goods-photo-0001.png'], { base: 80 })).toBe(80);
  });
});
