/**
 * What the form draws, built from a resource definition and a form spec: the JSON Schema (the same
 * one the server validates writes with, restricted and ordered by the spec) and the uiSchema that
 * picks a widget per field type. Both are memoised per spec object, definition version, language and
 * roles, so the schema object stays the same across renders and the validator's cache (keyed by the
 * schema object, validator.ts) hits on every validation after the first.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { valuesSchema, type FieldType, type Lang, type ResourceDefinition, type ResourceField, type SubField } from '../../contract/resource';
import type { FormSpec } from '../../contract/screen';
import type { AccessSubject } from '../../contract/permissions';

/** The registered form widget that edits each field type (src/widgets/form registers them). */
export const WIDGET_BY_TYPE: Record<Exclude<FieldType, 'rows'>, string> = {
  string: 'text',
  text: 'textarea',
  richtext: 'richtext',
  integer: 'number',
  number: 'number',
  money: 'money',
  boolean: 'switch',
  date: 'date',
  datetime: 'datetime',
  enum: 'enum',
  dict: 'dict',
  lookup: 'lookup',
  image: 'image',
  file: 'file',
};

/** Field types that take the whole row of a multi-column form. */
const WIDE_TYPES: ReadonlySet<FieldType> = new Set(['text', 'richtext', 'rows']);

/** Names of the templates of `rows` sub-tables in the Form's template registry (templates.tsx). */
export const ROWS_TEMPLATES = {
  table: 'RowsTableTemplate',
  item: 'RowsItemTemplate',
  cells: 'RowsCellsTemplate',
} as const;

export type FormColumns = 1 | 2 | 3;

export interface FormModel {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The drawn fields of the definition, in form order. */
  fields: ResourceField[];
  byName: ReadonlyMap<string, ResourceField>;
  /** Fields the user sees but may not change (field access by role): never sent. */
  readOnly: ReadonlySet<string>;
  columns: FormColumns;
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldOptions(field: SubField): Obj {
  const options: Obj = {};
  if (WIDE_TYPES.has(field.type)) options.wide = true;
  if (field.type === 'dict') options.dict = field.dict;
  if (field.type === 'lookup' && field.lookup) {
    options.resource = field.lookup.resource;
    options.labelField = field.lookup.label;
  }
  if (field.type === 'image' || field.type === 'file') {
    if (field.accept) options.accept = field.accept;
    if (field.maxSize) options.maxSize = field.maxSize;
  }
  return options;
}

/** The uiSchema of one field: its type's widget, or for `rows` the sub-table with a widget per column. */
export function fieldUiSchema(field: ResourceField | SubField): Obj {
  const options = fieldOptions(field);
  if (field.type !== 'rows') return { 'ui:widget': WIDGET_BY_TYPE[field.type], 'ui:options': options };
  const columns = ('columns' in field && field.columns) || [];
  return {
    'ui:ArrayFieldTemplate': ROWS_TEMPLATES.table,
    'ui:ArrayFieldItemTemplate': ROWS_TEMPLATES.item,
    'ui:options': { ...options, orderable: true, removable: true, addable: true },
    items: {
      'ui:ObjectFieldTemplate': ROWS_TEMPLATES.cells,
      'ui:order': columns.map((c) => c.name),
      // The sub-table's header names the columns; the cells draw no label of their own.
      ...Object.fromEntries(columns.map((c) => [c.name, { ...fieldUiSchema(c), 'ui:label': false }])),
    },
  };
}

/** A spec's uiSchema entry laid over the generated one: its keys win, `ui:options` merge. */
function overlay(base: unknown, own: unknown): unknown {
  if (!isObj(own)) return own;
  if (!isObj(base)) return own;
  const merged: Obj = { ...base, ...own };
  if (isObj(base['ui:options']) && isObj(own['ui:options'])) merged['ui:options'] = { ...base['ui:options'], ...own['ui:options'] };
  if (isObj(base.items) && isObj(own.items)) merged.items = overlayAll(base.items, own.items);
  return merged;
}

function overlayAll(base: Obj, own: Obj): Obj {
  const merged: Obj = { ...base };
  for (const [key, value] of Object.entries(own)) merged[key] = key.startsWith('ui:') ? value : overlay(base[key], value);
  return merged;
}

const holdsAny = (roles: readonly string[], listed: readonly string[] | undefined) => Boolean(listed?.some((role) => roles.includes(role)));

export function buildFormModel(definition: ResourceDefinition, spec: FormSpec, lang: Lang, access: AccessSubject): FormModel {
  const all = new Map(definition.fields.map((f) => [f.name, f]));
  // Field access by role, as the server enforces it; admins are bound by neither list.
  const roles = access.admin ? [] : access.role;
  const hiddenForRole = (f: ResourceField) => holdsAny(roles, f.access?.hidden);
  const full = valuesSchema(definition, lang) as unknown as { properties: Record<string, RJSFSchema>; required: string[] };

  let schema: RJSFSchema;
  let names: string[];
  if (spec.schema) {
    schema = spec.schema as RJSFSchema;
    names = Object.keys(isObj(schema.properties) ? schema.properties : {});
  } else {
    const wanted = spec.fields ?? definition.fields.filter((f) => !f.readOnly).map((f) => f.name);
    names = wanted.filter((name) => full.properties[name] && !hiddenForRole(all.get(name)!));
    schema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, full.properties[name]])),
      required: full.required.filter((name) => names.includes(name)),
      additionalProperties: false,
    };
  }
  const fields = names.map((name) => all.get(name)).filter((f): f is ResourceField => f !== undefined);
  const readOnly = new Set(fields.filter((f) => holdsAny(roles, f.access?.readOnly)).map((f) => f.name));

  let uiSchema: Obj = { 'ui:order': [...names, '*'] };
  for (const field of fields) {
    const ui = fieldUiSchema(field);
    uiSchema[field.name] = readOnly.has(field.name) ? { ...ui, 'ui:disabled': true } : ui;
  }
  if (spec.uiSchema) uiSchema = overlayAll(uiSchema, spec.uiSchema);

  return { schema, uiSchema: uiSchema as UiSchema, fields, byName: new Map(fields.map((f) => [f.name, f])), readOnly, columns: spec.columns ?? 1 };
}

const models = new WeakMap<FormSpec, Map<string, FormModel>>();

/** buildFormModel, memoised: the same spec object, definition version, language and roles give the same model object. */
export function formModel(definition: ResourceDefinition, spec: FormSpec, lang: Lang, access: AccessSubject): FormModel {
  let byKey = models.get(spec);
  if (!byKey) models.set(spec, (byKey = new Map()));
  const key = `${definition.name}@${definition.version}|${lang}|${access.admin ? '*' : access.role.join(',')}`;
  let model = byKey.get(key);
  if (!model) byKey.set(key, (model = buildFormModel(definition, spec, lang, access)));
  return model;
}

/** Every widget name a uiSchema asks for, nested sub-table columns included. */
export function widgetNames(uiSchema: unknown, into = new Set<string>()): Set<string> {
  if (!isObj(uiSchema)) return into;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:widget' && typeof value === 'string') into.add(value);
    else if (!key.startsWith('ui:')) widgetNames(value, into);
  }
  return into;
}
