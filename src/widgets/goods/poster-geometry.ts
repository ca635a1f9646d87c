/**
 * 海报设计's layout maths, pure: how a poster fits its stage, how a handle resizes a box, where a
 * picture goes in its frame, how a goods card and a price tag divide their box, where a gradient
 * runs, and how text wraps. The renderer (poster-render.ts) and the stage (PosterStage.tsx) share it.
 */
import type { PosterFill } from '../../contract/api/posters';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The smallest side an element may be resized to, in poster pixels. */
export const MIN_SIDE = 10;

/** The scale that fits a poster inside a stage, margins kept, never above its full size. */
export function fitScale(width: number, height: number, stageWidth: number, stageHeight: number, margin = 24): number {
  const room = Math.min((stageWidth - 2 * margin) / width, (stageHeight - 2 * margin) / height);
  return Math.max(0.05, Math.min(1, room));
}

/** Handles by compass point: which edges they pull. */
export const HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type Handle = (typeof HANDLES)[number];

/** A box resized by dragging a handle `dx, dy` poster pixels; the opposite edges stay put, sides never below MIN_SIDE. */
export function resizeBox(box: Box, handle: Handle, dx: number, dy: number): Box {
  let { x, y, w, h } = box;
  if (handle.includes('e')) w = Math.max(MIN_SIDE, box.w + dx);
  if (handle.includes('s')) h = Math.max(MIN_SIDE, box.h + dy);
  if (handle.includes('w')) {
    w = Math.max(MIN_SIDE, box.w - dx);
    x = box.x + box.w - w;
  }
  if (handle.includes('n')) {
    h = Math.max(MIN_SIDE, box.h - dy);
    y = box.y + box.h - h;
  }
  return { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) };
}

/** Where a picture of `width × height` is drawn in its frame: filling it (cover, cropped) or whole inside it (contain). */
export function pictureRect(width: number, height: number, frame: Box, fit: 'cover' | 'contain'): Box {
  if (width <= 0 || height <= 0) return frame;
  const scale = fit === 'cover' ? Math.max(frame.w / width, frame.h / height) : Math.min(frame.w / width, frame.h / height);
  const w = width * scale;
  const h = height * scale;
  return { x: frame.x + (frame.w - w) / 2, y: frame.y + (frame.h - h) / 2, w, h };
}

/** The ends of a gradient's line across a box. */
export function gradientLine(direction: Extract<PosterFill, { type: 'gradient' }>['direction'], box: Box): [number, number, number, number] {
  const { x, y, w, h } = box;
  if (direction === 'horizontal') return [x, y, x + w, y];
  if (direction === 'vertical') return [x, y, x, y + h];
  return [x, y, x + w, y + h];
}

/** A goods card's parts: the picture on top, the name under it, the price at the bottom. */
export function goodsCardLayout(box: Box): { picture: Box; name: Box; price: Box; nameSize: number; priceSize: number; padding: number } {
  const padding = Math.round(Math.min(box.w, box.h) * 0.05);
  const inner = box.w - 2 * padding;
  const nameSize = Math.max(10, Math.round(Math.min(box.w / 14, box.h / 16)));
  const priceSize = Math.round(nameSize * 1.6);
  const textHeight = nameSize * 1.3 * 2 + priceSize * 1.3 + padding;
  const pictureHeight = Math.max(0, box.h - 2 * padding - textHeight);
  const picture = { x: box.x + padding, y: box.y + padding, w: inner, h: pictureHeight };
  const name = { x: box.x + padding, y: picture.y + pictureHeight + padding / 2, w: inner, h: nameSize * 1.3 * 2 };
  const price = { x: box.x + padding, y: name.y + name.h + padding / 4, w: inner, h: priceSize * 1.3 };
  return { picture, name, price, nameSize, priceSize, padding };
}

/** A price tag's parts: its label small on top, the amount large below it. */
export function priceTagLayout(box: Box): { labelSize: number; amountSize: number; label: Box; amount: Box } {
  const labelSize = Math.max(8, Math.round(box.h * 0.22));
  const amountSize = Math.max(10, Math.round(box.h * 0.46));
  const padX = Math.round(box.h * 0.16);
  const label = { x: box.x + padX, y: box.y + box.h * 0.1, w: box.w - 2 * padX, h: labelSize * 1.3 };
  const amount = { x: box.x + padX, y: label.y + label.h, w: box.w - 2 * padX, h: amountSize * 1.25 };
  return { labelSize, amountSize, label, amount };
}

/** "129.90" of 12990 fen; whole yuan without decimals ("129"). */
export function yuanOf(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2);
}

/**
 * Text broken into lines no wider than `width`, as a measure says: at explicit line breaks, then
 * between words for Latin text and between any two characters for Chinese (which has no spaces).
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    // Latin words stay whole; every other character (a 汉字, a space) is a place to break.
    const pieces = paragraph.match(/[A-Za-z0-9.,!?%¥$'"-]+|\s|./gu) ?? [];
    let line = '';
    for (const piece of pieces) {
      const next = line + piece;
      if (line !== '' && measure(next) > width) {
        lines.push(line.trimEnd());
        line = piece.trim() === '' ? '' : piece;
      } else line = next;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A box moved by arrow keys: one pixel, ten with Shift. */
export function nudged(box: Box, key: string, shift: boolean): Box | null {
  const step = shift ? 10 : 1;
  const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const move = moves[key];
  return move ? { ...box, x: box.x + move[0], y: box.y + move[1] } : null;
}
