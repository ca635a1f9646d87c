import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { bound, controlState, usePlaceholder } from './common';
import { fenToYuan, yuanToFen } from './money-format';

const FULL_WIDTH = { width: '100%' };
/** "12,345.50": two decimals and thousands separators, except while the user is typing the number. */
function format(yuan: number | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  // An empty input reaches the formatter as '' despite its type, and Number('') is 0.
  if (yuan === undefined || String(yuan) === '' || Number.isNaN(Number(yuan))) return '';
  const [whole, fraction] = Number(yuan).toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

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
      // antd's own parser drops the separators again.
      formatter={format}
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
