import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';
import { searchable, SELECT_DEFAULTS } from './select-props';

/** A select over a fixed list of choices, as the enum and dictionary widgets offer them. */
export function ChoiceSelect({ widget, choices, loading }: { widget: WidgetProps; choices: Array<{ value: string | number; label: string }>; loading?: boolean }) {
  const { id, value, onChange, onBlur, onFocus, required, autofocus } = widget;
  const { disabled, status } = controlState(widget);
  return (
    <Select
      {...SELECT_DEFAULTS}
      id={id}
      value={value ?? undefined}
      options={choices}
      loading={loading}
      allowClear={!required}
      showSearch={searchable(choices.length)}
      placeholder={usePlaceholder(widget, 'select')}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
