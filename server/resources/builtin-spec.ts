/**
 * How a built-in resource is declared: its fields in a line each (these helpers), its permission
 * codes, the columns playing the system fields, and its workflow when it has one. Each domain keeps
 * its definitions beside its code (server/resources/builtin.ts, server/quoting/resources.ts).
 */
import type { FieldOption, FieldType, ResourceAction, ResourceDefinition, ResourceField, Workflow } from '../../src/contract/resource';
import { storageOf, type ResourceStore, type StoreHooks, type SystemColumns } from './store';
import { compileVisibility } from './visibility';
import { withWorkflow } from './workflow-definition';

type Extra = Partial<Omit<ResourceField, 'name' | 'title' | 'type'>>;

export function field(name: string, type: FieldType, zh: string, en: string, extra: Extra = {}): ResourceField {
  return { name, title: { zh, en }, type, ...extra };
}

/** Enum options from [value, zh, en, colour?] tuples. */
export function options(...items: Array<[value: string | number, zh: string, en: string, color?: string]>): FieldOption[] {
  return items.map(([value, zh, en, color]) => ({ value, label: { zh, en }, ...(color ? { color } : {}) }));
}

export const enumOf = (name: string, zh: string, en: string, items: FieldOption[], extra: Extra = {}) =>
  field(name, 'enum', zh, en, { options: items, indexed: true, ...extra });
export const text = (name: string, zh: string, en: string, maxLength: number, extra: Extra = {}) =>
  field(name, 'string', zh, en, { maxLength, ...extra });
export const remark = (maxLength = 255) => field('remark', 'string', '备注', 'Remark', { maxLength });
export const money = (name: string, zh: string, en: string, extra: Extra = {}) => field(name, 'money', zh, en, { minimum: 0, ...extra });
export const lookup = (name: string, zh: string, en: string, resource: string, label: string, extra: Extra = {}) =>
  field(name, 'lookup', zh, en, { lookup: { resource, label }, ...extra });
export const numbered = (name: string, zh: string, en: string) =>
  text(name, zh, en, 64, {
    searchable: true,
    unique: true,
    description: { zh: '留空时自动生成', en: 'Generated when left empty' },
  });


/** Read actions need the first code, writing ones the second. */
export function readWrite(read: string, write: string): Partial<Record<ResourceAction, string>> {
  return { list: read, get: read, export: read, create: write, update: write, delete: write, import: write };
}
/** Codes named after the resource: `<name>:read` and `<name>:write`. */
export const codes = (name: string) => readWrite(`${name}:read`, `${name}:write`);

/** Business tables (migration 0002) carry every system column. */
export const FULL: SystemColumns = { teamId: 'team_id', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at', version: 'version' };

export interface BuiltinSpec {
  name: string;
  zh: string;
  en: string;
  fields: ResourceField[];
  labelField: string;
  teamScoped: boolean;
  permissions: Partial<Record<ResourceAction, string>>;
  system?: SystemColumns;
  parentField?: string;
  actions?: ResourceAction[];
  indexes?: string[][];
  /** Columns that may hold NULL; every other non-required column stores '' or 0 for "empty". */
  nullable?: string[];
  /** Unique column sets beyond single `unique` fields (which are unique across the whole table). */
  uniques?: string[][];
  numbered?: Record<string, string>;
  hooks?: StoreHooks;
  workflow?: Workflow;
}

export function builtin(spec: BuiltinSpec): ResourceStore {
  const definition: ResourceDefinition = {
    name: spec.name,
    title: { zh: spec.zh, en: spec.en },
    kind: 'builtin',
    fields: spec.fields,
    labelField: spec.labelField,
    teamScoped: spec.teamScoped,
    permissions: spec.permissions,
    version: 1,
    ...(spec.parentField ? { parentField: spec.parentField } : {}),
    ...(spec.actions ? { actions: spec.actions } : {}),
    ...(spec.indexes ? { indexes: spec.indexes } : {}),
    ...(spec.workflow ? { workflow: spec.workflow } : {}),
  };
  const nullable = new Set(spec.nullable ?? []);
  const emptyValues: Record<string, string | number> = {};
  for (const f of spec.fields) {
    if (f.required || nullable.has(f.name)) continue;
    emptyValues[f.name] = storageOf(f) === 'text' ? '' : 0;
  }
  const single = spec.fields.filter((f) => f.unique && !(spec.uniques ?? []).some((set) => set.includes(f.name))).map((f) => [f.name]);
  const served = withWorkflow(definition);
  return {
    definition: served,
    // Built-in tables are named after their resources.
    visibility: compileVisibility(served, (name) => name),
    table: spec.name,
    system: spec.system ?? FULL,
    uniques: [...single, ...(spec.uniques ?? [])],
    numbered: spec.numbered ?? {},
    emptyValues,
    hooks: spec.hooks ?? {},
  };
}

