import type { MouseEvent } from 'react';
import { fillTemplate } from '../../contract/expression';
import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { safeHref } from '../../contract/href';
import { EmptyValue, isEmpty } from './format';

/**
 * A link: to the value itself (a URL), or to `options.href`, a template filled from the record
 * (`/goods/detail?id={{record.id}}`, each value URL-encoded). Console paths open in the console.
 */
export function LinkCell({ value, record, options }: CellProps) {
  const { navigate } = useWidgetHost();
  if (isEmpty(value)) return <EmptyValue />;
  const href = safeHref(typeof options.href === 'string' ? fillTemplate(options.href, { record }, true) : value);
  const text = String(value);
  if (!href) return text;
  if (/^https?:/i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  }
  const open = (event: MouseEvent) => {
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={open}>
      {text}
    </a>
  );
}
