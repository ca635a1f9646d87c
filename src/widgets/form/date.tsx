import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';
import { DATE_FORMAT } from './formats';

const FULL_WIDTH = { width: '100%' };

/** A calendar date, stored as 'YYYY-MM-DD' (the schema's `format: date`). */
export default function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus } = props;
  const { disabled, status } = controlState(props);
  const parsed = typeof value === 'string' ? dayjs(value, DATE_FORMAT) : null;
  return (
    <DatePicker
      id={id}
      style={FULL_WIDTH}
      value={parsed?.isValid() ? parsed : null}
      format={DATE_FORMAT}
      placeholder={usePlaceholder(props, 'select')}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      onChange={(day) => onChange(day ? day.format(DATE_FORMAT) : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
