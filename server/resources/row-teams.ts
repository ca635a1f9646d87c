/**
 * The teams whose rows of a team-scoped resource a caller may read, by name: the choices of a
 * list's 所属团队 filter. Found under the same visibility as the rows themselves, so a quoting team
 * is offered the asking teams its market shows it (it may not list `teams`), and never a team none
 * of whose rows it may read.
 */
import { sql, type SqlBool } from 'kysely';
import { CHOICES_MAX, type ChoicesAnswer } from '../../src/contract/api/resources';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { assertAction, type ResourceCaller } from './caller';
import { contains, teamCondition, whereOf } from './list-query';
import type { ResourceContext } from './read-records';
import type { ResourceStore } from './store';

/** The teams table's alias: the row's table keeps its own name inside the EXISTS. */
const TEAM = 'row_team';

/**
 * One EXISTS per team (there are few), each stopping at the team's first row the caller may read,
 * through the team's index: never a DISTINCT over every row of a large table.
 */
export async function rowTeams(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, keyword?: string): Promise<ChoicesAnswer['rows']> {
  assertAction(store, caller, 'list');
  const teamColumn = store.system.teamId;
  if (!store.definition.teamScoped || !teamColumn) throw new ApiError(Code.badRequest, 'notTeamScoped', { resource: store.definition.title[caller.lang] });
  const visible = teamCondition(store, caller);
  const rowOfTeam = whereOf([sql<SqlBool>`${sql.ref(teamColumn)} = ${sql.ref(`${TEAM}.id`)}`, ...(visible ? [visible] : [])]);
  let query = ctx.db
    .selectFrom(`teams as ${TEAM}`)
    .select([`${TEAM}.id as value`, `${TEAM}.name as label`])
    .where(sql<SqlBool>`exists (select 1 from ${sql.table(store.table)} where ${rowOfTeam})`);
  const typed = keyword?.trim();
  if (typed) query = query.where(contains(`${TEAM}.name`, typed, ctx.dialect));
  const rows = await query.orderBy(`${TEAM}.name`).orderBy(`${TEAM}.id`).limit(CHOICES_MAX).execute();
  return rows.map((row) => ({ value: Number(row.value), label: row.label }));
}
