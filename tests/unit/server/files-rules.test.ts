/** 文件管理's server rules and the demo's picture writer, pure. */
import { describe, expect, it } from 'vitest';
import { attachmentOf, contentTypeOf, nestedCounts, pathTo, sortRows, subtreeOf } from '../../../server/files/rules';
import { png, productShot } from '../../../server/db/seed/png';
import { imageExtension } from '../../../server/http/image-type';

const FOLDERS = [
  { id: 1, parent_id: 0, name: '商品主图' },
  { id: 2, parent_id: 1, name: '夏季新品' },
  { id: 3, parent_id: 2, name: '细节' },
  { id: 4, parent_id: 0, name: '合同' },
];

describe('文件管理 rules', () => {
  it('finds a folder with everything below it, and counts files through it', () => {
    expect([...subtreeOf(FOLDERS, 1)].sort()).toEqual([1, 2, 3]);
    expect([...subtreeOf(FOLDERS, 4)]).toEqual([4]);
    const counts = nestedCounts(FOLDERS, new Map([[1, 2], [2, 1], [3, 4]]));
    expect(Object.fromEntries(counts)).toEqual({ 1: 7, 2: 5, 3: 4, 4: 0 });
  });

  it('walks the path from the top, and stops at a loop', () => {
    expect(pathTo(FOLDERS, 3).map((f) => f.name)).toEqual(['商品主图', '夏季新品', '细节']);
    const loop = [
      { id: 1, parent_id: 2 },
      { id: 2, parent_id: 1 },
    ];
    expect(pathTo(loop, 1).map((f) => f.id)).toEqual([2, 1]);
  });

  it('names a download in UTF-8 with an ASCII stand-in', () => {
    expect(attachmentOf('对账单 (10月).csv')).toBe(`attachment; filename="___ (10_).csv"; filename*=UTF-8''%E5%AF%B9%E8%B4%A6%E5%8D%95%20%2810%E6%9C%88%29.csv`);
    expect(attachmentOf('a"b.txt')).toBe(`attachment; filename="a_b.txt"; filename*=UTF-8''a%22b.txt`);
  });

  it('serves only the allow-list types, text in UTF-8, the rest as bytes', () => {
    expect(contentTypeOf('a.PNG')).toBe('image/png');
    expect(contentTypeOf('a.csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeOf('page.html')).toBe('application/octet-stream');
    expect(contentTypeOf('logo.svg')).toBe('application/octet-stream');
  });

  it('sorts by name as Chinese readers do, by size and by time, ties by name', () => {
    const rows = [
      { name: '合同', updated_at: 3, size: 5 },
      { name: '对账单', updated_at: 1, size: 5 },
      { name: '2', updated_at: 2, size: 1 },
      { name: '10', updated_at: 2, size: 9 },
    ];
    expect(sortRows(rows, 'name', 'asc', (r) => r.size).map((r) => r.name)).toEqual(['2', '10', '对账单', '合同']);
    expect(sortRows(rows, 'size', 'desc', (r) => r.size).map((r) => r.name)).toEqual(['10', '对账单', '合同', '2']);
    expect(sortRows(rows, 'updated_at', 'asc', (r) => r.size).map((r) => r.name)).toEqual(['对账单', '2', '10', '合同']);
  });

  it('writes PNGs an image check recognises', () => {
    expect(imageExtension(png(2, 2, () => [255, 0, 0]))).toBe('png');
    const shot = productShot(64, [230, 240, 250], [40, 40, 40]);
    expect(imageExtension(shot)).toBe('png');
    expect(shot.readUInt32BE(16)).toBe(64);
  });
});
