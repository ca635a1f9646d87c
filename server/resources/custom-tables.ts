/**
 * The real tables behind admin-defined resources: `res_<name>` with one typed column per field and
 * the system columns, indexes for what screens filter and sort by, and changes made at run time with
 * ALTER TABLE on SQLite and PostgreSQL alike. A field removed from the definition keeps its column
 * and its data (hidden from the API); adding a field back with a compatible type shows them again.
 */
import { sql, type ColumnDataType } from 'kysely';
import type { DialectName, DialectTypes } from '../db/dialect';
import type { FieldType, ResourceDefinition, ResourceField } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { storageOf, type DynamicDb, type ResourceStore, type Storage } from './store';
import { dropKeywordIndex, keywordFieldsOf, syncKeywordIndex } from './keyword-index';
import { compileVisibility, type TableOf } from './visibility';
import { tableWritten, trackTable } from './table-versions';
import { withWorkflow } from './workflow-definition';

/** A column of a record table: fields removed from the definition keep theirs. */
export interface StoredColumn {
  name: string;
  type: FieldType;
  storage: Storage;
  /** Stable number of the column within its table, naming its indexes. */
  ordinal: number;
}

export function tableOf(name: string): string {
  return `res_${name}`;
}

const SQL_TYPES: Record<Storage, ColumnDataType> = {
  text: 'text',
  bigint: 'bigint',
  // "double precision" is a REAL column to SQLite and an 8-byte float to PostgreSQL.
  real: 'double precision',
  flag: 'integer',
};

/** Types whose stored values mean the same after the change; any other change is refused. */
const COMPATIBLE: ReadonlyArray<ReadonlySet<FieldType>> = [new Set(['string', 'text', 'richtext']), new Set(['image', 'file'])];

export function compatibleChange(from: Pick<StoredColumn, 'type' | 'storage'>, to: ResourceField): boolean {
  if (from.storage !== storageOf(to)) return false;
  return from.type === to.type || COMPATIBLE.some((group) => group.has(from.type) && group.has(to.type));
}

/**
 * The store of an admin-defined resource: every system column, uniqueness per team when scoped, and
 * its workflow applied; `tables` names the table of any resource its visibility rules reach into.
 */
export function customStore(declared: ResourceDefinition, tables: TableOf = tableOf): ResourceStore {
  const definition = withWorkflow(declared);
  return {
    definition,
    visibility: compileVisibility(definition, tables),
    table: tableOf(definition.name),
    keywordIndexed: keywordFieldsOf(definition).length > 0,
    system: { teamId: 'team_id', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at', version: 'version' },
    uniques: definition.fields.filter((f) => f.unique).map((f) => (definition.teamScoped ? ['team_id', f.name] : [f.name])),
    numbered: {},
    emptyValues: {},
    hooks: {},
  };
}

interface IndexSpec {
  columns: string[];
  /**
   * Columns declared NULLS FIRST (PostgreSQL only): a list sorts an optional field with its empty
   * values first ascending and last descending (list-query.ts orderOf), which a btree's default
   * order (NULLS LAST) cannot give, so without this every such page sorted its whole matched set.
   */
  nullsFirst: string[];
  unique: boolean;
  field: string;
}

/**
 * The indexes a definition needs, by name. Names carry the definition's row id (index names are
 * global to a PostgreSQL schema) and the shape, so a changed shape is a different name.
 *
 * A team-scoped table has each index twice: after the team (`…t`), for readers of one team, and
 * without it, for the administrator, who reads every team's rows and has no team condition to
 * lead with: without those a first page of theirs read and sorted every matching row of the
 * table. The index without the team has the name an unscoped table gives it.
 */
export function indexesOf(definition: ResourceDefinition, columns: StoredColumn[], defId: number, dialect: DialectName): Map<string, IndexSpec> {
  const ordinal = new Map(columns.map((c) => [c.name, c.ordinal]));
  const optional = new Set(dialect === 'postgres' ? definition.fields.filter((f) => !f.required).map((f) => f.name) : []);
  const wanted = new Map<string, IndexSpec>();
  const add = (name: string, columns: string[], unique: boolean, field: string) =>
    wanted.set(name, { columns, nullsFirst: columns.filter((c) => optional.has(c)), unique, field });
  const scopes: Array<{ prefix: string[]; suffix: string; unique: boolean }> = definition.teamScoped
    ? [
        { prefix: ['team_id'], suffix: 't', unique: true },
        { prefix: [], suffix: '', unique: false },
      ]
    : [{ prefix: [], suffix: '', unique: true }];
  if (definition.teamScoped) add(`res_${defId}_team`, ['team_id', 'id'], false, 'team_id');
  for (const { prefix, suffix, unique } of scopes) {
    for (const f of definition.fields) {
      const n = ordinal.get(f.name)!;
      // A value unique within each team may repeat across teams: the administrator's index is a plain one.
      if (f.unique && unique) add(`res_${defId}_u${n}${suffix}`, [...prefix, f.name], true, f.name);
      else if (f.unique || f.indexed) add(`res_${defId}_i${n}${suffix}`, [...prefix, f.name, 'id'], false, f.name);
    }
    for (const set of definition.indexes ?? []) {
      add(`res_${defId}_c${set.map((name) => ordinal.get(name)!).join('_')}${suffix}`, [...prefix, ...set, 'id'], false, set[0]);
    }
  }
  return wanted;
}

/** Whether an index stored under a name still has the shape wanted under it. */
function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return a.unique === b.unique && a.columns.join('\n') === b.columns.join('\n') && a.nullsFirst.join('\n') === b.nullsFirst.join('\n');
}

function defaultOf(field: ResourceField): string | number | null {
  const value = field.default;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (field.type === 'rows' && Array.isArray(value)) return JSON.stringify(value);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

async function addColumn(db: DynamicDb, table: string, field: ResourceField): Promise<void> {
  const value = defaultOf(field);
  // A default fills the rows that exist when the field is added (both databases apply it to them).
  await db.schema
    .alterTable(table)
    .addColumn(field.name, SQL_TYPES[storageOf(field)], (c) => (value === null ? c : c.defaultTo(value)))
    .execute();
}

async function createIndex(db: DynamicDb, table: string, name: string, spec: IndexSpec, definition: ResourceDefinition): Promise<void> {
  const columns = sql.join(spec.columns.map((c) => (spec.nullsFirst.includes(c) ? sql`${sql.id(c)} nulls first` : sql.id(c))));
  try {
    await sql`create ${spec.unique ? sql`unique index` : sql`index`} ${sql.id(name)} on ${sql.table(table)} (${columns})`.execute(db);
  } catch (error) {
    if (!spec.unique) throw error;
    const field = definition.fields.find((f) => f.name === spec.field)!;
    throw new ApiError(Code.badRequest, 'uniqueHasDuplicates', { field: field.title.zh });
  }
}

/**
 * Gives an existing record table every index its definition wants, in the shape wanted (an upgrade:
 * migration 0020); answers whether any was built. An index of the same name in another shape is
 * built again.
 */
export async function ensureIndexes(db: DynamicDb, dialect: DialectName, definition: ResourceDefinition, columns: StoredColumn[], defId: number): Promise<boolean> {
  const table = tableOf(definition.name);
  const existing = await storedIndexes(db, dialect, table);
  let built = false;
  for (const [name, spec] of indexesOf(definition, columns, defId, dialect)) {
    const stored = existing.get(name);
    if (stored && sameIndex(stored, spec)) continue;
    if (stored) await sql`drop index ${sql.id(name)}`.execute(db);
    await createIndex(db, table, name, spec, definition);
    built = true;
  }
  if (built) await sql`analyze ${sql.table(table)}`.execute(db);
  return built;
}

/** The indexes a record table has, by name, as IndexSpecs (the field is not known: left empty). */
async function storedIndexes(db: DynamicDb, dialect: DialectName, table: string): Promise<Map<string, IndexSpec>> {
  const found = new Map<string, IndexSpec>();
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; unique: number; origin: string }>`select name, "unique", origin from pragma_index_list(${table})`.execute(db);
    for (const index of rows.filter((r) => r.origin === 'c')) {
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      found.set(index.name, { columns: columns.map((c) => c.name), nullsFirst: [], unique: index.unique === 1, field: '' });
    }
    return found;
  }
  // Each key column of each index with its NULLS FIRST flag (indoption bit 2), in key order.
  const { rows } = await sql<{ name: string; is_unique: boolean; column: string; nulls_first: boolean }>`
    select c.relname as name, i.indisunique as is_unique, a.attname as column, (i.indoption[k.n - 1] & 2) <> 0 as nulls_first
    from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = to_regclass(${table}) and not i.indisprimary
    order by c.relname, k.n`.execute(db);
  for (const row of rows) {
    const spec = found.get(row.name) ?? { columns: [], nullsFirst: [], unique: row.is_unique, field: '' };
    spec.columns.push(row.column);
    if (row.nulls_first) spec.nullsFirst.push(row.column);
    found.set(row.name, spec);
  }
  return found;
}

/** Creates the record table of a new resource; answers its columns. */
export async function createRecordTable(db: DynamicDb, types: DialectTypes, definition: ResourceDefinition, defId: number): Promise<StoredColumn[]> {
  const table = tableOf(definition.name);
  let builder = types
    .withId(db.schema.createTable(table))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull());
  const columns: StoredColumn[] = definition.fields.map((f, i) => ({ name: f.name, type: f.type, storage: storageOf(f), ordinal: i + 1 }));
  for (const f of definition.fields) builder = builder.addColumn(f.name, SQL_TYPES[storageOf(f)]);
  await builder.execute();
  for (const [name, spec] of indexesOf(definition, columns, defId, types.name)) await createIndex(db, table, name, spec, definition);
  await syncKeywordIndex(db, types.name, table, defId, definition, null);
  await trackTable(db, types.name, table);
  return columns;
}

/**
 * Brings the table of a resource in line with its new definition: new fields become columns
 * (existing rows get the default or null), removed ones keep theirs, indexes follow. Type changes
 * were checked by the caller (compatibleChange).
 */
export async function alterRecordTable(
  db: DynamicDb,
  types: DialectTypes,
  previous: { definition: ResourceDefinition; columns: StoredColumn[] },
  definition: ResourceDefinition,
  defId: number,
): Promise<StoredColumn[]> {
  const table = tableOf(definition.name);
  const columns = previous.columns.map((c) => ({ ...c }));
  let next = Math.max(0, ...columns.map((c) => c.ordinal)) + 1;
  for (const f of definition.fields) {
    const existing = columns.find((c) => c.name === f.name);
    if (existing) {
      existing.type = f.type;
      continue;
    }
    await addColumn(db, table, f);
    columns.push({ name: f.name, type: f.type, storage: storageOf(f), ordinal: next++ });
  }
  const before = indexesOf(previous.definition, previous.columns, defId, types.name);
  const after = indexesOf(definition, columns, defId, types.name);
  // A field made optional or required changes its indexes' NULLS FIRST (PostgreSQL): built again.
  const kept = (name: string) => before.has(name) && after.has(name) && sameIndex(before.get(name)!, after.get(name)!);
  for (const name of before.keys()) if (!kept(name)) await db.schema.dropIndex(name).execute();
  const added = [...after.keys()].filter((name) => !kept(name));
  for (const name of added) await createIndex(db, table, name, after.get(name)!, definition);
  await syncKeywordIndex(db, types.name, table, defId, definition, keywordFieldsOf(previous.definition));
  // Fresh statistics let the planner pick the new index that fits a filter and sort (SQLite keeps
  // none until told; PostgreSQL's autovacuum would get there later).
  if (added.length > 0) await sql`analyze ${sql.table(table)}`.execute(db);
  return columns;
}

export async function countRows(db: DynamicDb, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function dropRecordTable(db: DynamicDb, types: DialectTypes, name: string): Promise<void> {
  await dropKeywordIndex(db, types.name, tableOf(name));
  await db.schema.dropTable(tableOf(name)).execute();
  await tableWritten(db, tableOf(name));
}
