import { SYSTEM_FIELDS, type ResourceDefinition } from '../../contract/resource';
import type { Column } from '../../contract/screen';

/**
 * The columns whose field this user can see: a field hidden from the caller's role is absent from
 * the definition the server sends, and its column goes with it.
 */
export function knownColumns(columns: Column[], definition: ResourceDefinition): Column[] {
  const names = new Set<string>([...SYSTEM_FIELDS, ...definition.fields.map((f) => f.name)]);
  return columns.filter((c) => names.has(c.field));
}
