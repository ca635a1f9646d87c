import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';
import { searchable, SELECT_DEFAULTS } from './select-props';

/** One of the field's options (`enum` fields; the schema's oneOf gives value and title). */
export default function EnumWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, required, autofocus } = props;
  const { disabled, status } = controlState(props);
  const choices = useMemo(
    () =>
      (options.enumOptions ?? [])
        // The "no value" choice of an optional enum is the clear button, not an empty row.
        .filter((option) => option.value !== null && option.value !== undefined)
        .map((option) => ({ value: option.value as string | number, label: option.label })),
    [options.enumOptions],
  );
  return (
    <Select
      {...SELECT_DEFAULTS}
      id={id}
      value={value ?? undefined}
      options={choices}
      allowClear={!required}
      showSearch={searchable(choices.length)}
      placeholder={usePlaceholder(props, 'select')}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
