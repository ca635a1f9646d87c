import { Image } from 'antd';
import type { CellProps } from '../registries';
import { EmptyValue, safeHref } from './format';

/** A thumbnail that opens a preview; `options.size` is its edge in px (28 by default, which keeps the row's height). */
export function ImageCell({ value, options }: CellProps) {
  const src = safeHref(value);
  if (!src) return <EmptyValue />;
  const size = typeof options.size === 'number' ? options.size : 28;
  return <Image src={src} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" alt="" />;
}
