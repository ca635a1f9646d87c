import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { EmptyValue, isEmpty } from './format';

/** The label of the record a lookup field points at; its id while the label loads or when it cannot be read. */
export function LookupCell({ value, field }: CellProps) {
  const label = useWidgetHost().useLookupLabel(field, value);
  if (isEmpty(value)) return <EmptyValue />;
  return label ?? <span className="cell-muted">#{String(value)}</span>;
}
