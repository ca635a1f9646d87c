/**
 * 海报设计's starting points: a promotion poster for a phone's screen, a square main picture and a
 * wide store banner, each laid out around one goods (its picture, name and price), or a blank page.
 * The designer's 新建 offers them; the demo seed makes its posters from them.
 */
import type { PosterDoc, PosterElement } from './posters';

export const POSTER_TEMPLATES = ['promo', 'square', 'banner', 'blank'] as const;
export type PosterTemplate = (typeof POSTER_TEMPLATES)[number];

export const TEMPLATE_SIZES: Record<PosterTemplate, { width: number; height: number }> = {
  promo: { width: 750, height: 1334 },
  square: { width: 800, height: 800 },
  banner: { width: 1200, height: 500 },
  blank: { width: 750, height: 1000 },
};

export interface TemplateGoods {
  id: number;
  name: string;
  price_fen: number;
  image: string | null;
}

export interface TemplateWords {
  /** The big line: 限时特惠, 新品上市… */
  headline: string;
  /** The line under it. */
  tagline: string;
  /** The price tag's label: 到手价, 活动价… */
  priceLabel: string;
  /** Beside the QR code: 扫码下单. */
  scan: string;
  /** Where the QR code leads: the goods' page, the store. */
  link: string;
}

const text = (id: string, box: [number, number, number, number], content: string, size: number, color: string, weight: 'normal' | 'bold' = 'normal', align: 'left' | 'center' | 'right' = 'center'): PosterElement => ({
  id,
  kind: 'text',
  x: box[0],
  y: box[1],
  w: box[2],
  h: box[3],
  text: content,
  size,
  color,
  weight,
  align,
});

function promo(goods: TemplateGoods | null, words: TemplateWords): PosterDoc {
  const elements: PosterElement[] = [
    { id: 'glow', kind: 'rect', x: -120, y: -160, w: 560, h: 560, radius: 280, fill: { type: 'gradient', from: '#ff9a5a', to: '#ff4d4f', direction: 'diagonal' } },
    text('headline', [40, 90, 670, 120], words.headline, 96, '#ffffff', 'bold'),
    text('tagline', [40, 220, 670, 50], words.tagline, 34, '#fff1e6'),
    { id: 'panel', kind: 'rect', x: 50, y: 310, w: 650, h: 760, radius: 36, fill: { type: 'solid', color: '#ffffff' } },
  ];
  // The card shows the goods' price in its accent colour: no separate tag to say it twice.
  if (goods) elements.push({ id: 'goods', kind: 'goods', x: 80, y: 340, w: 590, h: 700, goods_id: goods.id, name: goods.name, price_fen: goods.price_fen, image: goods.image, color: '#262626', accent: '#f5222d', background: '#ffffff' });
  else elements.push(text('placeholder', [80, 640, 590, 60], words.tagline, 40, '#bfbfbf'));
  elements.push(
    { id: 'qr', kind: 'qr', x: 70, y: 1110, w: 180, h: 180, link: words.link, color: '#262626', background: '#ffffff' },
    text('scan', [280, 1172, 420, 56], words.scan, 40, '#ffffff', 'bold', 'left'),
  );
  return { ...TEMPLATE_SIZES.promo, background: { type: 'gradient', from: '#ff4d4f', to: '#ff9c3f', direction: 'vertical' }, elements };
}

function square(goods: TemplateGoods | null, words: TemplateWords): PosterDoc {
  const elements: PosterElement[] = [];
  if (goods?.image) elements.push({ id: 'picture', kind: 'image', x: 100, y: 40, w: 600, h: 560, src: { url: goods.image }, fit: 'contain', radius: 0 });
  elements.push(
    { id: 'band', kind: 'rect', x: 0, y: 620, w: 800, h: 180, radius: 0, fill: { type: 'gradient', from: '#1f1f1f', to: '#434343', direction: 'horizontal' } },
    text('name', [40, 650, 470, 60], goods?.name ?? words.headline, 40, '#ffffff', 'bold', 'left'),
    text('tagline', [40, 720, 470, 44], words.tagline, 28, '#d9d9d9', 'normal', 'left'),
    { id: 'corner', kind: 'rect', x: 600, y: 30, w: 170, h: 64, radius: 32, fill: { type: 'solid', color: '#fa541c' } },
    text('corner-text', [600, 44, 170, 40], words.headline, 26, '#ffffff', 'bold'),
  );
  if (goods) elements.push({ id: 'price', kind: 'price', x: 540, y: 650, w: 230, h: 110, label: words.priceLabel, price_fen: goods.price_fen, color: '#ffffff', background: '#fa541c' });
  return { ...TEMPLATE_SIZES.square, background: { type: 'gradient', from: '#ffffff', to: '#f0f5ff', direction: 'vertical' }, elements };
}

function banner(goods: TemplateGoods | null, words: TemplateWords): PosterDoc {
  const elements: PosterElement[] = [
    { id: 'circle', kind: 'rect', x: 760, y: 40, w: 420, h: 420, radius: 210, fill: { type: 'gradient', from: '#ffffff', to: '#d6e4ff', direction: 'diagonal' } },
    text('headline', [70, 90, 640, 100], words.headline, 80, '#ffffff', 'bold', 'left'),
    text('tagline', [70, 200, 640, 50], words.tagline, 34, '#d6e4ff', 'normal', 'left'),
  ];
  if (goods?.image) elements.push({ id: 'picture', kind: 'image', x: 810, y: 90, w: 320, h: 320, src: { url: goods.image }, fit: 'contain', radius: 0 });
  if (goods) {
    elements.push(text('name', [70, 280, 460, 50], goods.name, 32, '#ffffff', 'normal', 'left'));
    elements.push({ id: 'price', kind: 'price', x: 70, y: 350, w: 260, h: 100, label: words.priceLabel, price_fen: goods.price_fen, color: '#1d39c4', background: '#ffd666' });
  }
  elements.push({ id: 'qr', kind: 'qr', x: 580, y: 330, w: 130, h: 130, link: words.link, color: '#10239e', background: '#ffffff' });
  return { ...TEMPLATE_SIZES.banner, background: { type: 'gradient', from: '#1d39c4', to: '#722ed1', direction: 'horizontal' }, elements };
}

/** A template's document laid out around one goods (none: with the words alone). */
export function templateDoc(template: PosterTemplate, goods: TemplateGoods | null, words: TemplateWords): PosterDoc {
  switch (template) {
    case 'promo':
      return promo(goods, words);
    case 'square':
      return square(goods, words);
    case 'banner':
      return banner(goods, words);
    case 'blank':
      return { ...TEMPLATE_SIZES.blank, background: { type: 'solid', color: '#ffffff' }, elements: [] };
  }
}
