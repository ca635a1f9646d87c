import { useMemo } from 'react';
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useDictionary } from '../../engine/dictionaries';
import { controlState, usePlaceholder } from './common';
import { searchable, SELECT_DEFAULTS } from './select-props';

/** One item of a dictionary (`dict` fields; `ui:options.dict` names the dictionary's code). */
export default function DictWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, required, autofocus } = props;
  const { disabled, status } = controlState(props);
  const { options: items, isLoading } = useDictionary(typeof options.dict === 'string' ? options.dict : undefined);
  // A disabled item is not offered, unless it is the value already chosen.
  const choices = useMemo(() => (items ?? []).filter((item) => !item.disabled || item.value === value).map(({ value: v, label }) => ({ value: v, label })), [items, value]);
  return (
    <Select
      {...SELECT_DEFAULTS}
      id={id}
      value={value ?? undefined}
      options={choices}
      loading={isLoading}
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
