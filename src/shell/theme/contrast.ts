/**
 * Colours that stay readable (WCAG: 4.5:1 for text) whatever primary colour a user picks. antd's
 * dark algorithm gives one primary for fills and text alike, and no shade of a mid blue is both
 * dark enough under white text and light enough as text on a near-black page.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two opaque colours (#rrggbb). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(parseHex(a)), luminance(parseHex(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * `colour` mixed toward white (or black) in small steps until it reaches `ratio` against every one
 * of `backgrounds`; the colour itself when it already does.
 */
export function readableOn(colour: string, backgrounds: string[], ratio = 4.5, toward: 'white' | 'black' = 'white'): string {
  const start = parseHex(colour);
  const end: Rgb = toward === 'white' ? [255, 255, 255] : [0, 0, 0];
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(start.map((v, i) => v + ((end[i]! - v) * step) / 20) as Rgb);
    if (backgrounds.every((bg) => contrastRatio(mixed, bg) >= ratio)) return mixed;
  }
  return toHex(end);
}
