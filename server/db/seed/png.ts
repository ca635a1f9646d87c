/**
 * A tiny PNG writer for the demo's pictures: truecolour, 8 bits, no interlace, each pixel chosen
 * by a function. Enough for the product shots and posters 文件管理 shows, with no image library.
 */
import type * as Zlib from 'node:zlib';
import { atFirstUse } from '../../first-use';

export type Rgb = readonly [number, number, number];

// node:zlib is loaded by the first picture a seed draws, not at every start (only seeding draws).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a built-in, required at first use (server/first-use.ts)
const zlib = atFirstUse<typeof Zlib>('node:zlib', () => require('node:zlib'));

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib().crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  // Each row starts with its filter byte (0: none).
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib().deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as unknown as Rgb;

/**
 * A product shot: a soft vertical gradient behind a round "product" in its colour, with a light
 * highlight, as a shop's main picture looks at thumbnail size.
 */
export function productShot(size: number, background: Rgb, product: Rgb): Buffer {
  const c = size / 2;
  const r = size * 0.3;
  return png(size, size, (x, y) => {
    const d = Math.hypot(x - c, y - c * 1.05);
    if (d < r) {
      const light = Math.max(0, 1 - Math.hypot(x - (c - r * 0.35), y - (c - r * 0.4)) / (r * 0.9));
      return mix(product, [255, 255, 255], light * 0.6);
    }
    // The shadow under it.
    if (Math.hypot((x - c) / 1.6, (y - c - r * 1.15) * 2.2) < r * 0.55) return mix(background, [60, 60, 60], 0.25);
    return mix(background, [255, 255, 255], y / size / 1.5);
  });
}

/** A poster: diagonal bands of two colours with a plain panel in the middle where a title would go. */
export function poster(width: number, height: number, a: Rgb, b: Rgb): Buffer {
  return png(width, height, (x, y) => {
    const inPanel = x > width * 0.15 && x < width * 0.85 && y > height * 0.35 && y < height * 0.6;
    if (inPanel) return [255, 250, 240];
    return Math.floor((x + y) / 24) % 2 === 0 ? a : mix(a, b, 0.7);
  });
}
