/**
 * A ListQuery as SQL: typed filters, keyword, sort and the caller's team, over any resource table.
 * Every identifier that reaches SQL is a field or system column of the definition, looked up by
 * name; anything else is refused with 400 naming it. Values are always bound parameters.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../db/dialect';
import { SYSTEM_FIELDS, type FieldType, type Filter, type ListQuery, type ResourceField, type Sort, type SystemField } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { isHidden, type ResourceCaller } from './caller';
import { isTextual, storageOf, systemColumnOf, type ResourceStore, type Storage } from './store';
import { dayBounds, normalizeDate } from './time';
import type { Purpose, ScopedCaller } from './visibility';

/** A field or system column a query may name. */
export interface ColumnRef {
  name: string;
  column: string;
  type: FieldType;
  storage: Storage;
  field: ResourceField | null;
  nullable: boolean;
}

const SYSTEM_TYPES: Record<SystemField, FieldType> = {
  id: 'integer',
  version: 'integer',
  team_id: 'integer',
  created_by: 'integer',
  created_at: 'datetime',
  updated_at: 'datetime',
};
const SYSTEM = new Set<string>(SYSTEM_FIELDS);

type Condition = RawBuilder<SqlBool>;
const TRUE: Condition = sql<SqlBool>`1 = 1`;
const FALSE: Condition = sql<SqlBool>`1 = 0`;

function unknownField(name: string): never {
  throw new ApiError(Code.badRequest, 'unknownField', { field: name });
}

/** The column a query names: a field the caller sees, or a system field the table has. */
export function resolveColumn(store: ResourceStore, caller: Pick<ResourceCaller, 'access'>, name: string): ColumnRef {
  if (SYSTEM.has(name)) {
    const column = systemColumnOf(store, name as SystemField);
    if (!column) unknownField(name);
    return { name, column, type: SYSTEM_TYPES[name as SystemField], storage: 'bigint', field: null, nullable: name === 'created_by' };
  }
  const field = store.definition.fields.find((f) => f.name === name);
  if (!field || isHidden(field, caller)) unknownField(name);
  return { name, column: field.name, type: field.type, storage: storageOf(field), field, nullable: !field.required && !(field.name in store.emptyValues) };
}

function titleOf(ref: ColumnRef, lang: 'zh' | 'en'): string {
  return ref.field ? ref.field.title[lang] : ref.name;
}

/** A filter value as the column stores it; refused with the field named when it cannot be one. */
function coerce(ref: ColumnRef, value: unknown, caller: Pick<ResourceCaller, 'lang'>): string | number {
  const invalid = (): never => {
    throw new ApiError(Code.badRequest, 'filterValue', { field: titleOf(ref, caller.lang) });
  };
  switch (ref.storage) {
    case 'text': {
      if (typeof value !== 'string' && typeof value !== 'number') return invalid();
      if (ref.type === 'date') return normalizeDate(String(value)) ?? invalid();
      return String(value);
    }
    case 'flag':
      if (value === true || value === 1) return 1;
      if (value === false || value === 0) return 0;
      return invalid();
    default: {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n) || (ref.storage === 'bigint' && !Number.isInteger(n))) return invalid();
      return n;
    }
  }
}

function isEmpty(ref: ColumnRef): Condition {
  const column = sql.ref(ref.column);
  return ref.storage === 'text' ? sql<SqlBool>`(${column} is null or ${column} = '')` : sql<SqlBool>`${column} is null`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function contains(column: string, text: string, dialect: DialectName): Condition {
  // SQLite's LIKE ignores ASCII case already; PostgreSQL needs ILIKE for the same answer.
  const like = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${like} ${likePattern(text)} escape '\\'`;
}

/** [from, to] of a dateRange: days of a date field, or whole days (China time) of a datetime. */
function dateBounds(ref: ColumnRef, bound: unknown, end: boolean, caller: Pick<ResourceCaller, 'lang'>): string | number | null {
  if (bound === null) return null;
  if (ref.type === 'date') return coerce(ref, bound, caller);
  if (typeof bound === 'number') return coerce(ref, bound, caller);
  const day = typeof bound === 'string' ? dayBounds(bound) : null;
  if (!day) throw new ApiError(Code.badRequest, 'filterValue', { field: titleOf(ref, caller.lang) });
  return end ? day[1] : day[0];
}

function filterCondition(store: ResourceStore, caller: ResourceCaller, filter: Filter, dialect: DialectName): Condition {
  const ref = resolveColumn(store, caller, filter.field);
  const column = sql.ref(ref.column);
  const unsupported = (): never => {
    throw new ApiError(Code.badRequest, 'filterUnsupported', { field: titleOf(ref, caller.lang), op: filter.op });
  };
  if (ref.type === 'rows') unsupported();
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? isEmpty(ref) : sql<SqlBool>`${column} = ${coerce(ref, filter.value, caller)}`;
    case 'ne':
      return filter.value === null
        ? sql<SqlBool>`not ${isEmpty(ref)}`
        : sql<SqlBool>`(${column} <> ${coerce(ref, filter.value, caller)} or ${column} is null)`;
    case 'in': {
      const values = filter.value.filter((v) => v !== null).map((v) => coerce(ref, v, caller));
      const withNull = filter.value.includes(null);
      const listed = values.length > 0 ? sql<SqlBool>`${column} in (${sql.join(values)})` : FALSE;
      return withNull ? sql<SqlBool>`(${listed} or ${isEmpty(ref)})` : listed;
    }
    case 'range':
    case 'dateRange': {
      if (filter.op === 'dateRange' && ref.type !== 'date' && ref.type !== 'datetime') unsupported();
      const [from, to] =
        filter.op === 'dateRange'
          ? [dateBounds(ref, filter.value[0], false, caller), dateBounds(ref, filter.value[1], true, caller)]
          : filter.value.map((v) => (v === null ? null : coerce(ref, v, caller)));
      const parts = [...(from === null ? [] : [sql<SqlBool>`${column} >= ${from}`]), ...(to === null ? [] : [sql<SqlBool>`${column} <= ${to}`])];
      return parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
    }
    case 'contains':
      if (!ref.field || !isTextual(ref.field)) unsupported();
      return contains(ref.column, filter.value, dialect);
    case 'isNull':
      return filter.value ? isEmpty(ref) : sql<SqlBool>`not ${isEmpty(ref)}`;
  }
}

/** The rows a caller reads: what the resource's workflow lets their team see, else their team's rows. */
export function teamCondition(store: ResourceStore, caller: ScopedCaller, purpose: Purpose = 'rows'): Condition | null {
  return store.visibility ? store.visibility(caller, purpose) : ownTeamCondition(store, caller);
}

/** The team condition of a scoped resource for a caller outside administration: the rows they may write. */
export function ownTeamCondition(store: ResourceStore, caller: Pick<ResourceCaller, 'scope'>): Condition | null {
  if (!store.definition.teamScoped || caller.scope === null || !store.system.teamId) return null;
  return sql<SqlBool>`${sql.ref(store.system.teamId)} = ${caller.scope}`;
}

/**
 * Every condition of a query, the caller's team first. `purpose` says whether rows are read or
 * counted; `keywordRows` are the rows the keyword index found for the query's keyword, when it
 * should lead (keyword-index.ts).
 */
export function conditionsOf(
  store: ResourceStore,
  caller: ResourceCaller,
  query: ListQuery,
  dialect: DialectName,
  { purpose = 'rows', keywordRows = null }: { purpose?: Purpose; keywordRows?: Condition | null } = {},
): Condition[] {
  const conditions: Condition[] = [];
  const team = teamCondition(store, caller, purpose);
  if (team) conditions.push(team);
  for (const filter of query.filters ?? []) conditions.push(filterCondition(store, caller, filter, dialect));
  const keyword = query.keyword?.trim();
  if (keyword) {
    const searchable = store.definition.fields.filter((f) => f.searchable && isTextual(f) && !isHidden(f, caller));
    const label = store.definition.fields.find((f) => f.name === store.definition.labelField && isTextual(f) && !isHidden(f, caller));
    const fields = searchable.length > 0 ? searchable : label ? [label] : [];
    if (fields.length > 0) {
      // The keyword index narrows the rows; the LIKE decides, so the answer is the LIKE's own.
      if (keywordRows) conditions.push(keywordRows);
      conditions.push(sql<SqlBool>`(${sql.join(fields.map((f) => contains(f.name, keyword, dialect)), sql` or `)})`);
    }
  }
  return conditions;
}

export function whereOf(conditions: Condition[]): Condition {
  return conditions.length === 0 ? TRUE : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

export interface SortKey {
  ref: ColumnRef;
  order: 'asc' | 'desc';
}

/** The sort of a query with the id last, so pages and export batches have one fixed order. */
export function sortKeysOf(store: ResourceStore, caller: ResourceCaller, sort: Sort[] | undefined): SortKey[] {
  const keys: SortKey[] = [];
  for (const s of sort ?? []) {
    const ref = resolveColumn(store, caller, s.field);
    if (ref.type === 'rows') throw new ApiError(Code.badRequest, 'sortUnsupported', { field: titleOf(ref, caller.lang) });
    if (ref.name === 'id') break;
    if (!keys.some((k) => k.ref.name === ref.name)) keys.push({ ref, order: s.order });
  }
  const idOrder = sort?.find((s) => s.field === 'id')?.order ?? keys[0]?.order ?? 'desc';
  keys.push({ ref: resolveColumn(store, caller, 'id'), order: idOrder });
  return keys;
}

/**
 * ORDER BY of the keys. Empty values sort first ascending and last descending on both databases
 * (SQLite's own rule; PostgreSQL is told so), which the keyset of exports relies on.
 */
export function orderOf(keys: SortKey[], dialect: DialectName): RawBuilder<unknown> {
  return sql.join(
    keys.map(({ ref, order }) => {
      const direction = order === 'asc' ? sql`asc` : sql`desc`;
      if (dialect === 'postgres' && ref.nullable) return sql`${sql.ref(ref.column)} ${direction} ${order === 'asc' ? sql`nulls first` : sql`nulls last`}`;
      return sql`${sql.ref(ref.column)} ${direction}`;
    }),
  );
}

/** Rows after `last` in the order of `keys`: the next batch of an export, without OFFSET. */
export function afterRow(keys: SortKey[], last: Record<string, unknown>): Condition {
  const value = (key: SortKey) => last[key.ref.column] as string | number | null;
  if (keys.every((k) => !k.ref.nullable && k.order === keys[0].order)) {
    // One direction and no empty values: a row-value comparison, which the index serves directly.
    const columns = sql.join(keys.map((k) => sql.ref(k.ref.column)));
    const values = sql.join(keys.map(value));
    return keys[0].order === 'asc' ? sql<SqlBool>`(${columns}) > (${values})` : sql<SqlBool>`(${columns}) < (${values})`;
  }
  const equal = (key: SortKey): Condition => {
    const v = value(key);
    return v === null ? sql<SqlBool>`${sql.ref(key.ref.column)} is null` : sql<SqlBool>`${sql.ref(key.ref.column)} = ${v}`;
  };
  const beyond = (key: SortKey): Condition => {
    const column = sql.ref(key.ref.column);
    const v = value(key);
    if (key.order === 'asc') return v === null ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} > ${v}`;
    return v === null ? FALSE : sql<SqlBool>`(${column} < ${v} or ${column} is null)`;
  };
  const alternatives = keys.map((key, i) => sql<SqlBool>`(${sql.join([...keys.slice(0, i).map(equal), beyond(key)], sql` and `)})`);
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}
