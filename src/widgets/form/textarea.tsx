import { Input } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';

const COUNTED_UP_TO = 2000;
const AUTO_SIZE = { minRows: 3, maxRows: 10 };

/** Several lines of text (`text` fields), growing with the text up to ten lines. */
export default function TextareaWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, schema, autofocus } = props;
  const { disabled, status } = controlState(props);
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  return (
    <Input.TextArea
      id={id}
      value={typeof value === 'string' ? value : ''}
      placeholder={usePlaceholder(props, 'input')}
      disabled={disabled}
      status={status}
      maxLength={maxLength}
      showCount={maxLength !== undefined && maxLength <= COUNTED_UP_TO}
      autoSize={AUTO_SIZE}
      autoFocus={autofocus}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
