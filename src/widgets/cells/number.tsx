import type { CellProps } from '../interface/registry';
import { EmptyValue, formatNumber, toNumber } from './format';

/** A number with grouping; `options.precision` fixes the decimals, `options.suffix` adds a unit. */
export function NumberCell({ value, options }: CellProps) {
  const number = toNumber(value);
  if (number === null) return <EmptyValue />;
  const precision = typeof options.precision === 'number' ? options.precision : undefined;
  const suffix = typeof options.suffix === 'string' ? options.suffix : '';
  return `${formatNumber(number, precision)}${suffix}`;
}
