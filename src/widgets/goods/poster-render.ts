/**
 * 海报设计's one renderer: draws a poster document on a 2D canvas at any scale. The designer's
 * stage, the list's thumbnails and 导出 PNG (at full size) all draw through it, so what is
 * exported is what was designed. Pictures are loaded first (loadPictures) and drawn from the map;
 * QR codes are drawn module by module from `qrcode`'s matrix, so drawing itself never waits.
 */
import QRCode from 'qrcode';
import type { PosterDoc, PosterElement, PosterElementOf, PosterFill } from '../../contract/api/posters';
import { goodsCardLayout, gradientLine, pictureRect, priceTagLayout, wrapText, yuanOf, type Box } from './poster-geometry';

export const POSTER_FONT = '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC","WenQuanYi Micro Hei",sans-serif';

/** Pictures by their key (pictureKey), loaded; a missing one is drawn as a placeholder. */
export type Picture = CanvasImageSource & { width: number; height: number };
export type Pictures = ReadonlyMap<string, Picture>;

/** How an element names its picture: a site path, or a team file by id. */
export function pictureKey(element: PosterElement): string | null {
  if (element.kind === 'image') return 'url' in element.src ? element.src.url : `file:${element.src.file_id}`;
  if (element.kind === 'goods') return element.image;
  return null;
}

/** Loads every picture a document names, through `load` (a path or a team file's bytes); a failed one is left out. */
export async function loadPictures(doc: PosterDoc, load: (key: string) => Promise<HTMLImageElement>, known: Pictures = new Map()): Promise<Pictures> {
  const keys = [...new Set(doc.elements.map(pictureKey).filter((key): key is string => key !== null))];
  const loaded = await Promise.all(keys.map(async (key) => [key, known.get(key) ?? (await load(key).catch(() => null))] as const));
  return new Map(loaded.filter((entry): entry is [string, HTMLImageElement] => entry[1] !== null));
}

/** An image element's picture as an <img>, once it has loaded. */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`picture not loaded: ${src}`));
    image.src = src;
  });
}

type Ctx = CanvasRenderingContext2D;

function fillStyleOf(ctx: Ctx, fill: PosterFill, box: Box): string | CanvasGradient {
  if (fill.type === 'solid') return fill.color;
  const gradient = ctx.createLinearGradient(...gradientLine(fill.direction, box));
  gradient.addColorStop(0, fill.from);
  gradient.addColorStop(1, fill.to);
  return gradient;
}

function roundedRect(ctx: Ctx, box: Box, radius: number) {
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.w, box.h, Math.max(0, Math.min(radius, box.w / 2, box.h / 2)));
}

function font(size: number, weight: 'normal' | 'bold' = 'normal') {
  return `${weight === 'bold' ? '700' : '400'} ${size}px ${POSTER_FONT}`;
}

/** Lines of text in a box, from its top, aligned; lines beyond the box's bottom are not drawn. */
function drawLines(ctx: Ctx, text: string, box: Box, size: number, align: CanvasTextAlign, maxLines = Infinity) {
  const lineHeight = size * 1.3;
  let lines = wrapText(text, box.w, (s) => ctx.measureText(s).width);
  if (lines.length > maxLines) {
    lines = lines.slice(0, maxLines);
    lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, -1)}…`;
  }
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  const x = align === 'center' ? box.x + box.w / 2 : align === 'right' ? box.x + box.w : box.x;
  lines.forEach((line, index) => ctx.fillText(line, x, box.y + lineHeight * index + lineHeight / 2));
}

function drawPicture(ctx: Ctx, picture: Picture | undefined, frame: Box, fit: 'cover' | 'contain', radius: number) {
  ctx.save();
  roundedRect(ctx, frame, radius);
  ctx.clip();
  if (picture) {
    const rect = pictureRect(picture.width, picture.height, frame, fit);
    ctx.drawImage(picture, rect.x, rect.y, rect.w, rect.h);
  } else {
    // Not loaded (yet, or gone): a grey frame holds its place.
    ctx.fillStyle = '#f0f0f0';
    ctx.fillRect(frame.x, frame.y, frame.w, frame.h);
    ctx.strokeStyle = '#d9d9d9';
    ctx.lineWidth = Math.max(1, frame.w / 100);
    ctx.beginPath();
    ctx.moveTo(frame.x, frame.y);
    ctx.lineTo(frame.x + frame.w, frame.y + frame.h);
    ctx.moveTo(frame.x + frame.w, frame.y);
    ctx.lineTo(frame.x, frame.y + frame.h);
    ctx.stroke();
  }
  ctx.restore();
}

/** A QR code's link as scanned: a site path becomes an address of this site. */
export function scannedLink(link: string, origin: string): string {
  return link.startsWith('/') ? new URL(link, origin).href : link;
}

function drawQr(ctx: Ctx, element: PosterElementOf<'qr'>, origin: string) {
  const side = Math.min(element.w, element.h);
  ctx.fillStyle = element.background;
  ctx.fillRect(element.x, element.y, side, side);
  const { modules } = QRCode.create(scannedLink(element.link, origin), { errorCorrectionLevel: 'M' });
  // A quiet zone of two modules around the code, as scanners need.
  const cell = side / (modules.size + 4);
  ctx.fillStyle = element.color;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // Each module a hair larger, so no seams show between neighbours when scaled.
      if (modules.get(row, col)) ctx.fillRect(element.x + (col + 2) * cell, element.y + (row + 2) * cell, cell + 0.5, cell + 0.5);
    }
  }
}

function drawPrice(ctx: Ctx, element: PosterElementOf<'price'>) {
  const layout = priceTagLayout(element);
  ctx.fillStyle = element.background;
  roundedRect(ctx, element, element.h * 0.18);
  ctx.fill();
  ctx.fillStyle = element.color;
  ctx.font = font(layout.labelSize);
  drawLines(ctx, element.label, layout.label, layout.labelSize, 'left', 1);
  ctx.font = font(layout.amountSize, 'bold');
  drawLines(ctx, `¥${yuanOf(element.price_fen)}`, layout.amount, layout.amountSize, 'left', 1);
}

function drawGoods(ctx: Ctx, element: PosterElementOf<'goods'>, pictures: Pictures) {
  const layout = goodsCardLayout(element);
  ctx.fillStyle = element.background;
  roundedRect(ctx, element, layout.padding);
  ctx.fill();
  drawPicture(ctx, element.image ? pictures.get(element.image) : undefined, layout.picture, 'contain', layout.padding / 2);
  ctx.fillStyle = element.color;
  ctx.font = font(layout.nameSize, 'bold');
  drawLines(ctx, element.name, layout.name, layout.nameSize, 'left', 2);
  ctx.fillStyle = element.accent;
  ctx.font = font(layout.priceSize, 'bold');
  drawLines(ctx, `¥${yuanOf(element.price_fen)}`, layout.price, layout.priceSize, 'left', 1);
}

function drawElement(ctx: Ctx, element: PosterElement, pictures: Pictures, origin: string) {
  switch (element.kind) {
    case 'rect':
      ctx.fillStyle = fillStyleOf(ctx, element.fill, element);
      roundedRect(ctx, element, element.radius);
      ctx.fill();
      return;
    case 'text':
      ctx.fillStyle = element.color;
      ctx.font = font(element.size, element.weight);
      drawLines(ctx, element.text, element, element.size, element.align);
      return;
    case 'image':
      drawPicture(ctx, pictures.get(pictureKey(element)!), element, element.fit, element.radius);
      return;
    case 'goods':
      drawGoods(ctx, element, pictures);
      return;
    case 'price':
      drawPrice(ctx, element);
      return;
    case 'qr':
      drawQr(ctx, element, origin);
      return;
  }
}

/** Draws the whole poster, scaled by `scale`, into a context whose canvas is (at least) that size. */
export function drawPoster(ctx: Ctx, doc: PosterDoc, pictures: Pictures, { scale = 1, origin = globalThis.location?.origin ?? 'http://localhost' } = {}) {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  const page = { x: 0, y: 0, w: doc.width, h: doc.height };
  ctx.beginPath();
  ctx.rect(0, 0, doc.width, doc.height);
  ctx.clip();
  ctx.fillStyle = fillStyleOf(ctx, doc.background, page);
  ctx.fillRect(0, 0, doc.width, doc.height);
  for (const element of doc.elements) {
    ctx.save();
    drawElement(ctx, element, pictures, origin);
    ctx.restore();
  }
  ctx.restore();
}

/** A canvas of the poster at `scale` (1: its full size, for export). */
export function posterCanvas(doc: PosterDoc, pictures: Pictures, scale = 1): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(doc.width * scale));
  canvas.height = Math.max(1, Math.round(doc.height * scale));
  drawPoster(canvas.getContext('2d')!, doc, pictures, { scale });
  return canvas;
}

/**
 * The poster as a PNG at full size. A canvas that drew another origin's picture is tainted and
 * refuses to export: the server takes this site's pictures only, so it never should; if it does,
 * the refusal comes back as the rejection.
 */
export function posterPng(doc: PosterDoc, pictures: Pictures): Promise<Blob> {
  const canvas = posterCanvas(doc, pictures, 1);
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG not made'))), 'image/png');
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
