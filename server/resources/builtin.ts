/**
 * Built-in resources: definitions over the typed tables of migrations 0001–0008, with the titles,
 * enums and permission codes a seller or an administrator expects. Field names are the column names.
 * Passwords, tokens and sessions are never fields: they cannot be read or written here. Each area
 * declares its own beside its code (server/<area>/resources.ts); builtin-stores.ts lists them all.
 */
import type { ResourceAction, ResourceDefinition, ResourceField, Workflow } from '../../src/contract/resource';
import { storageOf, type ResourceStore, type StoreHooks, type SystemColumns } from './store';
import { compileVisibility } from './visibility';
import { withWorkflow } from './workflow-definition';

/** Read actions need the first code, writing ones the second. */
export function readWrite(read: string, write: string): Partial<Record<ResourceAction, string>> {
  return { list: read, get: read, export: read, create: write, update: write, delete: write, import: write };
}
/** Codes named after the resource: `<name>:read` and `<name>:write`. */
export const codes = (name: string) => readWrite(`${name}:read`, `${name}:write`);
/** Both codes of each resource named, as a role is granted them. */
export const readWriteOf = (names: string[]) => names.flatMap((name) => [`${name}:read`, `${name}:write`]);

/** Business tables (migration 0002) carry every system column. */
export const FULL: SystemColumns = { teamId: 'team_id', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at', version: 'version' };
/** Administration tables (migration 0001) know no author; most know no team either. */
export const ADMIN: SystemColumns = { ...FULL, teamId: null, createdBy: null };

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
  /** A view to read through, adding fields kept in a table of their own (ResourceStore.readView). */
  readView?: ResourceStore['readView'];
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
    ...(spec.readView ? { readView: spec.readView } : {}),
  };
}
