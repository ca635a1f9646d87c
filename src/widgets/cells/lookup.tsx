import type { CellProps } from '../registries';
import { useLookupLabel } from '../../engine/options';
import { EmptyValue, isEmpty } from './format';

/** The label of the record a lookup field points at; its id while the label loads or when it cannot be read. */
export function LookupCell({ value, field }: CellProps) {
  const label = useLookupLabel(field, value);
  if (isEmpty(value)) return <EmptyValue />;
  return label ?? <span className="cell-muted">#{String(value)}</span>;
}
