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

/** How a message names a record: its label, or the resource's title and id when the label is a code or a reference. */
export function labelOf(definition: ResourceDefinition, record: ResourceRecord, lang: 'zh' | 'en'): string {
  const field = definition.fields.find((f) => f.name === definition.labelField);
  const value = record[definition.labelField];
  if (!field || field.type === 'enum' || field.type === 'lookup' || value === null || value === undefined || value === '') return `${definition.title[lang]} #${record.id}`;
  return String(value);
}

export function stateLabel(definition: ResourceDefinition, value: unknown, lang: 'zh' | 'en'): string {
  return definition.workflow?.states.find((s) => s.value === value)?.label[lang] ?? String(value);
}

