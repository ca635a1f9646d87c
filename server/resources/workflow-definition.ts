/**
 * What a workflow changes in the definition a store serves, and how its states read. Pure: no
 * database, so stores (built-in and admin-defined) can apply it when they are made.
 */
import type { ResourceDefinition, ResourceRecord } from '../../src/contract/resource';

/** The definition as served: the state field and the server-owned fields cannot be written. */
export function withWorkflow(definition: ResourceDefinition): ResourceDefinition {
  const workflow = definition.workflow;
  if (!workflow) return definition;
  const owned = new Set([workflow.stateField, ...(workflow.serverOwned ?? [])]);
  return { ...definition, fields: definition.fields.map((f) => (owned.has(f.name) ? { ...f, readOnly: true } : f)) };
}

export function labelOf(definition: ResourceDefinition, record: ResourceRecord): string {
  const value = record[definition.labelField];
  return value === null || value === undefined ? `#${record.id}` : String(value);
}

export function stateLabel(definition: ResourceDefinition, value: unknown, lang: 'zh' | 'en'): string {
  return definition.workflow?.states.find((s) => s.value === value)?.label[lang] ?? String(value);
}

