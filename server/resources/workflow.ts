/**
 * Workflows declared with a resource (src/contract/resource.ts `Workflow`): the definition a store
 * serves (state and server-owned fields read-only), the check of who may take a transition, and
 * `takeTransition`, which moves a record from one state to another at the version it was read,
 * runs the resource's hook in the same transaction and writes the record's timeline.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ResourceRecord, TimelineEntry } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { recordLog } from '../audit/system-log';
import { workflowAction } from '../audit/actions';
import { insertRows } from '../db/batch';
import { mayTake, visibleFields, type ResourceCaller } from './caller';
import { checkedParams } from './transition-params';
import { mayTakeTransition, ownerTeamOf } from './workflow-actions';
import { checkChosen } from './transition-choices';
import { diff, writeHistory } from './history';
import { labelled, readRow, toRecord, type ResourceContext } from './read-records';
import { dynamic, toColumn, type ResourceStore } from './store';
import { staleError } from './write-records';
import { labelOf, stateLabel } from './workflow-definition';

export interface TimelineStep {
  resource: string;
  recordId: number;
  action: string;
  from: string | null;
  to: string | null;
  caller: { userId: number | null; userName: string; teamId: number | null };
  note?: string;
  at: number;
}

/** Writes one step of a record's timeline. */
export async function writeTimeline(trx: Kysely<Database>, step: TimelineStep): Promise<void> {
  await writeTimelines(trx, [step]);
}

/** Writes many steps (of any records) in as few multi-row statements as the database takes. */
export async function writeTimelines(trx: Kysely<Database>, steps: readonly TimelineStep[]): Promise<void> {
  const rows = steps.map((step) => ({
    resource: step.resource,
    record_id: step.recordId,
    action: step.action,
    from_state: step.from,
    to_state: step.to,
    user_id: step.caller.userId,
    user_name: step.caller.userName.slice(0, 64),
    team_id: step.caller.teamId,
    note: (step.note ?? '').slice(0, 255),
    created_at: step.at,
  }));
  await insertRows(trx, 'workflow_events', rows);
}

/** A record's timeline, oldest first. */
export async function readTimeline(db: Kysely<Database>, resource: string, recordId: number): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom('workflow_events')
    .select(['id', 'action', 'from_state', 'to_state', 'user_id', 'user_name', 'note', 'created_at'])
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
}

export interface TransitionRequest {
  id: number;
  action: string;
  version?: number;
  params?: Record<string, unknown>;
}

/**
 * Takes a transition: refused with 400 when the resource has no such action, 404 when the caller
 * cannot see the record, 403 when they may not take it, 409 when the record is not (or no longer,
 * for a second caller racing the first) in a state it starts from.
 */
export async function takeTransition(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, request: TransitionRequest): Promise<ResourceRecord> {
  const { definition } = store;
  const workflow = definition.workflow;
  const transition = workflow?.transitions.find((t) => t.name === request.action);
  if (!workflow || !transition) throw new ApiError(Code.badRequest, 'transitionUnknown', { action: request.action });
  if (!mayTake(definition, caller, 'get')) throw new ApiError(Code.forbidden, 'forbidden');
  const storeOf = (name: string) => ctx.registry.get(name);
  const action = transition.label[caller.lang];
  const taken = await ctx.db.transaction().execute(async (trx) => {
    const current = await readRow(trx, store, request.id, caller, 'visible');
    if (!current) throw new ApiError(Code.notFound, 'recordNotFound');
    const ownerTeam = await ownerTeamOf(trx, storeOf, store, transition, current);
    if (!mayTakeTransition(transition, caller, current, ownerTeam)) throw new ApiError(Code.forbidden, 'transitionForbidden', { record: labelOf(definition, current, caller.lang), action });
    if (request.version !== undefined && request.version !== current.version) throw await staleError(trx, store, current, caller);
    const from = current[workflow.stateField];
    if (!transition.from.includes(String(from))) {
      throw new ApiError(Code.conflict, 'transitionState', { record: labelOf(definition, current, caller.lang), state: stateLabel(definition, from, caller.lang), action });
    }
    const params = checkedParams(transition, request.params, caller.lang);
    await checkChosen(trx, storeOf, transition, current, params, caller.lang);
    const now = Date.now();
    const extra = (await store.hooks.onTransition?.({ trx, transition: transition.name, record: current, params, caller, now })) ?? {};
    const set: Record<string, unknown> = {};
    for (const f of definition.fields) if (f.name in extra) set[f.name] = toColumn(store, f, extra[f.name]);
    const to = transition.to ?? String(from);
    set[workflow.stateField] = to;
    if (store.system.version) set[store.system.version] = current.version + 1;
    set[store.system.updatedAt] = now;
    // The state in the WHERE makes a second transition racing this one find nothing to change: 409.
    let update = dynamic(trx).updateTable(store.table).set(set).where(sql.ref('id'), '=', current.id).where(sql.ref(workflow.stateField), '=', from);
    if (store.system.version) update = update.where(sql.ref(store.system.version), '=', current.version);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await staleError(trx, store, current, caller);
    const after = (await readRow(trx, store, current.id, { scope: null }))!;
    const changes = diff(definition.fields, current, after);
    await writeHistory(trx, { resource: definition.name, record: after, action: 'update', caller, changes, at: now });
    const note = typeof params.reason === 'string' ? params.reason : '';
    await writeTimeline(trx, { resource: definition.name, recordId: current.id, action: transition.name, from: String(from), to, caller, note, at: now });
    await recordLog(trx, {
      userId: caller.userId,
      username: caller.username,
      action: workflowAction(transition.name),
      target: `${definition.name}:${current.id}`,
      ip: caller.ip,
      result: 'ok',
      detail: `${String(from)}→${to}`,
    });
    return toRecord(visibleFields(definition, caller), after);
  });
  // Answered as a read answers it: with its labels and the transitions the caller may take next.
  return labelled(ctx, store, caller, taken);
}
