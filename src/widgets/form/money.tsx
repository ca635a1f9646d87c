import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { bound, controlState, usePlaceholder } from './common';
import { fenToYuan, yuanToFen } from './money-format';

const FULL_WIDTH = { width: '100%' };
/** Thousands separators while typing, as a console's amount inputs show them. */
const withSeparators = (text: string | undefined) => (text ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const withoutSeparators = (text: string | undefined) => (text ?? '').replace(/,/g, '');

/** Money: yuan with two decimals in the input, integer fen in the value (and the schema's bounds in fen). */
export default function MoneyWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, schema, autofocus } = props;
  const { disabled, status } = controlState(props);
  const min = bound(schema.minimum);
  const max = bound(schema.maximum);
  return (
    <InputNumber<number>
      id={id}
      style={FULL_WIDTH}
      prefix="¥"
      precision={2}
      value={typeof value === 'number' ? fenToYuan(value) : null}
      min={min === undefined ? undefined : fenToYuan(min)}
      max={max === undefined ? undefined : fenToYuan(max)}
      formatter={(text) => withSeparators(text === undefined ? undefined : String(text))}
      parser={(text) => Number(withoutSeparators(text))}
      placeholder={usePlaceholder(props, 'input')}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      changeOnWheel={false}
      onChange={(yuan) => onChange(yuan === null ? undefined : yuanToFen(yuan))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
