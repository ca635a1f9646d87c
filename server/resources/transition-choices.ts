/**
 * A transition's lookup params declared with `choices: 'recordTeam'` (TransitionParam): the rows
 * they may pick — the looked-up resource's rows of the team that owns the record — listed to
 * whoever may take the transition on the record now, though they may not list that resource (staff
 * assign a queued ask to a colleague without user:manage); and the check that a value sent is one.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CHOICES_MAX, type ChoicesAnswer } from '../../src/contract/api/resources';
import type { ResourceRecord, TransitionParam, WorkflowTransition } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import type { Language } from '../http/messages';
import { isHidden, mayTake, type ResourceCaller } from './caller';
import { contains } from './list-query';
import { readRow, type ResourceContext } from './read-records';
import { dynamic, type ResourceStore } from './store';
import { mayTakeTransition, ownerTeamOf, teamsOf, type StoreLookup } from './workflow-actions';
import { labelOf, stateLabel } from './workflow-definition';

export interface ChoicesRequest {
  id: number;
  action: string;
  param: string;
  keyword?: string;
}

const chosenFromTeam = (param: TransitionParam) => param.choices === 'recordTeam' && param.lookup !== undefined;

/**
 * The choices of one param, those whose label holds the keyword, by label. Refused as the
 * transition itself would be: 404 for a record the caller cannot see, 403 when they may not take
 * it, 409 when the record is not in a state it starts from.
 */
export async function transitionChoices(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, request: ChoicesRequest): Promise<ChoicesAnswer['rows']> {
  const { definition } = store;
  const transition = definition.workflow?.transitions.find((t) => t.name === request.action);
  if (!transition) throw new ApiError(Code.badRequest, 'transitionUnknown', { action: request.action });
  const param = transition.params?.find((p) => p.name === request.param);
  if (!param || !chosenFromTeam(param)) throw new ApiError(Code.badRequest, 'choicesUnknown', { param: request.param });
  if (!mayTake(definition, caller, 'get')) throw new ApiError(Code.forbidden, 'forbidden');
  const record = await readRow(ctx.db, store, request.id, caller, 'visible');
  if (!record) throw new ApiError(Code.notFound, 'recordNotFound');
  const action = transition.label[caller.lang];
  const owner = await ownerTeamOf(ctx.db, (name) => ctx.registry.get(name), store, transition, record);
  if (!mayTakeTransition(transition, caller, record, owner)) throw new ApiError(Code.forbidden, 'transitionForbidden', { record: labelOf(definition, record, caller.lang), action });
  const state = record[definition.workflow!.stateField];
  if (!transition.from.includes(String(state))) {
    throw new ApiError(Code.conflict, 'transitionState', { record: labelOf(definition, record, caller.lang), state: stateLabel(definition, state, caller.lang), action });
  }

  const target = await ctx.registry.get(param.lookup!.resource);
  const label = target?.definition.fields.find((f) => f.name === param.lookup!.label);
  if (!target?.system.teamId || !label || isHidden(label, caller) || record.team_id === null) return [];
  let query = dynamic(ctx.db)
    .selectFrom(target.table)
    .select([sql.ref('id').as('value'), sql.ref(label.name).as('label')])
    .where(sql.ref(target.system.teamId), '=', record.team_id);
  const keyword = request.keyword?.trim();
  if (keyword) query = query.where(contains(label.name, keyword, ctx.dialect));
  const rows = await query.orderBy(sql.ref(label.name)).orderBy(sql.ref('id')).limit(CHOICES_MAX).execute();
  return rows.map((row) => ({ value: Number(row.value), label: row.label === null ? '' : String(row.label) }));
}

/** Refuses a value of a `recordTeam` param that is not a row of the record's team. */
export async function checkChosen(
  db: Kysely<Database>,
  storeOf: StoreLookup,
  transition: WorkflowTransition,
  record: ResourceRecord,
  params: Record<string, unknown>,
  lang: Language,
): Promise<void> {
  for (const param of transition.params ?? []) {
    const value = params[param.name];
    if (!chosenFromTeam(param) || typeof value !== 'number') continue;
    const teams = await teamsOf(db, await storeOf(param.lookup!.resource), [value]);
    if (record.team_id === null || teams.get(value) !== record.team_id) throw new ApiError(Code.badRequest, 'choiceOutsideTeam', { field: param.title[lang] });
  }
}
