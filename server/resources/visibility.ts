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
 * What the condition serves: reading rows (a page, a record, in the list's order, stopping at the
 * page's last row) or counting them (up to LIST_TOTAL_CAP, in whatever order the database finds
 * them fastest). See `ruleCondition` for what differs.
 */
export type Purpose = 'rows' | 'count';

export type VisibilityOf = (caller: ScopedCaller, purpose?: Purpose) => Condition | null;

/** The table a resource's rows live in, by resource name. */
export type TableOf = (resource: string) => string;

/**
 * One rule's condition. Rows reached through another table are probed one by one as they are read:
 *  - `via` (the row points at a record of the team): the pointed-at record's team, one primary key
 *    read per row. Not EXISTS: SQLite turns that into a join over all the team's records behind a
 *    Bloom filter, 90 ms for a page of the asker's quotes on a board of 3,000,000. Counted with
 *    IN: the team's records, through their team index, lead to the rows through the lookup's.
 *  - `referenced` (a record of the team points at the row): EXISTS, one index probe per row, read
 *    or counted. An `IN (subquery)` list is built whole before the first row: the ids of
 *    hundreds of thousands of quotes for a busy quoting team, 0.4 s, where the capped count of its
 *    market (open asks, or asks it quoted) finds its rows within the first ten thousand.
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
      return sql<SqlBool>`(select ${sql.ref(`${VIA}.team_id`)} from ${sql.table(tableOf(target))} as ${sql.id(VIA)} where ${sql.ref(`${VIA}.id`)} = ${own}.${sql.ref(rule.field!)}) = ${team}`;
    }
    case 'referenced':
      if (!rule.resource || !rule.field) return sql<SqlBool>`1 = 0`;
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
