/**
 * A transition's params, checked against what the transition declares (`params` of
 * WorkflowTransition) with the same JSON Schema and messages as a record's values: a missing or bad
 * one is refused with 400 naming it, and only the declared ones reach the resource's hook.
 */
import type { ResourceDefinition, ResourceField, WorkflowTransition } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import type { Language } from '../http/messages';
import { validateValues } from './validation';

/** The params of one transition as a definition's fields, made once per transition object. */
const asDefinitions = new WeakMap<WorkflowTransition, ResourceDefinition>();

function paramsDefinition(transition: WorkflowTransition): ResourceDefinition {
  let definition = asDefinitions.get(transition);
  if (!definition) {
    const fields = (transition.params ?? []) as ResourceField[];
    definition = { name: transition.name, title: transition.label, kind: 'custom', fields, labelField: fields[0]?.name ?? 'id', teamScoped: false, version: 1 };
    asDefinitions.set(transition, definition);
  }
  return definition;
}

/** A value as a param holds it: text trimmed, and '' or null meaning not given. */
function given(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value === null ? undefined : value;
}

/**
 * The declared params of a request, trimmed; refuses the first missing or invalid one. A transition
 * that declares none takes none: whatever was sent is dropped.
 */
export function checkedParams(transition: WorkflowTransition, sent: Record<string, unknown> | undefined, lang: Language): Record<string, unknown> {
  const declared = transition.params ?? [];
  const values: Record<string, unknown> = {};
  for (const param of declared) {
    const value = given(sent?.[param.name]);
    if (value !== undefined) values[param.name] = value;
  }
  if (declared.length === 0) return values;
  const [first] = validateValues(paramsDefinition(transition), values, lang);
  if (first) {
    const param = declared.find((p) => p.name === first.field);
    const title = param?.title[lang] ?? first.field;
    if (first.keyword === 'required') throw new ApiError(Code.badRequest, 'fieldRequired', { field: title });
    throw new ApiError(Code.badRequest, 'fieldInvalid', { field: title, reason: first.message });
  }
  return values;
}
