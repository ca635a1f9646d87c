import { fillTemplate, readPath } from '../../contract/expression';
import type { Filter } from '../../contract/resource';

/** A value that is exactly one placeholder keeps its type (an id stays a number). */
const WHOLE_PLACEHOLDER = /^\{\{\s*([\w.]+)\s*\}\}$/;

function fill(value: unknown, context: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => fill(item, context));
  if (typeof value !== 'string') return value;
  const whole = WHOLE_PLACEHOLDER.exec(value);
  if (whole) return readPath(context, whole[1]) ?? null;
  return value.includes('{{') ? fillTemplate(value, context) : value;
}

/**
 * The filters a lookup lists its options with. `ui:options.filters` are filter templates whose
 * values may read the form (`{"field": "province_id", "op": "eq", "value": "{{form.province}}"}`);
 * with only `dependsOn`, the other resource's field of the same name must equal the form's value.
 */
export function lookupFilters(templates: unknown, dependsOn: string | undefined, form: Record<string, unknown>): Filter[] {
  if (Array.isArray(templates)) {
    return templates.map((template: Filter) => ({ ...template, value: fill(template.value, { form }) }) as Filter);
  }
  return dependsOn ? [{ field: dependsOn, op: 'eq', value: (form[dependsOn] ?? null) as string | number | boolean | null }] : [];
}
