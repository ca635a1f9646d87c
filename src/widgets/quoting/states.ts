/**
 * A workflow's words from the resource's own definition: a state's label and colour, a
 * transition's label. The server declares them once with the resource (server/quoting/resources.ts),
 * so the page says what the lists say.
 */
import type { Lang, ResourceDefinition } from '../../contract/resource';

export interface StateLook {
  label: string;
  color: string | undefined;
}

export function stateOf(definition: ResourceDefinition | undefined, value: unknown, lang: Lang): StateLook {
  const state = definition?.workflow?.states.find((s) => s.value === value);
  return { label: state ? state.label[lang] : String(value ?? ''), color: state?.color };
}

/** A transition's label; undefined when the definition names no such transition. */
export function transitionLabel(definition: ResourceDefinition | undefined, name: string, lang: Lang): string | undefined {
  return definition?.workflow?.transitions.find((tr) => tr.name === name)?.label[lang];
}

/** The label of an enum field's value (a quote's type: 现货/调货). */
export function optionLabel(definition: ResourceDefinition | undefined, field: string, value: unknown, lang: Lang): StateLook {
  const option = definition?.fields.find((f) => f.name === field)?.options?.find((o) => o.value === value);
  return { label: option ? option.label[lang] : String(value ?? ''), color: option?.color };
}
