/** The client error log: what browsers reported, newest first for the Error Log page. */
import type { Insertable, Kysely } from 'kysely';
import type { ClientErrorTable, Database } from '../db/schema';

export async function saveClientErrors(db: Kysely<Database>, rows: Insertable<ClientErrorTable>[]): Promise<void> {
  await db.insertInto('client_errors').values(rows).execute();
}

export async function latestClientErrors(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('client_errors as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'u.username', 'e.message', 'e.stack', 'e.url', 'e.user_agent', 'e.kind', 'e.created_at'])
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, username: row.username ?? '' }));
}
