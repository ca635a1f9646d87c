import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';

/** Limits up to this length get a visible character count; the default 255 would only add noise. */
const COUNTED_UP_TO = 100;

/** One line of text (`string` fields). An emptied input is no value, so "required" catches it. */
export default function TextWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, schema, autofocus } = props;
  const { disabled, status } = controlState(props);
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <Input
      id={id}
      value={typeof value === 'string' ? value : (value ?? '')}
      placeholder={usePlaceholder(props, 'input')}
      disabled={disabled}
      status={status}
      maxLength={maxLength}
      showCount={maxLength !== undefined && maxLength <= COUNTED_UP_TO}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
