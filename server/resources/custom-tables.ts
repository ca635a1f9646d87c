/**
 * The real tables behind admin-defined resources: `res_<name>` with one typed column per field and
 * the system columns, indexes for what screens filter and sort by, and changes made at run time with
 * ALTER TABLE on SQLite and PostgreSQL alike. A field removed from the definition keeps its column
 * and its data (hidden from the API); adding a field back with a compatible type shows them again.
 */
import { sql, type ColumnDataType } from 'kysely';
import type { DialectTypes } from '../db/dialect';
import type { FieldType, ResourceDefinition, ResourceField } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { storageOf, type DynamicDb, type ResourceStore, type Storage } from './store';
import { dropKeywordIndex, keywordFieldsOf, syncKeywordIndex } from './keyword-index';
import { compileVisibility, type TableOf } from './visibility';
import { tableDropped, trackTable } from './table-versions';
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
  unique: boolean;
  field: string;
}

/**
 * The indexes a definition needs, by name. Names carry the definition's row id (index names are
 * global to a PostgreSQL schema) and the shape, so a changed shape is a different name.
 */
function indexesOf(definition: ResourceDefinition, columns: StoredColumn[], defId: number): Map<string, IndexSpec> {
  const ordinal = new Map(columns.map((c) => [c.name, c.ordinal]));
  const scoped = definition.teamScoped;
  const prefix = scoped ? ['team_id'] : [];
  const suffix = scoped ? 't' : '';
  const wanted = new Map<string, IndexSpec>();
  if (scoped) wanted.set(`res_${defId}_team`, { columns: ['team_id', 'id'], unique: false, field: 'team_id' });
  for (const f of definition.fields) {
    const n = ordinal.get(f.name)!;
    if (f.unique) wanted.set(`res_${defId}_u${n}${suffix}`, { columns: [...prefix, f.name], unique: true, field: f.name });
    else if (f.indexed) wanted.set(`res_${defId}_i${n}${suffix}`, { columns: [...prefix, f.name, 'id'], unique: false, field: f.name });
  }
  for (const set of definition.indexes ?? []) {
    wanted.set(`res_${defId}_c${set.map((name) => ordinal.get(name)!).join('_')}${suffix}`, {
      columns: [...prefix, ...set, 'id'],
      unique: false,
      field: set[0],
    });
  }
  return wanted;
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
  const builder = db.schema.createIndex(name).on(table).columns(spec.columns);
  try {
    await (spec.unique ? builder.unique() : builder).execute();
  } catch (error) {
    if (!spec.unique) throw error;
    const field = definition.fields.find((f) => f.name === spec.field)!;
    throw new ApiError(Code.badRequest, 'uniqueHasDuplicates', { field: field.title.zh });
  }
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
  for (const [name, spec] of indexesOf(definition, columns, defId)) await createIndex(db, table, name, spec, definition);
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
  const before = indexesOf(previous.definition, previous.columns, defId);
  const after = indexesOf(definition, columns, defId);
  for (const name of before.keys()) if (!after.has(name)) await db.schema.dropIndex(name).execute();
  const added = [...after.keys()].filter((name) => !before.has(name));
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
  await tableDropped(db, tableOf(name));
}
