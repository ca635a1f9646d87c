/**
 * Which rows of a workflow resource a caller reads, from the rules declared with it (see
 * `Workflow.visibility` in src/contract/resource.ts): compiled once per definition into a function
 * of the caller that answers the SQL condition every read applies (lists, records, lookups, exports,
 * history, totals). Writes stay within the caller's own team.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ResourceDefinition, VisibilityRule } from '../../src/contract/resource';

type Condition = RawBuilder<SqlBool>;

/** What a visibility rule needs to know of the caller; no team type reads as "own team only". */
export interface ScopedCaller {
  /** The caller's team, or null for administrators (every row). */
  scope: number | null;
  teamType?: number;
}

export type VisibilityOf = (caller: ScopedCaller) => Condition | null;

/** The table a resource's rows live in, by resource name. */
export type TableOf = (resource: string) => string;

function ruleCondition(definition: ResourceDefinition, rule: VisibilityRule, team: number, tableOf: TableOf): Condition {
  const state = definition.workflow!.stateField;
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
      return sql<SqlBool>`${sql.ref(rule.field!)} in (select ${sql.ref('id')} from ${sql.table(tableOf(target))} where ${sql.ref('team_id')} = ${team})`;
    }
    case 'referenced':
      if (!rule.resource || !rule.field) return sql<SqlBool>`1 = 0`;
      return sql<SqlBool>`${sql.ref('id')} in (select ${sql.ref(rule.field)} from ${sql.table(tableOf(rule.resource))} where ${sql.ref('team_id')} = ${team})`;
  }
}

/** The visibility of a definition, or null when it declares none (a team-scoped resource then shows the caller's team only). */
export function compileVisibility(definition: ResourceDefinition, tableOf: TableOf): VisibilityOf | null {
  const rules = definition.workflow?.visibility;
  if (!definition.teamScoped || !rules || rules.length === 0) return null;
  return (caller) => {
    if (caller.scope === null) return null;
    const team = caller.scope;
    if (caller.teamType === undefined) return sql<SqlBool>`${sql.ref('team_id')} = ${team}`;
    const matching = rules.filter((r) => r.teamTypes.includes(caller.teamType!));
    if (matching.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`(${sql.join(
      matching.map((r) => ruleCondition(definition, r, team, tableOf)),
      sql` or `,
    )})`;
  };
}
