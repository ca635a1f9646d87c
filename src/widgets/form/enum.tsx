import { useMemo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ChoiceSelect } from './choice-select';

/** One of the field's options (`enum` fields; the schema's oneOf gives value and title). */
export default function EnumWidget(props: WidgetProps) {
  const { options } = props;
  const choices = useMemo(
    () =>
      (options.enumOptions ?? [])
        // The "no value" choice of an optional enum is the clear button, not an empty row.
        .filter((option) => option.value !== null && option.value !== undefined)
        .map((option) => ({ value: option.value as string | number, label: option.label })),
    [options.enumOptions],
  );
  return <ChoiceSelect widget={props} choices={choices} />;
}
