/**
 * Who may take a workflow transition, and which ones a reader may take now: every record of a
 * workflow resource the API answers carries them under ACTIONS_KEY, judged by the same rule the
 * transition itself is checked with, so the console offers exactly the buttons the server accepts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ACTIONS_KEY, type ResourceRecord, type WorkflowTransition } from '../../src/contract/resource';
import { mayTake, type ResourceCaller } from './caller';
import { dynamic, type ResourceStore } from './store';

/**
 * Whether the caller may take the transition on this record; `ownerTeam` is the team of the record
 * ownership is judged on (the record itself, or the one its `via` field points at).
 */
export function mayTakeTransition(transition: WorkflowTransition, caller: ResourceCaller, record: ResourceRecord, ownerTeam: number | null): boolean {
  if (caller.scope === null) return true;
  const who = transition.who ?? {};
  if (who.roles && !who.roles.some((r) => caller.access.role.includes(r))) return false;
  if (who.teamTypes && !who.teamTypes.includes(caller.teamType)) return false;
  switch (who.owner) {
    case 'team':
      return ownerTeam === caller.teamId;
    case 'other':
      return ownerTeam !== caller.teamId;
    case 'creator':
      return record.created_by === caller.userId;
    default:
      return true;
  }
}

/** Finds a resource's store by name (the registry, without importing it). */
export type StoreLookup = (resource: string) => Promise<ResourceStore | null | undefined>;

/** The teams of the records of `target` with these ids, by id. */
export async function teamsOf(db: Kysely<Database>, target: ResourceStore | null | undefined, ids: number[]): Promise<Map<number, number>> {
  if (!target?.system.teamId || ids.length === 0) return new Map();
  const rows = await dynamic(db)
    .selectFrom(target.table)
    .select([sql.ref('id').as('id'), sql.ref(target.system.teamId).as('team')])
    .where(sql.ref('id'), 'in', ids)
    .execute();
  return new Map(rows.map((row) => [Number(row.id), Number(row.team)]));
}

/** The team whose ownership of the record a transition is judged on: the record's, or that of the record its `via` field points at. */
export async function ownerTeamOf(db: Kysely<Database>, storeOf: StoreLookup, store: ResourceStore, transition: WorkflowTransition, record: ResourceRecord): Promise<number | null> {
  const via = transition.who?.via;
  if (!via) return record.team_id;
  const target = store.definition.fields.find((f) => f.name === via)?.lookup?.resource;
  const id = record[via];
  if (!target || typeof id !== 'number') return null;
  return (await teamsOf(db, await storeOf(target), [id])).get(id) ?? null;
}

/**
 * Puts on each record the names of the transitions its reader may take now: from its state, by
 * their role, team type and ownership (one query per `via` field for the page's owners).
 */
export async function withActions(db: Kysely<Database>, storeOf: StoreLookup, store: ResourceStore, caller: ResourceCaller, records: ResourceRecord[]): Promise<void> {
  const workflow = store.definition.workflow;
  if (!workflow || records.length === 0) return;
  const allowed = mayTake(store.definition, caller, 'get') ? workflow.transitions : [];
  const viaTeams = new Map<string, Map<number, number>>();
  for (const via of new Set(allowed.map((t) => t.who?.via).filter((v): v is string => !!v))) {
    const field = store.definition.fields.find((f) => f.name === via);
    if (!field?.lookup) continue;
    const ids = [...new Set(records.map((r) => r[via]).filter((v): v is number => typeof v === 'number'))];
    viaTeams.set(via, await teamsOf(db, await storeOf(field.lookup.resource), ids));
  }
  for (const record of records) {
    const state = String(record[workflow.stateField]);
    const names = allowed
      .filter((t) => t.from.includes(state))
      .filter((t) => {
        const via = t.who?.via;
        const owner = via ? (viaTeams.get(via)?.get(Number(record[via])) ?? null) : record.team_id;
        return mayTakeTransition(t, caller, record, owner);
      })
      .map((t) => t.name);
    Object.assign(record, { [ACTIONS_KEY]: names });
  }
}
