/**
 * rjsf's validator per language, without ajv: the console's Content-Security-Policy forbids the
 * `new Function` ajv compiles schemas with, and form schemas are made at run time. schema-errors.ts
 * validates by interpreting the schema and gives ajv's errors; Chinese messages come from
 * ajv-i18n's zh localizer, as the server's (server/http/envelope.ts), so the form and the server
 * refuse with the same words. From there on the errors go through @rjsf/validator-ajv8's own
 * processing (titles, transformErrors, customValidate, the error schema), as with its ajv validator.
 */
import type { CustomValidator, ErrorTransformer, FormContextType, RJSFSchema, StrictRJSFSchema, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import processRawValidationErrors, { type RawValidationErrorsType } from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';
import type { Lang } from '../../contract/resource';
import { lookupOf, passes, schemaErrors, subschemaLookupOf, type Lookup } from './schema-errors';

export type Localizer = (errors?: null | ErrorObject[]) => void;

/**
 * Each schema's resolved `$ref`s, by schema object: a form's schema object stays the same for a
 * definition version (schema.ts memoises it), so the work is done once per form, and dropped with it.
 */
const rootLookups = new WeakMap<object, Lookup>();
/** Subschemas rjsf asks about (a oneOf option) with the root they were resolved against. */
const subschemaLookups = new WeakMap<object, { root: object; lookup: Lookup }>();

function rootLookup(root: object): Lookup {
  let lookup = rootLookups.get(root);
  if (!lookup) rootLookups.set(root, (lookup = lookupOf(root)));
  return lookup;
}

function lookupFor(schema: object, root: object): Lookup {
  if (schema === root) return rootLookup(root);
  const cached = subschemaLookups.get(schema);
  if (cached?.root === root) return cached.lookup;
  const lookup = subschemaLookupOf(schema, rootLookup(root));
  subschemaLookups.set(schema, { root, lookup });
  return lookup;
}

/** Names rjsf swaps for field titles: quoted while localizing, as @rjsf/validator-ajv8 does (#4348). */
const NAME_PARAMS = ['missingProperty', 'property'] as const;

function localizeQuoted(errors: ErrorObject[], localize: Localizer) {
  const quote = (name: string) => `'${name}'`;
  const unquote = (name: string) => name.slice(1, -1);
  const each = (change: (name: string) => string) => {
    for (const { params } of errors) {
      for (const key of NAME_PARAMS) if (params[key]) params[key] = change(params[key] as string);
      if (params.deps) params.deps = (params.deps as string).split(', ').map(change).join(', ');
    }
  };
  each(quote);
  localize(errors);
  each(unquote);
}

export class SchemaValidator<T = unknown, S extends StrictRJSFSchema = RJSFSchema, F extends FormContextType = Record<string, unknown>>
  implements ValidatorType<T, S, F>
{
  constructor(private readonly localize?: Localizer) {}

  /** ajv's errors for the value, localized; `validationError` when the schema itself cannot be used. */
  rawValidation<Result = ErrorObject>(schema: S, formData?: T): RawValidationErrorsType<Result> {
    let errors: ErrorObject[];
    try {
      errors = schemaErrors(schema, lookupFor(schema, schema), formData);
    } catch (error) {
      return { errors: undefined, validationError: error as Error };
    }
    if (this.localize && errors.length) localizeQuoted(errors, this.localize);
    return { errors: errors.length ? (errors as Result[]) : undefined };
  }

  validateFormData(
    formData: T | undefined,
    schema: S,
    customValidate?: CustomValidator<T, S, F>,
    transformErrors?: ErrorTransformer<T, S, F>,
    uiSchema?: UiSchema<T, S, F>,
  ): ValidationData<T> {
    return processRawValidationErrors<T, S, F>(this, this.rawValidation<ErrorObject>(schema, formData), formData, schema, customValidate, transformErrors, uiSchema);
  }

  /** Whether the value passes the schema, whose `$ref`s point into rootSchema; a schema that cannot be used passes nothing. */
  isValid(schema: S, formData: T | undefined, rootSchema: S): boolean {
    try {
      return passes(schema, lookupFor(schema, rootSchema), formData);
    } catch {
      return false;
    }
  }
}

const validators = new Map<Lang, SchemaValidator>();

/** One validator per language for the whole console. English is ajv's own language: no localizer, as on the server. */
export function validatorFor(lang: Lang): SchemaValidator {
  let validator = validators.get(lang);
  if (!validator) validators.set(lang, (validator = new SchemaValidator(lang === 'zh' ? (localizeZh as Localizer) : undefined)));
  return validator;
}
