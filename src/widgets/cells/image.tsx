import { Image } from 'antd';
import type { CellProps } from '../registries';
import { EmptyValue, safeHref } from './format';

/** A thumbnail that opens a preview; `options.size` is its edge in px (32 by default). */
export function ImageCell({ value, options }: CellProps) {
  const src = safeHref(value);
  if (!src) return <EmptyValue />;
  const size = typeof options.size === 'number' ? options.size : 32;
  return <Image src={src} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" alt="" />;
}
