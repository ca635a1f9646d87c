/**
 * The SQL of 文件管理. `team` null means every team (an administrator); any other value limits
 * each query to that team, so another team's folder or file simply is not found. Folder 0 is a
 * team's top level (0025_team_files).
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { DialectName } from '../db/dialect';
import { contains } from '../resources/list-query';
import type { FileKind } from '../../src/contract/api/files';

type Db = Kysely<Database>;

export const TOP = 0;
/** The contract's null for the top level, the table's 0. */
export const stored = (id: number | null | undefined) => id ?? TOP;
export const shown = (id: number) => (id === TOP ? null : id);

/** PostgreSQL answers SUM and COUNT as strings: read both as numbers. */
const num = (value: unknown) => Number(value ?? 0);
const teamIs = (column: string, team: number | null) => (team === null ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${sql.ref(column)} = ${team}`);

/** Every folder of the team (or of every team), with its team's and its maker's names. */
export async function folderRows(db: Db, team: number | null) {
  const rows = await db
    .selectFrom('file_folders as f')
    .innerJoin('teams as t', 't.id', 'f.team_id')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .select(['f.id', 'f.team_id', 't.name as team_name', 'f.parent_id', 'f.name', 'u.name as created_by', 'f.updated_at'])
    .where(teamIs('f.team_id', team))
    .orderBy('f.id')
    .execute();
  return rows.map((row) => ({ ...row, id: num(row.id), team_id: num(row.team_id), parent_id: num(row.parent_id), updated_at: num(row.updated_at) }));
}
export type FolderRecord = Awaited<ReturnType<typeof folderRows>>[number];

/** How many files lie directly in each folder of the team (or of every team). */
export async function directCounts(db: Db, team: number | null): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('team_files')
    .select(['folder_id', sql<number>`count(*)`.as('count')])
    .where(teamIs('team_id', team))
    .where('folder_id', '!=', TOP)
    .groupBy('folder_id')
    .execute();
  return new Map(rows.map((row) => [num(row.folder_id), num(row.count)]));
}

export interface FileFilter {
  team: number | null;
  /** The folder whose files are listed; ignored when a keyword searches the whole team. */
  folder: number;
  keyword?: string;
  kind?: FileKind;
}

/** The files of a folder, or those of the team whose name holds the keyword, with the names a row shows. */
export async function fileRows(db: Db, dialect: DialectName, { team, folder, keyword, kind }: FileFilter) {
  let query = db
    .selectFrom('team_files as f')
    .innerJoin('teams as t', 't.id', 'f.team_id')
    .leftJoin('users as u', 'u.id', 'f.uploaded_by')
    .leftJoin('file_folders as d', 'd.id', 'f.folder_id')
    .select(['f.id', 'f.team_id', 't.name as team_name', 'f.folder_id', 'd.name as folder_name', 'f.name', 'f.kind', 'f.size', 'f.content_type', 'u.name as uploaded_by', 'f.updated_at'])
    .where(teamIs('f.team_id', team));
  query = keyword ? query.where(contains('f.name', keyword, dialect)) : query.where('f.folder_id', '=', folder);
  if (kind) query = query.where('f.kind', '=', kind);
  const rows = await query.orderBy('f.id').execute();
  return rows.map((row) => ({
    ...row,
    id: num(row.id),
    team_id: num(row.team_id),
    folder_id: shown(num(row.folder_id)),
    folder_name: row.folder_name ?? '',
    kind: row.kind as FileKind,
    size: num(row.size),
    updated_at: num(row.updated_at),
  }));
}

/** The team's (or every team's) files: how many and their bytes. */
export async function usageOf(db: Db, team: number | null) {
  const row = await db
    .selectFrom('team_files')
    .select([sql<number>`count(*)`.as('files'), sql<number>`sum(${sql.ref('size')})`.as('bytes')])
    .where(teamIs('team_id', team))
    .executeTakeFirstOrThrow();
  return { files: num(row.files), bytes: num(row.bytes) };
}

export async function findFolder(db: Db, team: number | null, id: number) {
  const row = await db.selectFrom('file_folders').select(['id', 'team_id', 'parent_id', 'name']).where('id', '=', id).where(teamIs('team_id', team)).executeTakeFirst();
  return row && { id: num(row.id), team_id: num(row.team_id), parent_id: num(row.parent_id), name: row.name };
}

export async function findFile(db: Db, team: number | null, id: number) {
  const row = await db.selectFrom('team_files').selectAll().where('id', '=', id).where(teamIs('team_id', team)).executeTakeFirst();
  return row && { ...row, id: num(row.id), team_id: num(row.team_id), folder_id: num(row.folder_id), size: num(row.size) };
}

/** Where a name must be unique: a folder among its parent's folders, a file among its folder's files. */
const PLACES = {
  folder: { table: 'file_folders', parent: 'parent_id' },
  file: { table: 'team_files', parent: 'folder_id' },
} as const;

/** Whether a folder or file of that name sits in the place already (leaving `except` out: itself, renamed). */
export async function nameTaken(db: Db, kind: keyof typeof PLACES, team: number, parent: number, name: string, except = 0): Promise<boolean> {
  const place = PLACES[kind];
  const row = await db
    .selectFrom(place.table)
    .select('id')
    .where('team_id', '=', team)
    .where(sql.ref(place.parent), '=', parent)
    .where('name', '=', name)
    .where('id', '!=', except)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertFolder(db: Db, values: { team_id: number; parent_id: number; name: string; created_by: number | null }, now: number) {
  const row = await db
    .insertInto('file_folders')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

export async function changeFolder(db: Db, id: number, values: { name: string; parent_id: number }, now: number) {
  await db.updateTable('file_folders').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

/** Removes the folders and the files in them, answering the files' keys (their bytes go next). */
export async function deleteFolders(db: Db, team: number, ids: readonly number[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const files = await trx.selectFrom('team_files').select('storage_key').where('team_id', '=', team).where('folder_id', 'in', ids).execute();
    await trx.deleteFrom('team_files').where('team_id', '=', team).where('folder_id', 'in', ids).execute();
    await trx.deleteFrom('file_folders').where('team_id', '=', team).where('id', 'in', ids).execute();
    return files.map((file) => file.storage_key);
  });
}

export async function insertFile(
  db: Db,
  values: { team_id: number; folder_id: number; name: string; kind: FileKind; content_type: string; size: number; storage_key: string; uploaded_by: number | null },
  now: number,
) {
  const row = await db
    .insertInto('team_files')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return num(row.id);
}

export async function changeFile(db: Db, id: number, values: { name: string; folder_id: number; kind: FileKind; content_type: string }, now: number) {
  await db.updateTable('team_files').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteFile(db: Db, id: number) {
  await db.deleteFrom('team_files').where('id', '=', id).execute();
}
