import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { EmptyValue, isEmpty } from './format';

/** Plain text: strings as they are, rich text without its tags, sub-tables as their row count. */
export function TextCell({ value, field }: CellProps) {
  const { t } = useWidgetHost();
  if (isEmpty(value)) return <EmptyValue />;
  if (Array.isArray(value)) return t('rowsCount', { count: value.length });
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return field?.type === 'richtext' ? text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : text;
}
