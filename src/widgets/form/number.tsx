import { InputNumber } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { bound, controlState, isIntegerSchema, usePlaceholder } from './common';

const FULL_WIDTH = { width: '100%' };

/** Integers and decimals within the schema's bounds; integers take no decimal places. */
export default function NumberWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, schema, autofocus } = props;
  const { disabled, status } = controlState(props);
  return (
    <InputNumber
      id={id}
      style={FULL_WIDTH}
      value={typeof value === 'number' ? value : null}
      min={bound(schema.minimum)}
      max={bound(schema.maximum)}
      precision={isIntegerSchema(schema.type) ? 0 : undefined}
      placeholder={usePlaceholder(props, 'input')}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      changeOnWheel={false}
      onChange={(next) => onChange(next === null ? undefined : next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
