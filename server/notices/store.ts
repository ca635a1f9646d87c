/** Notices as readers and senders see them: what is addressed to whom, closes, and the admin list. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Who reads: a notice reaches them by their user, one of their roles, their team, or everyone. */
export interface NoticeReader {
  userId: number;
  teamId: number;
  roleIds: number[];
}

function addressedTo(db: Kysely<Database>, reader: NoticeReader) {
  return db.selectFrom('notices as n').where((eb) =>
    eb.or([
      eb('n.target_kind', '=', 'all'),
      eb.and([eb('n.target_kind', '=', 'user'), eb('n.target_id', '=', reader.userId)]),
      eb.and([eb('n.target_kind', '=', 'team'), eb('n.target_id', '=', reader.teamId)]),
      ...(reader.roleIds.length > 0 ? [eb.and([eb('n.target_kind', '=', 'role'), eb('n.target_id', 'in', reader.roleIds)])] : []),
    ]),
  );
}

/** The reader's notices they have not closed, newest first. */
export function openNotices(db: Kysely<Database>, reader: NoticeReader, limit: number) {
  return addressedTo(db, reader)
    .select(['n.id', 'n.type', 'n.content', 'n.find_id', 'n.created_at'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notice_closes as c').select('c.notice_id').whereRef('c.notice_id', '=', 'n.id').where('c.user_id', '=', reader.userId))),
    )
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

/** Closes a notice for the reader alone; false when it is not addressed to them. */
export async function closeNotice(db: Kysely<Database>, reader: NoticeReader, noticeId: number, now = Date.now()): Promise<boolean> {
  const notice = await addressedTo(db, reader).select('n.id').where('n.id', '=', noticeId).executeTakeFirst();
  if (!notice) return false;
  await db
    .insertInto('notice_closes')
    .values({ notice_id: notice.id, user_id: reader.userId, closed_at: now })
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
  return true;
}

/** Recent notices with how many closed each; within a team (null: all), those its members wrote. */
export async function recentNotices(db: Kysely<Database>, team: number | null, limit: number) {
  let query = db
    .selectFrom('notices as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .select((eb) => [
      'n.id',
      'n.type',
      'n.content',
      'n.find_id',
      'n.created_at',
      'n.target_kind',
      'n.target_id',
      'u.name as creator',
      // The recipient by name, as the sender picked it; null for everyone, or once it is gone.
      eb
        .case()
        .when('n.target_kind', '=', 'team')
        .then(eb.selectFrom('teams as t').select('t.name').whereRef('t.id', '=', 'n.target_id'))
        .when('n.target_kind', '=', 'user')
        .then(eb.selectFrom('users as r').select('r.name').whereRef('r.id', '=', 'n.target_id'))
        .when('n.target_kind', '=', 'role')
        .then(eb.selectFrom('roles as o').select('o.name').whereRef('o.id', '=', 'n.target_id'))
        .else(null)
        .end()
        .as('target_name'),
      eb.selectFrom('notice_closes as c').select(eb.fn.countAll<number>().as('count')).whereRef('c.notice_id', '=', 'n.id').as('closed_count'),
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit);
  if (team !== null) query = query.where('u.team_id', '=', team);
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, closed_count: Number(row.closed_count ?? 0) }));
}

/** The teams a notice may be sent to by a sender within the team given (null: every team), by name. */
export function noticeTeams(db: Kysely<Database>, team: number | null) {
  let query = db.selectFrom('teams').select(['id', 'name']).orderBy('id');
  if (team !== null) query = query.where('id', '=', team);
  return query.execute();
}

/** Whether a notice's recipient exists within the team given (null: anywhere). */
export async function targetExists(db: Kysely<Database>, kind: 'user' | 'role' | 'team', id: number, team: number | null): Promise<boolean> {
  if (kind === 'role') return !!(await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst());
  if (kind === 'team') {
    return (team === null || team === id) && !!(await db.selectFrom('teams').select('id').where('id', '=', id).executeTakeFirst());
  }
  let query = db.selectFrom('users').select('id').where('id', '=', id);
  if (team !== null) query = query.where('team_id', '=', team);
  return !!(await query.executeTakeFirst());
}

/** How many notices the reader has not closed. */
export async function countOpenNotices(db: Kysely<Database>, reader: NoticeReader): Promise<number> {
  const row = await addressedTo(db, reader)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('notice_closes as c').select('c.notice_id').whereRef('c.notice_id', '=', 'n.id').where('c.user_id', '=', reader.userId))),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
