import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { SearchedSelect, useTypedKeyword } from './searched-select';

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A transition's param whose choices the server scopes to the record (TransitionParam `choices`:
 * a colleague of the record's team), asked of the data provider for that record and step, searched
 * on the server as the user types. `ui:options`: `resource`, `id`, `action`, `param` — set by the
 * transition's params dialog, never by a screen.
 */
export default function TransitionChoiceWidget(props: WidgetProps) {
  const { options } = props;
  const { data } = useWidgetHost();
  const { keyword, search, clear } = useTypedKeyword();
  const resource = str(options.resource);
  const action = str(options.action);
  const param = str(options.param);
  const record = typeof options.id === 'number' ? options.id : undefined;

  const asked = resource && action && param && record !== undefined ? (['transition-choices', resource, record, action, param, keyword] as const) : null;
  const { data: choices, isLoading } = useSWR(
    asked,
    ([, name, at, step, of, typed]) => data.transitionChoices({ resource: name, id: at, action: step, param: of, ...(typed ? { keyword: typed } : {}), meta: { silent: true } }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  return <SearchedSelect widget={props} choices={choices ?? []} loading={isLoading} onSearch={search} onPicked={clear} />;
}
