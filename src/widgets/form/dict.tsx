import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { ChoiceSelect } from './choice-select';

/** One item of a dictionary (`dict` fields; `ui:options.dict` names the dictionary's code). */
export default function DictWidget(props: WidgetProps) {
  const { value, options } = props;
  const { options: items, isLoading } = useWidgetHost().useDictionary(typeof options.dict === 'string' ? options.dict : undefined);
  // A disabled item is not offered, unless it is the value already chosen.
  const choices = useMemo(() => (items ?? []).filter((item) => !item.disabled || item.value === value).map(({ value: v, label }) => ({ value: v, label })), [items, value]);
  return <ChoiceSelect widget={props} choices={choices} loading={isLoading} />;
}
