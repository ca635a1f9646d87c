import { useEffect, useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { debounce } from 'throttle-debounce';
import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { controlState, usePlaceholder } from './common';
import { SELECT_DEFAULTS } from './select-props';

const SEARCH_DELAY_MS = 300;
const NO_LOCAL_FILTER = { filterOption: false } as const;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A transition's param whose choices the server scopes to the record (TransitionParam `choices`:
 * a colleague of the record's team), asked of the data provider for that record and step, searched
 * on the server as the user types. `ui:options`: `resource`, `id`, `action`, `param` — set by the
 * transition's params dialog, never by a screen.
 */
export default function TransitionChoiceWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, options, required, autofocus } = props;
  const { data } = useWidgetHost();
  const { disabled, status } = controlState(props);
  const resource = str(options.resource);
  const action = str(options.action);
  const param = str(options.param);
  const record = typeof options.id === 'number' ? options.id : undefined;
  const [keyword, setKeyword] = useState('');
  const search = useMemo(() => debounce(SEARCH_DELAY_MS, setKeyword), []);
  useEffect(() => () => search.cancel(), [search]);

  const asked = resource && action && param && record !== undefined ? (['transition-choices', resource, record, action, param, keyword] as const) : null;
  const { data: choices, isLoading } = useSWR(asked, ([, name, at, step, of, typed]) =>
    data.transitionChoices({ resource: name, id: at, action: step, param: of, ...(typed ? { keyword: typed } : {}), meta: { silent: true } }),
  { keepPreviousData: true, revalidateOnFocus: false });

  const placeholder = usePlaceholder(props, 'select');
  return (
    <Select
      {...SELECT_DEFAULTS}
      id={id}
      value={isEmpty(value) ? undefined : value}
      options={(choices ?? []).map((c) => ({ value: c.value, label: c.label }))}
      showSearch={{ ...NO_LOCAL_FILTER, onSearch: search }}
      loading={isLoading}
      notFoundContent={isLoading ? <Spin size="small" /> : undefined}
      allowClear={!required}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      autoFocus={autofocus}
      onChange={(next) => {
        setKeyword('');
        onChange(next ?? undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
