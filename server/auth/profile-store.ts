/** A user's own profile: what the user center shows, and the name, email and avatar they change. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ProfileData } from '../../src/contract/api/account';
import { nextVersion } from '../db/versioned';

export async function readProfile(db: Kysely<Database>, userId: number): Promise<ProfileData> {
  const user = await db
    .selectFrom('users as u')
    .innerJoin('teams as t', 't.id', 'u.team_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select([
      'u.username',
      'u.name',
      'u.logo',
      'u.mobile',
      'u.email',
      'u.created_at',
      't.id as team_id',
      't.name as team_name',
      't.type as team_type',
      'd.name as department',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.code', 'r.name'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.id')
    .execute();
  return {
    username: user.username,
    name: user.name,
    logo: user.logo,
    mobile: user.mobile,
    email: user.email,
    team: { id: user.team_id, name: user.team_name, type: user.team_type },
    role: roles.map((r) => r.code),
    role_name: roles.map((r) => r.name),
    department: user.department,
    created_at: user.created_at,
  };
}

/** Changes the name, and the email when one is given (an empty one clears it). */
export async function updateProfile(db: Kysely<Database>, userId: number, { name, email }: { name: string; email?: string }): Promise<void> {
  await db
    .updateTable('users')
    .set({ name, ...(email === undefined ? {} : { email: email || null }), updated_at: Date.now(), version: nextVersion })
    .where('id', '=', userId)
    .execute();
}

export async function logoOf(db: Kysely<Database>, userId: number): Promise<string> {
  const user = await db.selectFrom('users').select('logo').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.logo;
}

export async function setLogo(db: Kysely<Database>, userId: number, logo: string): Promise<void> {
  await db.updateTable('users').set({ logo, updated_at: Date.now(), version: nextVersion }).where('id', '=', userId).execute();
}
