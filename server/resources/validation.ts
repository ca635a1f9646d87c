/**
 * Validates a record's values with the resource's JSON Schema (valuesSchema of the contract), the
 * same schema and the same ajv-i18n messages the console's form uses, so both refuse the same input
 * with the same words. One compiled validator per definition version.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh';
import { ListQuery, valuesSchema, type ResourceDefinition } from '../../src/contract/resource';
import { patterns, storedUrlPattern } from '../../src/contract/validators';
import { message, type Language, type MessageKey } from '../http/messages';
import { atFirstUse } from '../first-use';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled in, run at first use (server/first-use.ts)
const ajvPackage = atFirstUse<{ Ajv: typeof Ajv }>('ajv', () => require('ajv'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- compiled in, run at first use (server/first-use.ts)
const formatsPackage = atFirstUse<{ default: typeof addFormats }>('ajv-formats', () => require('ajv-formats'));

/** Patterns whose failure the user reads as the rule it is, not as the pattern's text. */
const PATTERN_MESSAGES: ReadonlyMap<string, MessageKey> = new Map([
  [patterns.link, 'linkInvalid'],
  [storedUrlPattern, 'linkInvalid'],
  [patterns.releaseVersion, 'releaseVersionInvalid'],
]);

let shared: Ajv | undefined;

/** Made at the first validation: loading ajv and building its meta-schema are a noticeable part of a start. */
function ajv(): Ajv {
  if (!shared) {
    shared = new (ajvPackage().Ajv)({ allErrors: true, strict: false });
    formatsPackage().default(shared);
  }
  return shared;
}

/** A definition object stands for one version: a changed definition is a new object, compiled anew. */
const compiled = new WeakMap<ResourceDefinition, ValidateFunction>();

function validatorOf(definition: ResourceDefinition): ValidateFunction {
  let validate = compiled.get(definition);
  if (!validate) {
    validate = ajv().compile(valuesSchema(definition));
    compiled.set(definition, validate);
  }
  return validate;
}

export interface ValueError {
  /** The top-level field the error is about. */
  field: string;
  /** Where inside it, for `rows` fields: "items.2.qty". */
  path: string;
  /** The JSON Schema keyword that failed: `required` means the value is missing. */
  keyword: string;
  message: string;
}

/** The first error of each field, in the caller's language; an empty list when the values pass. */
export function validateValues(definition: ResourceDefinition, values: Record<string, unknown>, lang: Language): ValueError[] {
  const validate = validatorOf(definition);
  if (validate(values)) return [];
  const errors = [...(validate.errors ?? [])];
  const byField = new Map<string, ValueError>();
  for (const error of errors) {
    const segments = pathOf(error);
    const field = segments[0] ?? '';
    // oneOf of an enum: the value is none of the options. Say so rather than "must match oneOf".
    const enumMiss = error.keyword === 'oneOf' || error.schemaPath.includes('/oneOf/');
    const previous = byField.get(field);
    if (previous && !(enumMiss && error.keyword === 'oneOf')) continue;
    const patternKey = error.keyword === 'pattern' ? PATTERN_MESSAGES.get((error.params as { pattern?: string }).pattern ?? '') : undefined;
    const text = enumMiss ? enumMessage(lang) : patternKey ? message(lang, patternKey) : localized(error, lang);
    byField.set(field, { field, path: segments.join('.'), keyword: error.keyword, message: text });
  }
  return [...byField.values()];
}

function pathOf(error: ErrorObject): string[] {
  const segments = error.instancePath.split('/').filter(Boolean);
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && params.missingProperty) segments.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && params.additionalProperty) segments.push(params.additionalProperty);
  return segments;
}

function localized(error: ErrorObject, lang: Language): string {
  const copy = { ...error };
  if (lang === 'zh') localizeZh([copy]);
  return copy.message ?? '';
}

function enumMessage(lang: Language): string {
  return localized({ keyword: 'enum', instancePath: '', schemaPath: '', params: { allowedValues: [] }, message: 'must be equal to one of the allowed values' }, lang);
}

/** Checks one value against its field's schema alone (a definition's default, an import cell). */
export function validateFieldValue(definition: ResourceDefinition, fieldName: string, value: unknown, lang: Language): string | null {
  const field = definition.fields.find((f) => f.name === fieldName);
  if (!field) return null;
  const single: ResourceDefinition = { ...definition, fields: [{ ...field, required: false }] };
  const errors = validateValues(single, { [fieldName]: value }, lang);
  return errors[0]?.message ?? null;
}

let listQuery: ValidateFunction<ListQuery> | undefined;

/** A ListQuery that arrived outside a JSON body (the export's query string); the first error when invalid. */
export function listQueryError(value: unknown, lang: Language): { path: string; message: string } | null {
  listQuery ??= ajv().compile<ListQuery>(ListQuery);
  if (listQuery(value)) return null;
  const error = listQuery.errors![0];
  return { path: ['query', ...pathOf(error)].join('.'), message: localized(error, lang) };
}
