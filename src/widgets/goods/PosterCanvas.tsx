/**
 * A poster drawn by the one renderer into a <canvas> of `scale` (sharp on high-density screens):
 * the designer's stage and the list's thumbnails.
 */
import { useEffect, useRef } from 'react';
import type { PosterDoc } from '../../contract/api/posters';
import { drawPoster, type Pictures } from './poster-render';

export function PosterCanvas({ doc, pictures, scale, className, label }: { doc: PosterDoc; pictures: Pictures; scale: number; className?: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = Math.round(doc.width * scale);
  const height = Math.round(doc.height * scale);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const density = globalThis.devicePixelRatio || 1;
    element.width = Math.round(width * density);
    element.height = Math.round(height * density);
    drawPoster(element.getContext('2d')!, doc, pictures, { scale: scale * density });
  }, [doc, pictures, scale, width, height]);
  return <canvas ref={canvas} className={className} style={{ width, height }} role="img" aria-label={label} />;
}
