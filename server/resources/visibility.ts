/**
 * Which rows of a workflow resource a caller reads, from the rules declared with it (see
 * `Workflow.visibility` in src/contract/resource.ts): compiled once per definition into a function
 * of the caller that answers the SQL condition every read applies (lists, records, lookups, exports,
 * history, totals). Writes stay within the caller's own team.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ResourceDefinition, VisibilityRule } from '../../src/contract/resource';

type Condition = RawBuilder<SqlBool>;

/** The alias of the other table a rule looks into; the row's own table keeps its name. */
const VIA = 'visible_via';

/** What a visibility rule needs to know of the caller; no team type reads as "own team only". */
export interface ScopedCaller {
  /** The caller's team, or null for administrators (every row). */
  scope: number | null;
  teamType?: number;
}

/**
 * What the condition serves: reading rows (a page, a record: EXISTS, probing the other table's index
 * per row read, stops at the page's last row) or counting them all (IN: the other table's matching
 * ids read once through its index, instead of a probe for each of a million rows).
 */
export type Purpose = 'rows' | 'count';

export type VisibilityOf = (caller: ScopedCaller, purpose?: Purpose) => Condition | null;

/** The table a resource's rows live in, by resource name. */
export type TableOf = (resource: string) => string;

/**
 * One rule's condition. Rows reached through another table are read with a correlated EXISTS (an
 * `IN (subquery)` list is built whole before the first row: hundreds of thousands of ids for a busy
 * quoting team, on every page) and counted with IN (see Purpose).
 */
function ruleCondition(definition: ResourceDefinition, rule: VisibilityRule, team: number, tableOf: TableOf, purpose: Purpose): Condition {
  const state = definition.workflow!.stateField;
  const own = sql.table(tableOf(definition.name));
  switch (rule.rows) {
    case 'all':
      return sql<SqlBool>`1 = 1`;
    case 'own':
      return sql<SqlBool>`${sql.ref('team_id')} = ${team}`;
    case 'states':
      return (rule.states ?? []).length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${sql.ref(state)} in (${sql.join(rule.states!)})`;
    case 'via': {
      const target = definition.fields.find((f) => f.name === rule.field)?.lookup?.resource;
      if (!target) return sql<SqlBool>`1 = 0`;
      if (purpose === 'count') return sql<SqlBool>`${sql.ref(rule.field!)} in (select ${sql.ref('id')} from ${sql.table(tableOf(target))} where ${sql.ref('team_id')} = ${team})`;
      return sql<SqlBool>`exists (select 1 from ${sql.table(tableOf(target))} as ${sql.id(VIA)} where ${sql.ref(`${VIA}.id`)} = ${own}.${sql.ref(rule.field!)} and ${sql.ref(`${VIA}.team_id`)} = ${team})`;
    }
    case 'referenced':
      if (!rule.resource || !rule.field) return sql<SqlBool>`1 = 0`;
      if (purpose === 'count') return sql<SqlBool>`${sql.ref('id')} in (select ${sql.ref(rule.field)} from ${sql.table(tableOf(rule.resource))} where ${sql.ref('team_id')} = ${team})`;
      return sql<SqlBool>`exists (select 1 from ${sql.table(tableOf(rule.resource))} as ${sql.id(VIA)} where ${sql.ref(`${VIA}.${rule.field}`)} = ${own}.${sql.ref('id')} and ${sql.ref(`${VIA}.team_id`)} = ${team})`;
  }
}

/** The visibility of a definition, or null when it declares none (a team-scoped resource then shows the caller's team only). */
export function compileVisibility(definition: ResourceDefinition, tableOf: TableOf): VisibilityOf | null {
  const rules = definition.workflow?.visibility;
  if (!definition.teamScoped || !rules || rules.length === 0) return null;
  return (caller, purpose = 'rows') => {
    if (caller.scope === null) return null;
    const team = caller.scope;
    if (caller.teamType === undefined) return sql<SqlBool>`${sql.ref('team_id')} = ${team}`;
    const matching = rules.filter((r) => r.teamTypes.includes(caller.teamType!));
    if (matching.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`(${sql.join(
      matching.map((r) => ruleCondition(definition, r, team, tableOf, purpose)),
      sql` or `,
    )})`;
  };
}

/**
 * Whether the caller reads rows of more than one team of a team-scoped resource: an administrator,
 * or a team type a visibility rule shows more than its own rows.
 */
export function seesSeveralTeams(definition: ResourceDefinition, caller: ScopedCaller): boolean {
  if (!definition.teamScoped) return false;
  if (caller.scope === null) return true;
  return (definition.workflow?.visibility ?? []).some((rule) => rule.rows !== 'own' && caller.teamType !== undefined && rule.teamTypes.includes(caller.teamType));
}
