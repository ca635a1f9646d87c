/** Choices of a select or tag: the field's own (enum options, yes/no), or loaded (dictionaries, lookups). */
import type { FieldOption, Lang, ResourceField } from '../../contract/resource';

/** One choice of a select or tag, its label in the console's language. */
export interface Choice {
  value: string | number;
  label: string;
  color?: string;
}

/** A field's fixed choices: enum options, yes/no; null for fields whose choices are loaded. */
export function fixedChoices(field: ResourceField | undefined, t: (key: 'yes' | 'no') => string, lang: Lang): Choice[] | null {
  if (field?.type === 'enum') return (field.options ?? []).map((o: FieldOption) => ({ value: o.value, label: o.label[lang], color: o.color }));
  if (field?.type === 'boolean') {
    // Select values are strings or numbers; the query turns these back into booleans.
    return [
      { value: 'true', label: t('yes') },
      { value: 'false', label: t('no') },
    ];
  }
  return null;
}
