import { shownFields, SYSTEM_FIELDS, type ResourceDefinition } from '../../contract/resource';
import type { Column } from '../../contract/screen';

/** System columns every caller is shown; the team only to one who reads several teams' rows. */
const ALWAYS = SYSTEM_FIELDS.filter((name) => name !== 'team_id');

/**
 * The columns whose field this user can see: a field hidden from the caller's role is absent from
 * the definition the server sends, and its column goes with it; so does the team's for a caller
 * whose rows are all of their own team.
 */
export function knownColumns(columns: Column[], definition: ResourceDefinition): Column[] {
  const names = new Set<string>([...ALWAYS, ...shownFields(definition).map((f) => f.name)]);
  return columns.filter((c) => names.has(c.field));
}
