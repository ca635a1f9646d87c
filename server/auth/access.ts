import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { prepared } from '../db/prepared';
import { ADMIN_ROLE, type AccessSubject } from '../../src/contract/permissions';

export interface UserAccess extends AccessSubject {
  roleTypes: string[];
  roleIds: number[];
}

// Every request that checks a permission (every resource request) runs both, so each is compiled once.
const rolesOf = prepared((db, userId: number) =>
  db.selectFrom('user_roles as ur').innerJoin('roles as r', 'r.id', 'ur.role_id').select(['r.id', 'r.code', 'r.role_type']).where('ur.user_id', '=', userId).orderBy('r.id'),
);
const permissionsOf = prepared((db, userId: number) =>
  db
    .selectFrom('user_roles as ur')
    .innerJoin('role_permissions as rp', 'rp.role_id', 'ur.role_id')
    .select('rp.permission')
    .distinct()
    .where('ur.user_id', '=', userId),
);

/** A user's roles and permission codes, as the permission check and index-init need them. */
export async function loadAccess(db: Kysely<Database>, userId: number): Promise<UserAccess> {
  const roles = await rolesOf(db, userId);
  const roleIds = roles.map((r) => r.id);
  const permissions = roleIds.length === 0 ? [] : await permissionsOf(db, userId);
  const role = roles.map((r) => r.code);
  return {
    admin: role.includes(ADMIN_ROLE),
    role,
    roleTypes: [...new Set(roles.map((r) => r.role_type))],
    roleIds,
    permission: permissions.map((p) => p.permission).sort(),
  };
}
