/** The users table as accounts see it: finding a user, registering a seller, passwords and status. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { settings } from '../../src/contract/settings';
import { nextVersion } from '../db/versioned';

/** Self-registered sellers get a team of their own, of the asking type, and the seller role. */
const REGISTERED_TEAM_TYPE = 1;
const REGISTERED_ROLE = 'seller';

export function userByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function userByMobile(db: Kysely<Database>, mobile: string) {
  return db.selectFrom('users').select(['id', 'username']).where('mobile', '=', mobile).executeTakeFirst();
}

/** A user's card with their team, as the console's frame shows it. */
export function userWithTeam(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('teams as t', 't.id', 'u.team_id')
    .select(['u.id', 'u.name', 'u.logo', 't.id as team_id', 't.name as team_name', 't.type as team_type'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function usernameOf(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.username;
}

export async function passwordHashOf(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.password_hash;
}

/** A user by id, within a team when one is given (null: any team). */
export function userInTeam(db: Kysely<Database>, id: number, team: number | null) {
  let query = db.selectFrom('users').select(['id', 'username']).where('id', '=', id);
  if (team !== null) query = query.where('team_id', '=', team);
  return query.executeTakeFirst();
}

export interface NewSeller {
  username: string;
  password_hash: string;
  mobile: string;
}

/** A self-registered seller with a team of their own and the seller role; answers the user's id. */
export function createSeller(db: Kysely<Database>, { username, password_hash, mobile }: NewSeller, now = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const team = await trx
      .insertInto('teams')
      .values({ name: `${username}的团队`, type: REGISTERED_TEAM_TYPE, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        team_id: team.id,
        department_id: null,
        username,
        password_hash,
        name: username,
        logo: settings.defaultAvatar,
        mobile,
        email: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx.selectFrom('roles').select('id').where('code', '=', REGISTERED_ROLE).executeTakeFirst();
    if (role) await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    return user.id;
  });
}

/**
 * The same password's hash made again with today's settings. Not a change of the account: its
 * updated_at stays, and a password changed meanwhile (the hash is no longer `from`) is left alone.
 */
export async function rehashPassword(db: Kysely<Database>, userId: number, from: string, to: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: to }).where('id', '=', userId).where('password_hash', '=', from).execute();
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, password_hash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash, updated_at: Date.now() }).where('id', '=', userId).execute();
}

export async function setUserStatus(db: Kysely<Database>, userId: number, status: 0 | 1): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: Date.now(), version: nextVersion }).where('id', '=', userId).execute();
}
