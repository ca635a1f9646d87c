/**
 * Reading records: a page of a ListQuery with its total and its lookups' labels, one record by id,
 * always within the caller's team and without the fields hidden from them.
 */
import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/dialect';
import { LABELS_KEY, LIST_TOTAL_CAP, TEAM_FIELD, type HistoryEntry, type ListPage, type ListQuery, type ResourceField, type ResourceRecord } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { isHidden, visibleFields, type ResourceCaller } from './caller';
import type { ResourceRegistry } from './definitions';
import { keywordCandidates } from './keyword-index';
import { conditionsOf, orderOf, ownTeamCondition, sortKeysOf, teamCondition, whereOf } from './list-query';
import { dynamic, fromColumn, readTableOf, type DynamicDb, type ResourceStore } from './store';
import type { KeptCache, KeptTable } from './kept';
import { seesSeveralTeams, type ScopedCaller } from './visibility';
import { withActions } from './workflow-actions';

export interface ResourceContext {
  db: Kysely<Database>;
  /** Where a list's page and total are read (DatabaseHandle.reads) when `db` is not in a transaction. */
  reads: Kysely<Database>;
  dialect: DialectName;
  registry: ResourceRegistry;
  /** Totals and keyword plans, kept until their table is written. */
  kept: KeptCache;
}

export const DEFAULT_PAGE_SIZE = 20;

type Row = Record<string, unknown>;

/** The SELECT list of a record: the system fields (from whichever columns hold them) and the fields. */
export function selection(store: ResourceStore, fields: ResourceField[]): AliasedRawBuilder<unknown, string>[] {
  const { system } = store;
  const column = (name: string | null, alias: string, absent: 'null' | '1' = 'null') =>
    name ? sql.ref(name).as(alias) : (absent === '1' ? sql`1` : sql`null`).as(alias);
  return [
    sql.ref('id').as('id'),
    column(system.version, 'version', '1'),
    column(system.teamId, 'team_id'),
    column(system.createdBy, 'created_by'),
    column(system.createdAt, 'created_at'),
    column(system.updatedAt, 'updated_at'),
    ...fields.map((f) => sql.ref(f.name).as(f.name)),
  ];
}

/** A row as the API's record; sub-table columns the caller may not see are dropped. */
export function toRecord(fields: ResourceField[], row: Row): ResourceRecord {
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const record: ResourceRecord = {
    id: Number(row.id),
    version: Number(row.version),
    team_id: number(row.team_id),
    created_by: number(row.created_by),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
  for (const f of fields) {
    const value = fromColumn(f, row[f.name]);
    record[f.name] =
      f.type === 'rows' && Array.isArray(value) && f.columns
        ? value.map((item) => Object.fromEntries(f.columns!.map((c) => [c.name, item[c.name] ?? null])))
        : value;
  }
  return record;
}

/**
 * One record with every field, for the server's own use (writes compare against it); null when not
 * found. `own` reaches the rows the caller may write, `visible` those they may read.
 */
export async function readRow(
  db: Kysely<Database>,
  store: ResourceStore,
  id: number,
  caller: ScopedCaller,
  reach: 'own' | 'visible' = 'own',
): Promise<ResourceRecord | null> {
  const team = reach === 'own' ? ownTeamCondition(store, caller) : teamCondition(store, caller);
  let query = dynamic(db).selectFrom(readTableOf(store)).select(selection(store, store.definition.fields)).where(sql.ref('id'), '=', id);
  if (team) query = query.where(team);
  const row = await query.executeTakeFirst();
  return row ? toRecord(store.definition.fields, row) : null;
}

export async function getRecord(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, id: number): Promise<ResourceRecord> {
  const fields = visibleFields(store.definition, caller);
  const team = teamCondition(store, caller);
  let query = dynamic(ctx.db).selectFrom(readTableOf(store)).select(selection(store, fields)).where(sql.ref('id'), '=', id);
  if (team) query = query.where(team);
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(Code.notFound, 'recordNotFound');
  return labelled(ctx, store, caller, toRecord(fields, row));
}

/** The records in the words of their reader, where the resource presents them (StoreHooks.present). */
export async function presented(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, records: ResourceRecord[]): Promise<ResourceRecord[]> {
  await store.hooks.present?.(records, { lang: caller.lang, definitionOf: async (name) => (await ctx.registry.get(name))?.definition ?? null });
  return records;
}

/** One record as the caller may see it, carrying its lookups' labels: what create, get and update answer. */
export async function labelled(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, record: ResourceRecord): Promise<ResourceRecord> {
  // A record alone is what a detail draws: it names its team to any reader.
  const [one] = await withLabels(ctx, caller, visibleFields(store.definition, caller), await presented(ctx, store, caller, [record]), store.definition.teamScoped);
  await withActions(ctx.db, (name) => ctx.registry.get(name), store, caller, [one!]);
  return one!;
}

/** The connection a list reads through: the read pool, unless the caller's writes are not committed yet. */
function readerOf(ctx: ResourceContext): Kysely<Database> {
  return ctx.db.isTransaction ? ctx.db : ctx.reads;
}

export async function listRecords(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, query: ListQuery): Promise<ListPage> {
  const fields = visibleFields(store.definition, caller);
  const keyword = query.keyword?.trim();
  const reader = readerOf(ctx);
  const kept = await ctx.kept.at(dynamic(ctx.db), store.table);
  const keywordRows = keyword && ctx.dialect === 'sqlite' && store.keywordIndexed ? await keywordCandidates(reader, store.table, keyword, kept) : null;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  // A page past every table (its offset beyond exact integers, which SQLite refuses) has no rows.
  const rows = Number.isSafeInteger(offset) ? await pageRows(ctx, kept, store, caller, query, fields, keywordRows, offset, pageSize) : [];
  // A short first page is the whole answer: no need to count.
  const counted = page === 1 && rows.length < pageSize ? rows.length : await countOf(ctx, kept, store, caller, query, keywordRows);
  // A list names each row's team only to a reader of several teams' rows: it is the one shown a team column.
  const read = await presented(ctx, store, caller, rows.map((row) => toRecord(fields, row)));
  const records = await withLabels(ctx, caller, fields, read, seesSeveralTeams(store.definition, caller));
  await withActions(ctx.db, (name) => ctx.registry.get(name), store, caller, records);
  if (counted <= LIST_TOTAL_CAP) return { rows: records, total: counted, page, pageSize };
  // Past the cap the total is a floor; a page beyond it (asked for by number) still lies within it.
  return { rows: records, total: Math.max(LIST_TOTAL_CAP, offset + rows.length), totalCapped: true, page, pageSize };
}

/**
 * The rows of one page. A page is worked out from the whole table (a keyword or filter that no index
 * serves in the sort's order reads thousands of rows for 20), so its rows are kept like a total
 * (kept.ts) until the table is written. A resource whose visibility reaches into other tables (a
 * workflow's rules) is read every time: a write there changes what the caller sees without moving
 * this table's counter.
 */
async function pageRows(
  ctx: ResourceContext,
  kept: KeptTable,
  store: ResourceStore,
  caller: ResourceCaller,
  query: ListQuery,
  fields: ResourceField[],
  keywordRows: RawBuilder<SqlBool> | null,
  offset: number,
  pageSize: number,
): Promise<Row[]> {
  const read = () => pageQuery(dynamic(readerOf(ctx)), store, caller, query, ctx.dialect, keywordRows, selection(store, fields)).limit(pageSize).offset(offset).execute();
  if (store.visibility || ctx.db.isTransaction) return read();
  return kept.kept(JSON.stringify(['page', ...askedOf(store, caller, query), query.sort ?? [], offset, pageSize]), read);
}

/** The rows of a list query in its order, as `columns`; the caller adds the page's limit and offset. */
export function pageQuery(
  db: DynamicDb,
  store: ResourceStore,
  caller: ResourceCaller,
  query: ListQuery,
  dialect: DialectName,
  keywordRows: RawBuilder<SqlBool> | null,
  columns: AliasedRawBuilder<unknown, string>[],
) {
  const where = whereOf(conditionsOf(store, caller, query, dialect, { keywordRows }));
  return db.selectFrom(readTableOf(store)).select(columns).where(where).orderBy(orderOf(sortKeysOf(store, caller, query.sort), dialect));
}

/**
 * What decides the SQL of a query's rows but the table's own rows: the definition and its version,
 * the caller's team and roles (hidden fields change the columns, the keyword's among them), the
 * filters and the keyword. A kept page or total is kept under it.
 */
function askedOf(store: ResourceStore, caller: ResourceCaller, query: ListQuery): unknown[] {
  return [store.definition.name, store.definition.version, caller.scope, caller.access.role, query.filters ?? [], query.keyword?.trim() ?? ''];
}

/**
 * The number of rows a query matches, counted up to one past LIST_TOTAL_CAP (which says "more"):
 * what a pager needs, at the cost of reading at most that many rows, where an exact count reads
 * every one (a quoting team's market: 330,000 of 1,000,000 asks, 0.4 s). No order is asked for, so
 * the database reads them the cheapest way. Kept (kept.ts) until the table is written.
 */
async function countOf(ctx: ResourceContext, kept: KeptTable, store: ResourceStore, caller: ResourceCaller, query: ListQuery, keywordRows: RawBuilder<SqlBool> | null): Promise<number> {
  return kept.kept(JSON.stringify(askedOf(store, caller, query)), async () => {
    const where = whereOf(conditionsOf(store, caller, query, ctx.dialect, { purpose: 'count', keywordRows }));
    const db = dynamic(readerOf(ctx));
    const matching = db.selectFrom(readTableOf(store)).select(sql`1`.as('one')).where(where).limit(LIST_TOTAL_CAP + 1);
    const row = await db.selectFrom(matching.as('matching')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/**
 * The records, each carrying its lookups' labels under LABELS_KEY (field → label), so a console
 * draws a lookup from the row it read, without reading the target resource it may not list.
 */
async function withLabels(
  ctx: ResourceContext,
  caller: ResourceCaller,
  fields: ResourceField[],
  records: ResourceRecord[],
  namesTeam: boolean,
): Promise<ResourceRecord[]> {
  const labelled = namesTeam ? [...fields, TEAM_FIELD] : fields;
  const labels = (await lookupLabels(ctx, caller, labelled, records)) ?? {};
  return records.map((record) => {
    const carried: Record<string, string> = {};
    for (const [field, byId] of Object.entries(labels)) {
      const label = byId[String(record[field])];
      if (label !== undefined) carried[field] = label;
    }
    return Object.assign(record, { [LABELS_KEY]: carried });
  });
}

/** History entries whose lookup changes carry the labels of the records pointed at before and after. */
export async function labelHistory(ctx: ResourceContext, store: ResourceStore, caller: ResourceCaller, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const changes = entries.flatMap((entry) => entry.changes);
  const values = changes.flatMap(({ field, before, after }) => [{ [field]: before }, { [field]: after }]);
  const labels = await lookupLabels(ctx, caller, visibleFields(store.definition, caller), values);
  if (!labels) return entries;
  const labelOf = (field: string, value: unknown) => labels[field]?.[String(value)];
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes.map((change) =>
      labels[change.field] ? { ...change, labels: { before: labelOf(change.field, change.before), after: labelOf(change.field, change.after) } } : change,
    ),
  }));
}

/**
 * The label of every record the rows' lookup fields point at, one query per lookup field (kept.ts). Whoever
 * may see a row may read the names it points at, so the target's team scope does not apply: staff
 * see who asked, though the asker's team is not theirs. A label field hidden from the caller stays hidden.
 */
export async function lookupLabels(
  ctx: ResourceContext,
  caller: ResourceCaller,
  fields: ResourceField[],
  records: Array<Record<string, unknown>>,
): Promise<Record<string, Record<string, string>> | null> {
  const labels: Record<string, Record<string, string>> = {};
  for (const field of fields) {
    if (field.type !== 'lookup' || !field.lookup) continue;
    const ids = [...new Set(records.map((r) => r[field.name]).filter((v): v is number => typeof v === 'number'))];
    if (ids.length === 0) continue;
    const target = await ctx.registry.get(field.lookup.resource);
    const label = target?.definition.fields.find((f) => f.name === field.lookup!.label);
    if (!target || !label || isHidden(label, caller)) continue;
    const read = async () => {
      const found = await dynamic(ctx.db).selectFrom(target.table).select([sql.ref('id').as('id'), sql.ref(label.name).as('label')]).where(sql.ref('id'), 'in', ids).execute();
      return Object.fromEntries(found.map((row) => [String(row.id), row.label === null ? '' : String(row.label)]));
    };
    // Kept until the target's table is written (a list of several teams' rows names the same few
    // teams at every request); a transaction's uncommitted writes are read, never kept.
    labels[field.name] = ctx.db.isTransaction ? await read() : await (await ctx.kept.at(dynamic(ctx.db), target.table)).kept(JSON.stringify(['labels', label.name, ids]), read);
  }
  return Object.keys(labels).length > 0 ? labels : null;
}
