/** People and robots a user can start a conversation with. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Active users other than the caller whose name or user name contains the keyword (lower case), robots first. */
export async function searchContacts(db: Kysely<Database>, callerId: number, keyword: string, limit: number) {
  let query = db
    .selectFrom('users as u')
    .innerJoin('teams as t', 't.id', 'u.team_id')
    .select(['u.id', 'u.name', 'u.logo', 'u.is_robot', 't.name as team_name'])
    .where('u.status', '=', 1)
    .where('u.id', '<>', callerId)
    .orderBy('u.is_robot', 'desc')
    .orderBy('u.id')
    .limit(limit);
  if (keyword) {
    // The keyword is matched literally: its own % and _ are escaped.
    const pattern = `%${keyword.replace(/[!%_]/g, '!$&')}%`;
    const like = (column: 'u.name' | 'u.username') => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;
    query = query.where((eb) => eb.or([like('u.name'), like('u.username')]));
  }
  return query.execute();
}
