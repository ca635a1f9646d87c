import { Tag } from 'antd';
import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { EmptyValue, isEmpty } from './format';

const TRUE = new Set<unknown>([true, 1, '1', 'true']);

/** Yes or no as a tag; `options.yes` / `options.no` colour them (green and grey by default). */
export function BooleanCell({ value, options }: CellProps) {
  const { t } = useWidgetHost();
  if (isEmpty(value)) return <EmptyValue />;
  const on = TRUE.has(value);
  const color = on ? (typeof options.yes === 'string' ? options.yes : 'success') : typeof options.no === 'string' ? options.no : 'default';
  return (
    <Tag color={color} variant="filled">
      {t(on ? 'yes' : 'no')}
    </Tag>
  );
}
