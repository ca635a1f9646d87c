/**
 * Writing records: every create, update and delete of every resource goes through here. A write is
 * checked field by field (hidden and read-only fields, the JSON Schema, lookups, uniqueness, trees),
 * applied with the version the editor read (a stale one is a 409 naming who changed the record and
 * when), and kept in the record's history and the system log in the same transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ACTIONS_KEY, LABELS_KEY, SYSTEM_FIELDS, type RecordValue, type ResourceField, type ResourceRecord } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { htmlSanitizer } from '../http/html-sanitizer';
import { message, type MessageKey } from '../http/messages';
import { recordLog } from '../audit/system-log';
import { assertAction, isHidden, isReadOnlyFor, visibleFields, type ResourceCaller } from './caller';
import { diff, lastChange, writeHistory, type Change } from './history';
import { teamCondition } from './list-query';
import { labelled, readRow, toRecord, type ResourceContext } from './read-records';
import { dynamic, sameValue, storedInTable, toColumn, type ResourceStore } from './store';
import { formatDateTime } from './time';
import { validateValues } from './validation';

/** What rich text may keep: ordinary formatting, links and images, no scripts, styles or frames. */
const sanitizeRichText = htmlSanitizer((sanitizeHtml) => ({
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
}));

/** What a record read carries besides its fields, which a form may send back with it. */
const SYSTEM = new Set<string>([...SYSTEM_FIELDS, LABELS_KEY, ACTIONS_KEY]);

/** One refused value: the field it is about and the message that says why. */
export interface Problem {
  field: string;
  key: MessageKey;
  params: Record<string, string | number>;
}

/** The values a write would store, before the checks that need the database. */
export interface Draft {
  values: Record<string, RecordValue>;
  team: number;
  problems: Problem[];
}

export function throwFirst(problems: Problem[]): void {
  const first = problems[0];
  if (first) throw new ApiError(Code.badRequest, first.key, first.params);
}

/** A value as it is stored: text trimmed (rich text sanitised), and '' meaning no value. */
function normalize(field: ResourceField, raw: unknown): RecordValue {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string') {
    const text = field.type === 'richtext' ? sanitizeRichText(raw).trim() : field.type === 'text' ? raw : raw.trim();
    return text.trim() === '' ? null : text;
  }
  return raw as RecordValue;
}

/**
 * Applies the caller's input to a record (or to a new one): hidden fields are refused, read-only
 * ones may only be sent back unchanged, and the result must pass the resource's JSON Schema.
 */
export function draftOf(store: ResourceStore, caller: ResourceCaller, input: Record<string, unknown>, current: ResourceRecord | null): Draft {
  const { definition } = store;
  const title = (f: ResourceField) => f.title[caller.lang];
  const problems: Problem[] = [];
  const values: Record<string, RecordValue> = {};
  for (const f of definition.fields) {
    // A new record starts from the defaults, the server-owned (read-only) fields' included.
    values[f.name] = current ? (current[f.name] ?? null) : ((f.default as RecordValue | undefined) ?? null);
  }
  let team = current?.team_id ?? caller.teamId;
  for (const [key, raw] of Object.entries(input)) {
    if (key === 'team_id') {
      if (raw === null || raw === undefined || raw === team) continue;
      // Only administrators place a record in another team.
      if (caller.scope !== null || !definition.teamScoped) problems.push({ field: key, key: 'fieldForbidden', params: { field: key } });
      else if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1) problems.push({ field: key, key: 'teamNotFound', params: {} });
      else team = raw;
      continue;
    }
    // The id, version, times and labels are the server's; a form may send them back with the record.
    if (SYSTEM.has(key)) continue;
    const field = definition.fields.find((f) => f.name === key);
    if (!field) {
      problems.push({ field: key, key: 'unknownField', params: { field: key } });
      continue;
    }
    if (isHidden(field, caller)) {
      problems.push({ field: key, key: 'fieldForbidden', params: { field: key } });
      continue;
    }
    const value = normalize(field, raw);
    if (sameValue(value, values[key])) continue;
    if (field.readOnly || isReadOnlyFor(field, caller)) {
      problems.push({ field: key, key: 'fieldReadOnly', params: { field: title(field) } });
      continue;
    }
    values[key] = value;
  }

  const candidate: Record<string, unknown> = {};
  for (const f of definition.fields) {
    if (!f.readOnly && values[f.name] !== null && values[f.name] !== undefined) candidate[f.name] = values[f.name];
  }
  for (const error of validateValues(definition, candidate, caller.lang)) {
    const field = definition.fields.find((f) => f.name === error.field);
    const name = field ? title(field) : error.field;
    if (error.keyword === 'required' && error.path === error.field) {
      problems.push({ field: error.field, key: 'fieldRequired', params: { field: name } });
    } else {
      const where = error.path === error.field ? name : `${name} (${error.path})`;
      problems.push({ field: error.field, key: 'fieldValue', params: { field: where, reason: error.message } });
    }
  }
  return { values, team, problems };
}

/** The stores a resource's lookups point at, found before a transaction (which must not wait on the pool). */
export async function lookupTargets(ctx: Pick<ResourceContext, 'registry'>, store: ResourceStore): Promise<Map<string, ResourceStore>> {
  const targets = new Map<string, ResourceStore>();
  for (const f of store.definition.fields) {
    if (f.type !== 'lookup' || !f.lookup || targets.has(f.lookup.resource)) continue;
    const target = f.lookup.resource === store.definition.name ? store : await ctx.registry.get(f.lookup.resource);
    if (target) targets.set(f.lookup.resource, target);
  }
  return targets;
}

/** Checks that need the database: the team, lookups (and tree loops), uniqueness. */
export async function checkReferences(
  trx: Kysely<Database>,
  store: ResourceStore,
  caller: ResourceCaller,
  draft: Draft,
  current: ResourceRecord | null,
  targets: Map<string, ResourceStore>,
): Promise<Problem[]> {
  const { definition } = store;
  const db = dynamic(trx);
  const problems: Problem[] = [];
  const title = (name: string) => definition.fields.find((f) => f.name === name)?.title[caller.lang] ?? name;
  const changed = (name: string) => !current || !sameValue(draft.values[name], current[name]);
  const teamChanged = current ? draft.team !== current.team_id : draft.team !== caller.teamId;

  if (teamChanged && !(await trx.selectFrom('teams').select('id').where('id', '=', draft.team).executeTakeFirst())) {
    problems.push({ field: 'team_id', key: 'teamNotFound', params: {} });
  }

  for (const field of definition.fields) {
    const value = draft.values[field.name];
    if (field.type !== 'lookup' || !field.lookup || typeof value !== 'number' || !changed(field.name)) continue;
    const target = targets.get(field.lookup.resource);
    const team = target ? teamCondition(target, caller) : null;
    let query = target ? db.selectFrom(target.table).select(sql.ref('id').as('id')).where(sql.ref('id'), '=', value) : null;
    if (query && team) query = query.where(team);
    if (!query || !(await query.executeTakeFirst())) {
      problems.push({ field: field.name, key: 'lookupNotFound', params: { field: title(field.name) } });
    } else if (field.name === definition.parentField && current && (await descendsFrom(db, store, value, current.id))) {
      problems.push({ field: field.name, key: 'treeCycle', params: { field: title(field.name) } });
    }
  }

  for (const set of store.uniques) {
    if (!set.some((c) => (c === 'team_id' ? teamChanged : changed(c)))) continue;
    const pairs = set.map((c) => {
      const f = definition.fields.find((x) => x.name === c);
      return [c, c === 'team_id' ? draft.team : f ? toColumn(store, f, draft.values[c]) : null] as const;
    });
    if (pairs.some(([, v]) => v === null || v === '')) continue;
    let query = db.selectFrom(store.table).select(sql.ref('id').as('id'));
    for (const [column, v] of pairs) query = query.where(sql.ref(column), '=', v);
    if (current) query = query.where(sql.ref('id'), '<>', current.id);
    if (await query.executeTakeFirst()) {
      const named = set.filter((c) => c !== 'team_id').at(-1)!;
      problems.push({ field: named, key: 'valueTaken', params: { field: title(named), value: String(draft.values[named]) } });
    }
  }
  return problems;
}

/** Whether `start` is `id` or lies below it in the resource's tree. */
async function descendsFrom(db: ReturnType<typeof dynamic>, store: ResourceStore, start: number, id: number): Promise<boolean> {
  const parent = store.definition.parentField!;
  let cursor: number | null = start;
  for (let depth = 0; cursor !== null && depth < 1000; depth++) {
    if (cursor === id) return true;
    const row: Record<string, unknown> | undefined = await db.selectFrom(store.table).select(sql.ref(parent).as('parent')).where(sql.ref('id'), '=', cursor).executeTakeFirst();
    cursor = typeof row?.parent === 'number' ? row.parent : null;
  }
  return false;
}

/**
 * The next document number of the day: prefix, YYYYMMDD in China time, a serial of at least 4
 * digits. Each table's serial of the day is a counter row (one indexed update however many
 * numbers the day has), started from the greatest number already stored on its first use.
 */
export async function nextNumber(trx: Kysely<Database>, store: Pick<ResourceStore, 'table'>, field: string, prefix: string, now: number): Promise<string> {
  return (await nextNumbers(trx, store, field, prefix, now, 1))[0];
}

/** `count` consecutive numbers of the day for a batch of documents, taken with one update of the counter. */
export async function nextNumbers(trx: Kysely<Database>, store: Pick<ResourceStore, 'table'>, field: string, prefix: string, now: number, count: number): Promise<string[]> {
  if (count < 1) return [];
  const stem = `${prefix}${formatDateTime(now).slice(0, 10).replaceAll('-', '')}`;
  const key = `${store.table}.${field}:${stem}`;
  const upTo = (last: number) => Array.from({ length: count }, (_, i) => `${stem}${String(last - count + 1 + i).padStart(4, '0')}`);
  const bumped = await trx.updateTable('document_serials').set((eb) => ({ last: eb('last', '+', count) })).where('stem', '=', key).returning('last').executeTakeFirst();
  if (bumped) return upTo(Number(bumped.last));
  // Past 9999 a day the serial grows a digit: the longest number is the latest, then the greatest.
  const row = await dynamic(trx)
    .selectFrom(store.table)
    .select(sql.ref(field).as('top'))
    .where(sql.ref(field), 'like', `${stem}%`)
    .orderBy(sql`length(${sql.ref(field)})`, 'desc')
    .orderBy(sql.ref(field), 'desc')
    .limit(1)
    .executeTakeFirst();
  const stored = typeof row?.top === 'string' ? Number(row.top.slice(stem.length)) : 0;
  const last = (Number.isInteger(stored) ? stored : 0) + count;
  // A concurrent first use of the same day inserted the row first: take the next numbers from it.
  await trx.insertInto('document_serials').values({ stem: key, last }).onConflict((oc) => oc.column('stem').doNothing()).execute();
  const taken = await trx.selectFrom('document_serials').select('last').where('stem', '=', key).executeTakeFirstOrThrow();
  if (Number(taken.last) !== last) return nextNumbers(trx, store, field, prefix, now, count);
  return upTo(last);
}

async function fillNumbers(trx: Kysely<Database>, store: ResourceStore, values: Record<string, RecordValue>, now: number): Promise<void> {
  for (const [field, prefix] of Object.entries(store.numbered)) {
    if (values[field] === null || values[field] === '') values[field] = await nextNumber(trx, store, field, prefix, now);
  }
}

/** Which database constraint an error broke, if it is one. */
function constraintOf(error: unknown): 'foreign' | 'unique' | null {
  const code = (error as { code?: unknown })?.code;
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign';
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'unique';
  return null;
}

async function guarded<T>(write: () => Promise<T>, onForeign: MessageKey): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = constraintOf(error);
    if (constraint === 'foreign') throw new ApiError(Code.conflict, onForeign);
    if (constraint === 'unique') throw new ApiError(Code.conflict, 'duplicateRecord');
    throw error;
  }
}

function log(trx: Kysely<Database>, caller: ResourceCaller, action: string, store: ResourceStore, target: string, changes: Change[]) {
  return recordLog(
    trx,
    {
      userId: caller.userId,
      username: caller.username,
      action: `resource-${action}`,
      target: `${store.definition.name}:${target}`.slice(0, 255),
      ip: caller.ip,
      result: 'ok',
      // Field names only: values may be personal data and stay in the record's history.
      detail: changes.map((c) => c.field).join(','),
    },
  );
}

/** A record as the caller may see it. */
function visible(store: ResourceStore, caller: ResourceCaller, record: ResourceRecord): ResourceRecord {
  return toRecord(visibleFields(store.definition, caller), record);
}

/** Inserts a checked draft with its history entry; answers the stored record (every field). */
export async function insertDraft(
  trx: Kysely<Database>,
  store: ResourceStore,
  caller: ResourceCaller,
  draft: Draft,
  action: 'create' | 'import',
  now: number,
): Promise<ResourceRecord> {
  await fillNumbers(trx, store, draft.values, now);
  const { system } = store;
  const row: Record<string, unknown> = {};
  const workflow = store.definition.workflow;
  // A new record starts in the workflow's first state, whatever the caller sent.
  if (workflow) draft.values[workflow.stateField] = workflow.states[0].value;
  for (const f of store.definition.fields) if (storedInTable(store, f)) row[f.name] = toColumn(store, f, draft.values[f.name]);
  Object.assign(row, store.hooks.insertColumns?.(draft.values, caller, now));
  if (system.teamId) row[system.teamId] = draft.team;
  if (system.createdBy) row[system.createdBy] = caller.userId;
  if (system.version) row[system.version] = 1;
  row[system.createdAt] = now;
  row[system.updatedAt] = now;
  const inserted = await guarded(
    () => dynamic(trx).insertInto(store.table).values(row).returning(sql.ref('id').as('id')).executeTakeFirstOrThrow(),
    'lookupNotFound',
  );
  const record = (await readRow(trx, store, Number(inserted.id), { scope: null }))!;
  await writeHistory(trx, { resource: store.definition.name, record, action, caller, changes: diff(store.definition.fields, null, record), at: now });
  await store.hooks.afterWrite?.(trx, null, record, caller);
  return record;
}

export async function createRecord(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, input: Record<string, unknown>): Promise<ResourceRecord> {
  assertAction(store, caller, 'create');
  const targets = await lookupTargets(ctx, store);
  return labelled(ctx, store, caller, await ctx.db.transaction().execute(async (trx) => visible(store, caller, await createIn(trx, store, caller, input, targets, Date.now()))));
}

/**
 * A create with every check, its history and its log entry, inside a transaction the caller holds:
 * a workflow that writes several records at once (收银台's sale) writes each one as the API would.
 * Answers the stored record (every field). The caller has checked the action (assertAction).
 */
export async function createIn(
  trx: Kysely<Database>,
  store: ResourceStore,
  caller: ResourceCaller,
  input: Record<string, unknown>,
  targets: Map<string, ResourceStore>,
  now: number,
): Promise<ResourceRecord> {
  const draft = draftOf(store, caller, input, null);
  throwFirst(draft.problems);
  throwFirst(await checkReferences(trx, store, caller, draft, null, targets));
  const record = await insertDraft(trx, store, caller, draft, 'create', now);
  await log(trx, caller, 'create', store, String(record.id), diff(store.definition.fields, null, record));
  return record;
}

/** The 409 of a stale version: who changed the record last, and when. */
export async function staleError(trx: Kysely<Database>, store: ResourceStore, current: ResourceRecord, caller: ResourceCaller): Promise<ApiError> {
  const last = await lastChange(trx, store.definition.name, current.id);
  return new ApiError(Code.conflict, 'staleVersion', {
    user: last?.user_name || message(caller.lang, 'anotherUser'),
    time: formatDateTime(last?.created_at ?? current.updated_at),
  });
}

async function currentRecord(trx: Kysely<Database>, store: ResourceStore, caller: ResourceCaller, id: number, version: number | undefined): Promise<ResourceRecord> {
  const current = await readRow(trx, store, id, caller);
  if (!current) throw new ApiError(Code.notFound, 'recordNotFound');
  if (version !== undefined && current.version !== version) throw await staleError(trx, store, current, caller);
  return current;
}

export async function updateRecord(
  ctx: ResourceContext,
  store: ResourceStore,
  caller: ResourceCaller,
  body: { id: number; version: number; values: Record<string, unknown> },
): Promise<ResourceRecord> {
  assertAction(store, caller, 'update');
  const targets = await lookupTargets(ctx, store);
  return labelled(ctx, store, caller, await ctx.db.transaction().execute(async (trx) => {
    const current = await currentRecord(trx, store, caller, body.id, body.version);
    return visible(store, caller, await updateIn(trx, store, caller, current, body.values, targets, Date.now()));
  }));
}

/**
 * An update of a record read in this transaction (`current`, every field), with every check, the
 * version guard, its history and its log entry: as updateRecord writes it, inside a transaction the
 * caller holds. Answers the record as stored after it. The caller has checked the action.
 */
export async function updateIn(
  trx: Kysely<Database>,
  store: ResourceStore,
  caller: ResourceCaller,
  current: ResourceRecord,
  values: Record<string, unknown>,
  targets: Map<string, ResourceStore>,
  now: number,
): Promise<ResourceRecord> {
  const refusal = store.hooks.protect?.(current, 'update', caller);
  if (refusal) throw new ApiError(Code.badRequest, refusal);
  const draft = draftOf(store, caller, values, current);
  throwFirst(draft.problems);
  throwFirst(await checkReferences(trx, store, caller, draft, current, targets));
  await fillNumbers(trx, store, draft.values, now);
  const { system } = store;
  const set: Record<string, unknown> = {};
  for (const f of store.definition.fields) {
    if (!sameValue(draft.values[f.name], current[f.name])) set[f.name] = toColumn(store, f, draft.values[f.name]);
  }
  if (system.teamId && draft.team !== current.team_id) set[system.teamId] = draft.team;
  if (Object.keys(set).length === 0) return current;
  if (system.version) set[system.version] = current.version + 1;
  if (system.updatedAt !== system.createdAt) set[system.updatedAt] = now;
  let update = dynamic(trx).updateTable(store.table).set(set).where(sql.ref('id'), '=', current.id);
  // The version in the WHERE catches a writer that committed between our read and this update.
  if (system.version) update = update.where(sql.ref(system.version), '=', current.version);
  const result = await guarded(() => update.executeTakeFirst(), 'lookupNotFound');
  if (Number(result.numUpdatedRows) !== 1) throw await staleError(trx, store, current, caller);
  const after = (await readRow(trx, store, current.id, { scope: null }))!;
  const changes = diff(store.definition.fields, current, after);
  await writeHistory(trx, { resource: store.definition.name, record: after, action: 'update', caller, changes, at: now });
  await store.hooks.afterWrite?.(trx, current, after, caller);
  await log(trx, caller, 'update', store, String(current.id), changes);
  return after;
}

async function removeRow(trx: Kysely<Database>, store: ResourceStore, caller: ResourceCaller, current: ResourceRecord, now: number): Promise<Change[]> {
  const refusal = store.hooks.protect?.(current, 'delete', caller);
  if (refusal) throw new ApiError(Code.badRequest, refusal);
  await guarded(() => dynamic(trx).deleteFrom(store.table).where(sql.ref('id'), '=', current.id).execute(), 'recordInUse');
  const changes = diff(store.definition.fields, current, null);
  await writeHistory(trx, { resource: store.definition.name, record: current, action: 'delete', caller, changes, at: now });
  await store.hooks.afterWrite?.(trx, current, null, caller);
  return changes;
}

export async function deleteRecord(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, id: number, version?: number): Promise<void> {
  assertAction(store, caller, 'delete');
  await ctx.db.transaction().execute(async (trx) => {
    const current = await currentRecord(trx, store, caller, id, version);
    const changes = await removeRow(trx, store, caller, current, Date.now());
    await log(trx, caller, 'delete', store, String(id), changes);
  });
}

/** Deletes every listed record or none: one missing (or another team's) id refuses them all. */
export async function bulkDelete(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, ids: number[]): Promise<number> {
  assertAction(store, caller, 'delete');
  const unique = [...new Set(ids)];
  return ctx.db.transaction().execute(async (trx) => {
    const records: ResourceRecord[] = [];
    const missing: number[] = [];
    for (const id of unique) {
      const record = await readRow(trx, store, id, caller);
      if (record) records.push(record);
      else missing.push(id);
    }
    if (missing.length > 0) throw new ApiError(Code.notFound, 'recordsNotFound', { ids: missing.join(', ') });
    const now = Date.now();
    for (const record of records) await removeRow(trx, store, caller, record, now);
    await log(trx, caller, 'bulk-delete', store, unique.join(','), []);
    return records.length;
  });
}

