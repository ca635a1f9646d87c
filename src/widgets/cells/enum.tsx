import { Tag } from 'antd';
import type { CellProps } from '../interface/registry';
import { useWidgetHost } from '../interface/host';
import { fixedChoices, type Choice } from '../interface/choices';
import { EmptyValue, isEmpty } from './format';

function ChoiceTag({ value, choices, tag }: { value: unknown; choices: Choice[] | undefined; tag: boolean }) {
  // Values read from a query or a CSV may be strings where the options hold numbers.
  const choice = choices?.find((c) => String(c.value) === String(value));
  const text = choice ? choice.label : String(value);
  if (!tag && !choice?.color) return text;
  return (
    <Tag color={choice?.color} variant="filled">
      {text}
    </Tag>
  );
}

/** One of an enum field's options, as a tag in the option's colour. */
export function EnumCell({ value, field }: CellProps) {
  const { t, lang } = useWidgetHost();
  if (isEmpty(value)) return <EmptyValue />;
  return <ChoiceTag value={value} choices={fixedChoices(field, t, lang) ?? []} tag />;
}

/** A dictionary item's label (`options.dict` names the dictionary when the field does not); `options.tag` draws a tag. */
export function DictCell({ value, field, options }: CellProps) {
  const code = field?.dict ?? (typeof options.dict === 'string' ? options.dict : undefined);
  const { choices } = useWidgetHost().useDictionaryChoices(code);
  if (isEmpty(value)) return <EmptyValue />;
  return <ChoiceTag value={value} choices={choices} tag={options.tag === true} />;
}
