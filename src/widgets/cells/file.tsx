import { PaperClipOutlined } from '@ant-design/icons';
import type { CellProps } from '../interface/registry';
import { safeHref } from '../../contract/href';
import { nameOfUrl } from '../form/upload';
import { EmptyValue } from './format';

/** An uploaded file: its name, linked for download. */
export function FileCell({ value }: CellProps) {
  const href = safeHref(value);
  if (!href) return <EmptyValue />;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" download>
      <PaperClipOutlined /> {nameOfUrl(href)}
    </a>
  );
}
