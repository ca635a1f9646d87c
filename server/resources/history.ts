/**
 * The change history of records: every create, update, delete and import of every resource with
 * each field's value before and after, written in the same transaction as the change itself.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { HistoryEntry, RecordValue, ResourceField, ResourceRecord } from '../../src/contract/resource';
import { isHidden, type ResourceCaller } from './caller';
import { sameValue, type ResourceStore } from './store';

export type Change = HistoryEntry['changes'][number];

/** Each field (and the owning team) whose value differs between the two versions of a record. */
export function diff(fields: ResourceField[], before: ResourceRecord | null, after: ResourceRecord | null): Change[] {
  const changes: Change[] = [];
  const value = (record: ResourceRecord | null, name: string): RecordValue | undefined => (record ? record[name] : undefined);
  for (const name of [...fields.map((f) => f.name), 'team_id']) {
    const b = value(before, name);
    const a = value(after, name);
    if (!sameValue(b, a)) changes.push({ field: name, before: before ? (b ?? null) : undefined, after: after ? (a ?? null) : undefined });
  }
  return changes;
}

export async function writeHistory(
  trx: Kysely<Database>,
  entry: {
    resource: string;
    record: ResourceRecord;
    action: HistoryEntry['action'];
    caller: Pick<ResourceCaller, 'userId' | 'userName'>;
    changes: Change[];
    at: number;
  },
): Promise<void> {
  await trx
    .insertInto('record_history')
    .values({
      resource: entry.resource,
      record_id: entry.record.id,
      team_id: entry.record.team_id,
      action: entry.action,
      user_id: entry.caller.userId,
      user_name: entry.caller.userName.slice(0, 64),
      changes: JSON.stringify(entry.changes),
      created_at: entry.at,
    })
    .execute();
}

/**
 * A record's history, newest first, without the fields hidden from the caller; of a team-scoped
 * resource, only what happened while the record was in the caller's team.
 */
export async function readHistory(
  db: Kysely<Database>,
  store: ResourceStore,
  recordId: number,
  caller: Pick<ResourceCaller, 'access' | 'scope'>,
): Promise<HistoryEntry[]> {
  const hidden = new Set(store.definition.fields.filter((f) => isHidden(f, caller)).map((f) => f.name));
  let query = db
    .selectFrom('record_history')
    .select(['id', 'action', 'user_id', 'user_name', 'changes', 'created_at'])
    .where('resource', '=', store.definition.name)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc');
  // A workflow's visibility is checked on the record itself by the caller of this function.
  if (store.definition.teamScoped && !store.visibility && caller.scope !== null) query = query.where('team_id', '=', caller.scope);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    user_id: row.user_id,
    user_name: row.user_name,
    changes: (JSON.parse(row.changes) as Change[]).filter((c) => !hidden.has(c.field)),
    created_at: row.created_at,
  }));
}

/** Who changed a record last through the API, and when. */
export async function lastChange(db: Kysely<Database>, resource: string, recordId: number): Promise<{ user_name: string; created_at: number } | null> {
  return (
    (await db
      .selectFrom('record_history')
      .select(['user_name', 'created_at'])
      .where('resource', '=', resource)
      .where('record_id', '=', recordId)
      .orderBy('id', 'desc')
      .executeTakeFirst()) ?? null
  );
}
