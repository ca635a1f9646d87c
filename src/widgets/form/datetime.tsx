import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';
import { DATETIME_FORMAT } from './formats';

const FULL_WIDTH = { width: '100%' };

/** A moment, stored as epoch milliseconds and picked in the user's time zone. */
export default function DateTimeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus } = props;
  const { disabled, status } = controlState(props);
  return (
    <DatePicker
      id={id}
      showTime
      style={FULL_WIDTH}
      value={typeof value === 'number' ? dayjs(value) : null}
      format={DATETIME_FORMAT}
      placeholder={usePlaceholder(props, 'select')}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      onChange={(moment) => onChange(moment ? moment.valueOf() : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
