/**
 * Between the form's data and the resource API: the values a save sends, and the field a server's
 * refusal names, so its message shows under that field.
 */
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import type { Lang } from '../../contract/resource';
import type { FormModel } from './schema';

const nullable = (schema: RJSFSchema | boolean | undefined) =>
  typeof schema === 'object' && Array.isArray(schema.type) && schema.type.includes('null');

/**
 * The values of a create or update: every field of the form except those the rules hide and those
 * the user may not change. A field left empty is sent as null when it may be null, so clearing a
 * field on edit clears it on the server instead of keeping the old value.
 */
export function submittedValues(formData: Record<string, unknown>, model: FormModel, hidden: ReadonlySet<string>): Record<string, unknown> {
  const properties = (model.schema.properties ?? {}) as Record<string, RJSFSchema>;
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    if (hidden.has(name) || model.readOnly.has(name)) continue;
    const value = formData[name];
    if (value !== undefined) values[name] = value;
    else if (nullable(schema)) values[name] = null;
  }
  return values;
}

/** `values.name` or `values.items.0.price` as the server's validation messages spell a field (server/http/envelope.ts). */
const FIELD_PATH = /(?:\bbody\.)?\bvalues\.([a-z][a-z0-9_]*)(?:\.(\d+)\.([a-z][a-z0-9_]*))?/;

export interface ServerFieldError {
  /** The field, or a `rows` field, its row index and column. */
  path: [string] | [string, number, string];
  /** What to show under the field: the server's words, its path replaced by the field's title. */
  message: string;
}

/**
 * The field a server message names, if it names one of this form's fields. The server writes either
 * "<prefix>: values.x <reason>" or "<message> (body.values.x)"; both become a message for the field.
 */
export function serverFieldError(msg: string, model: FormModel, lang: Lang): ServerFieldError | null {
  const match = FIELD_PATH.exec(msg);
  if (!match) return null;
  const [spelled, name, row, column] = match;
  const field = model.byName.get(name);
  if (!field) return null;
  const path: ServerFieldError['path'] = row === undefined ? [name] : [name, Number(row), column];
  const wrapped = `(${spelled})`;
  if (msg.includes(wrapped)) return { path, message: msg.replace(wrapped, '').trim() };
  const title = column ? (field.columns?.find((c) => c.name === column)?.title ?? field.title) : field.title;
  return { path, message: `${title[lang]}${msg.slice(match.index + spelled.length)}`.trim() };
}

/** The error as rjsf's extraErrors: an ErrorSchema with the message at the field's path. */
export function errorSchemaOf({ path, message }: ServerFieldError): ErrorSchema {
  const leaf = { __errors: [message] };
  if (path.length === 1) return { [path[0]]: leaf } as ErrorSchema;
  return { [path[0]]: { [path[1]]: { [path[2]]: leaf } } } as ErrorSchema;
}
