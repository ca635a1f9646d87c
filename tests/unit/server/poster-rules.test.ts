/** 海报设计's document rules: a template's document passes; each kind of bad input is refused naming the element and field. */
import { describe, expect, it } from 'vitest';
import { checkDoc } from '../../../server/goods/poster-rules';
import { templateDoc } from '../../../src/contract/api/poster-templates';
import type { PosterDoc } from '../../../src/contract/api/posters';

const doc = (): PosterDoc => templateDoc('banner', { id: 3, name: '蓝牙耳机', price_fen: 19_900, image: '/demo/goods/ear.svg' }, { headline: '双十二', tagline: '满减', priceLabel: '爆款价', scan: '扫码', link: 'https://shop.example.com/goods/3' });
const qr = (link: string) => ({ id: 'q', kind: 'qr', x: 0, y: 0, w: 100, h: 100, link, color: '#000000', background: '#ffffff' });
const withElement = (element: object) => ({ ...doc(), elements: [...doc().elements, element] });
const n = doc().elements.length + 1;

describe('poster document rules', () => {
  it('takes a template document as it is, with its weight', () => {
    const checked = checkDoc(doc());
    expect('doc' in checked && checked.doc).toEqual(doc());
    expect('chars' in checked && checked.chars).toBe(JSON.stringify(doc()).length);
  });

  it('takes http(s) and site links for QR codes and refuses every other', () => {
    for (const link of ['https://shop.example.com/a?b=1', 'http://x.cn', '/goods/list?id=3', '/']) expect(checkDoc(withElement(qr(link)))).toHaveProperty('doc');
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>', '//evil.example.com', 'ftp://x', 'https://a b', ' /x', '']) {
      expect(checkDoc(withElement(qr(link)))).toEqual({ problem: 'posterLinkRefused', params: { n } });
    }
  });

  it('takes pictures of this site or team files only', () => {
    const image = (src: object) => ({ id: 'i', kind: 'image', x: 0, y: 0, w: 10, h: 10, src, fit: 'cover', radius: 0 });
    expect(checkDoc(withElement(image({ url: '/uploads/a.png' })))).toHaveProperty('doc');
    expect(checkDoc(withElement(image({ file_id: 12 })))).toHaveProperty('doc');
    for (const src of [{ url: 'https://evil.example.com/a.png' }, { url: '//cdn.example.com/a.png' }, { file_id: 0 }, { url: '/a.png', file_id: 1 }]) {
      expect(checkDoc(withElement(image(src)))).toEqual({ problem: 'posterPictureRefused', params: { n } });
    }
    const goods = { ...doc().elements.find((element) => element.kind === 'price')!, id: 'g', kind: 'goods', goods_id: 1, name: 'x', image: 'http://evil/a.png', accent: '#ff0000' };
    delete (goods as { label?: string }).label;
    expect(checkDoc(withElement(goods))).toEqual({ problem: 'posterPictureRefused', params: { n } });
  });

  it('refuses unknown kinds, numbers out of bounds, bad colours, extra fields and repeated ids', () => {
    expect(checkDoc(withElement({ id: 'x', kind: 'html', x: 0, y: 0, w: 1, h: 1 }))).toEqual({ problem: 'posterElementKind', params: { n } });
    expect(checkDoc(withElement(null as never))).toEqual({ problem: 'posterElementKind', params: { n } });
    const text = { id: 't', kind: 'text', x: 0, y: 0, w: 100, h: 40, text: '你好', size: 20, color: '#000000', weight: 'bold', align: 'left' };
    expect(checkDoc(withElement({ ...text, size: 2 }))).toEqual({ problem: 'posterElementInvalid', params: { n, field: 'size' } });
    expect(checkDoc(withElement({ ...text, color: 'red' }))).toEqual({ problem: 'posterElementInvalid', params: { n, field: 'color' } });
    expect(checkDoc(withElement({ ...text, onclick: 'x' }))).toMatchObject({ problem: 'posterElementInvalid', params: { n } });
    expect(checkDoc(withElement({ ...text, x: Number.NaN }))).toMatchObject({ problem: 'posterElementInvalid', params: { n, field: 'x' } });
    expect(checkDoc(withElement({ ...text, id: doc().elements[0].id }))).toEqual({ problem: 'posterDuplicateId', params: { n, id: doc().elements[0].id } });
    expect(checkDoc({ ...doc(), height: 5000 })).toEqual({ problem: 'posterDocInvalid', params: { field: 'height' } });
    expect(checkDoc({ ...doc(), background: { type: 'gradient', from: '#000000' } })).toEqual({ problem: 'posterDocInvalid', params: { field: 'background' } });
    expect(checkDoc('a poster')).toEqual({ problem: 'posterDocInvalid', params: { field: '—' } });
  });

  it('refuses more elements than a poster holds and documents beyond the size cap', () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ id: `r${i}`, kind: 'rect', x: 0, y: 0, w: 1, h: 1, radius: 0, fill: { type: 'solid', color: '#000000' } }));
    expect(checkDoc({ ...doc(), elements: many })).toEqual({ problem: 'posterTooManyElements', params: { most: 200 } });
    const heavy = Array.from({ length: 60 }, (_, i) => ({ id: `t${i}`, kind: 'text', x: 0, y: 0, w: 1, h: 1, text: '长'.repeat(2000), size: 20, color: '#000000', weight: 'normal', align: 'left' }));
    expect(checkDoc({ ...doc(), elements: heavy })).toMatchObject({ problem: 'posterTooLarge', params: { most: 100 } });
  });
});
