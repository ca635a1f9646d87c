/**
 * The SQL of 海报设计's posters (migration 0029). Every read and write is within a team (`team`
 * null: an administrator's, any team's), so another team's poster is simply not found.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { POSTER_LIST_MAX, type Poster, type PosterDoc } from '../../src/contract/api/posters';

type Db = Kysely<Database>;
/** PostgreSQL answers bigints as strings: read them as numbers. */
const num = (value: unknown) => Number(value ?? 0);

const COLUMNS = ['p.id', 'p.team_id', 't.name as team_name', 'p.name', 'p.width', 'p.height', 'p.doc', 'p.version', 'p.updated_by_name', 'p.updated_at'] as const;

function selectPosters(db: Db) {
  return db.selectFrom('goods_posters as p').innerJoin('teams as t', 't.id', 'p.team_id').select([...COLUMNS]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPosters>['executeTakeFirstOrThrow']>>;

const posterOf = (row: Row): Poster => ({
  ...row,
  width: num(row.width),
  height: num(row.height),
  version: num(row.version),
  updated_at: num(row.updated_at),
  doc: JSON.parse(row.doc) as PosterDoc,
});

/** The scope's posters, last saved first. */
export async function listPosters(db: Db, team: number | null): Promise<Poster[]> {
  let query = selectPosters(db).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(POSTER_LIST_MAX);
  if (team !== null) query = query.where('p.team_id', '=', team);
  return (await query.execute()).map(posterOf);
}

export async function findPoster(db: Db, team: number | null, id: number): Promise<Poster | null> {
  let query = selectPosters(db).where('p.id', '=', id);
  if (team !== null) query = query.where('p.team_id', '=', team);
  const row = await query.executeTakeFirst();
  return row ? posterOf(row) : null;
}

export interface PosterWrite {
  name: string;
  doc: PosterDoc;
  user: { id: number; name: string };
}

export async function insertPoster(db: Db, team: number, { name, doc, user }: PosterWrite, now: number): Promise<number> {
  const { id } = await db
    .insertInto('goods_posters')
    .values({ team_id: team, name, width: doc.width, height: doc.height, doc: JSON.stringify(doc), version: 1, created_by: user.id, updated_by: user.id, updated_by_name: user.name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Saves over `version`; false when the poster is at another version by now (a teammate saved). */
export async function updatePoster(db: Db, id: number, version: number, { name, doc, user }: PosterWrite, now: number): Promise<boolean> {
  const result = await db
    .updateTable('goods_posters')
    .set({ name, width: doc.width, height: doc.height, doc: JSON.stringify(doc), version: version + 1, updated_by: user.id, updated_by_name: user.name, updated_at: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePoster(db: Db, id: number): Promise<void> {
  await db.deleteFrom('goods_posters').where('id', '=', id).execute();
}

