import { carriedLabel } from '../../contract/resource';
import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { EmptyValue, isEmpty } from './format';

/**
 * The label of the record a lookup field points at: the one the row carries when it was read from
 * the API (no second read, which the caller may not be allowed); else read, showing the id while
 * it loads or when it cannot be read.
 */
export function LookupCell({ value, field, record }: CellProps) {
  const carried = field ? carriedLabel(record, field.name) : undefined;
  const read = useWidgetHost().useLookupLabel(carried === undefined ? field : undefined, value);
  if (isEmpty(value)) return <EmptyValue />;
  const label = carried === undefined ? read : carried;
  return label ?? <span className="cell-muted">#{String(value)}</span>;
}
