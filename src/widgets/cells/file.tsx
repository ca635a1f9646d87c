import { PaperClipOutlined } from '@ant-design/icons';
import type { CellProps } from '../registries';
import { EmptyValue, safeHref } from './format';

function fileName(href: string): string {
  const last = href.split(/[?#]/, 1)[0]!.split('/').pop() || href;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** An uploaded file: its name, linked for download. */
export function FileCell({ value }: CellProps) {
  const href = safeHref(value);
  if (!href) return <EmptyValue />;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" download>
      <PaperClipOutlined /> {fileName(href)}
    </a>
  );
}
