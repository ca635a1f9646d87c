import { useEffect, useMemo, useState } from 'react';
import { Select, Spin, type SelectProps } from 'antd';
import { debounce } from 'throttle-debounce';
import type { WidgetProps } from '@rjsf/utils';
import { controlState, usePlaceholder } from './common';
import { SELECT_DEFAULTS } from './select-props';

const SEARCH_DELAY_MS = 300;
const NO_LOCAL_FILTER = { filterOption: false } as const;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** What the user typed in the select's search box, a moment after they stop; `clear` forgets it. */
export function useTypedKeyword() {
  const [keyword, setKeyword] = useState('');
  const search = useMemo(() => debounce(SEARCH_DELAY_MS, setKeyword), []);
  useEffect(() => () => search.cancel(), [search]);
  return { keyword, search, clear: () => setKeyword('') };
}

export interface SearchedSelectProps extends Partial<SelectProps> {
  widget: WidgetProps;
  choices: { value: number | string; label: string }[];
  loading: boolean;
  onSearch(text: string): void;
  /** A choice was made (or cleared). */
  onPicked(): void;
}

/**
 * A form field's select whose choices the server searches as the user types (a lookup, a
 * transition's team choices): rjsf's value, focus and errors wired to antd's Select; `extra`
 * props (a placeholder, disabled) win over the field's own.
 */
export function SearchedSelect({ widget, choices, loading, onSearch, onPicked, ...extra }: SearchedSelectProps) {
  const { id, value, onChange, onBlur, onFocus, required, autofocus } = widget;
  const { disabled, status } = controlState(widget);
  const placeholder = usePlaceholder(widget, 'select');
  return (
    <Select
      {...SELECT_DEFAULTS}
      id={id}
      value={isEmpty(value) ? undefined : value}
      options={choices}
      showSearch={{ ...NO_LOCAL_FILTER, onSearch }}
      loading={loading}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      allowClear={!required}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      onChange={(next) => {
        onPicked();
        onChange(next ?? undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...extra}
    />
  );
}
