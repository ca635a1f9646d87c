import { useState } from 'react';
import { Image } from 'antd';
import type { CellProps } from '../interface/registry';
import { safeHref } from '../../contract/href';
import { EmptyValue } from './format';

/**
 * A thumbnail that opens a preview; `options.size` is its edge in px (28 by default, which keeps
 * the row's height). The thumbnail is a plain image: antd's previewing Image mounts only once
 * clicked, since a list draws a thumbnail in every visible row.
 */
export function ImageCell({ value, options }: CellProps) {
  const [preview, setPreview] = useState(false);
  const src = safeHref(value);
  if (!src) return <EmptyValue />;
  const size = typeof options.size === 'number' ? options.size : 28;
  return (
    <>
      <img src={src} width={size} height={size} loading="lazy" alt="" className="cell-thumb" onClick={() => setPreview(true)} />
      {preview && <Image src={src} style={{ display: 'none' }} preview={{ open: true, onOpenChange: (open) => setPreview(open) }} />}
    </>
  );
}
