/**
 * What a ResourceDefinition must satisfy beyond its TypeBox schema before it becomes a table:
 * distinct field names clear of the system fields, fields that exist wherever they are named,
 * options and targets that make sense, defaults that pass their own field's schema.
 */
import { Value } from '@sinclair/typebox/value';
import {
  ResourceDefinition as ResourceDefinitionSchema,
  SYSTEM_FIELDS,
  type ResourceDefinition,
  type ResourceField,
  type SubField,
} from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import type { MessageKey } from '../http/messages';
import { validateFieldValue } from './validation';

const SYSTEM = new Set<string>(SYSTEM_FIELDS);

function refuse(key: MessageKey, params: Record<string, string>): never {
  throw new ApiError(Code.badRequest, key, params);
}

/** Refuses a value that is not a ResourceDefinition at all, naming the first wrong path. */
export function assertDefinitionShape(value: unknown): asserts value is ResourceDefinition {
  const error = Value.Errors(ResourceDefinitionSchema, value).First();
  if (error) refuse('definitionInvalid', { path: error.path || '/', reason: error.message });
}

function checkOptions(field: SubField | ResourceField): void {
  const values = (field.options ?? []).map((o) => o.value);
  const kinds = new Set(values.map((v) => typeof v));
  if (values.length === 0 || new Set(values).size !== values.length || kinds.size !== 1) refuse('defOptions', { field: field.name });
}

function checkField(field: SubField | ResourceField, nested: boolean, targets: (name: string) => ResourceDefinition | null): void {
  switch (field.type) {
    case 'enum':
      checkOptions(field);
      break;
    case 'dict':
      if (!field.dict) refuse('defDict', { field: field.name });
      break;
    case 'lookup': {
      const target = field.lookup ? targets(field.lookup.resource) : null;
      if (!target || !target.fields.some((f) => f.name === field.lookup!.label)) refuse('defLookup', { field: field.name });
      break;
    }
    case 'rows': {
      const columns = 'columns' in field ? (field.columns ?? []) : [];
      const names = columns.map((c) => c.name);
      if (nested || columns.length === 0 || new Set(names).size !== names.length || columns.some((c) => c.type === 'rows')) {
        refuse('defColumns', { field: field.name });
      }
      for (const column of columns) checkField(column, true, targets);
      break;
    }
    default:
      break;
  }
}

/**
 * Checks a definition's meaning. `targets` finds the definition a lookup names (the definition
 * itself for a lookup into its own records, as a tree's parent field is).
 */
export function checkDefinition(definition: ResourceDefinition, targets: (name: string) => ResourceDefinition | null): void {
  const names = new Set<string>();
  for (const field of definition.fields) {
    if (SYSTEM.has(field.name)) refuse('defReservedField', { field: field.name });
    if (names.has(field.name)) refuse('defDuplicateField', { field: field.name });
    names.add(field.name);
  }
  const lookupTarget = (name: string) => (name === definition.name ? definition : targets(name));
  for (const field of definition.fields) checkField(field, false, lookupTarget);

  const usable = (name: string) => definition.fields.find((f) => f.name === name && f.type !== 'rows');
  if (!usable(definition.labelField)) refuse('defMissingField', { path: 'labelField', field: definition.labelField });
  for (const [i, set] of (definition.indexes ?? []).entries()) {
    for (const name of set) if (!usable(name)) refuse('defMissingField', { path: `indexes/${i}`, field: name });
  }
  if (definition.parentField) {
    const parent = definition.fields.find((f) => f.name === definition.parentField);
    if (!parent || parent.type !== 'lookup' || parent.lookup?.resource !== definition.name) refuse('defParentField', { field: definition.parentField });
  }
  if (definition.workflow) checkWorkflow(definition, lookupTarget);
  for (const field of definition.fields) {
    if (field.default === undefined) continue;
    const reason = validateFieldValue(definition, field.name, field.default, 'zh');
    if (reason) refuse('defDefault', { field: field.name, reason });
  }
}

/** A workflow names a state field whose options are its states, and only fields and states it has. */
function checkWorkflow(definition: ResourceDefinition, targets: (name: string) => ResourceDefinition | null): void {
  const workflow = definition.workflow!;
  const bad = (reason: string): never => refuse('defWorkflow', { reason });
  const field = (name: string) => definition.fields.find((f) => f.name === name);
  const stateField = field(workflow.stateField);
  const states = workflow.states.map((s) => s.value);
  if (!stateField || stateField.type !== 'enum') bad(`状态字段 ${workflow.stateField} 须为本资源的枚举字段`);
  const options = new Set((stateField!.options ?? []).map((o) => String(o.value)));
  for (const state of states) if (!options.has(state)) bad(`状态 ${state} 不是字段 ${workflow.stateField} 的选项`);
  for (const name of workflow.serverOwned ?? []) if (!field(name)) bad(`系统维护字段 ${name} 不存在`);
  const names = new Set<string>();
  for (const t of workflow.transitions) {
    if (names.has(t.name)) bad(`操作 ${t.name} 重复`);
    names.add(t.name);
    for (const state of [...t.from, ...(t.to ? [t.to] : [])]) if (!states.includes(state)) bad(`操作 ${t.name} 的状态 ${state} 不存在`);
    if (t.who?.via && field(t.who.via)?.type !== 'lookup') bad(`操作 ${t.name} 的 via 须为关联字段`);
    const params = new Set<string>();
    for (const p of t.params ?? []) {
      if (params.has(p.name)) bad(`操作 ${t.name} 的参数 ${p.name} 重复`);
      params.add(p.name);
      if (p.type === 'enum' && !p.options?.length) bad(`操作 ${t.name} 的参数 ${p.name} 须列出选项`);
      if (p.type === 'lookup' && (!p.lookup || !targets(p.lookup.resource))) bad(`操作 ${t.name} 的参数 ${p.name} 须关联已有的资源`);
    }
  }
  if (workflow.visibility && !definition.teamScoped) bad('可见范围只用于按团队隔离的资源');
  for (const rule of workflow.visibility ?? []) {
    if (rule.rows === 'states' && (rule.states ?? []).some((s) => !states.includes(s))) bad(`可见范围中的状态不存在`);
    if (rule.rows === 'via' && (!rule.field || field(rule.field)?.type !== 'lookup')) bad(`可见范围 via 须指定关联字段`);
    if (rule.rows === 'referenced') {
      const other = rule.resource ? targets(rule.resource) : null;
      const back = other?.fields.find((f) => f.name === rule.field);
      if (!other || back?.type !== 'lookup' || back.lookup?.resource !== definition.name) bad(`可见范围 referenced 须指定关联本资源的资源与字段`);
    }
  }
}
