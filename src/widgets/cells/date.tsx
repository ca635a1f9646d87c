import type { CellProps } from '../interface/registry';
import { EmptyValue, formatTime, isEmpty } from './format';

/** A calendar date; `options.format` is a dayjs format (YYYY-MM-DD by default). */
export function DateCell({ value, options }: CellProps) {
  if (isEmpty(value)) return <EmptyValue />;
  return formatTime(value, typeof options.format === 'string' ? options.format : 'YYYY-MM-DD');
}

/** A moment (epoch ms) as date and time; `options.format` is a dayjs format. */
export function DateTimeCell({ value, options }: CellProps) {
  if (isEmpty(value)) return <EmptyValue />;
  return formatTime(value, typeof options.format === 'string' ? options.format : undefined);
}
