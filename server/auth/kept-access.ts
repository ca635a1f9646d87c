/**
 * Users' roles and permissions kept between requests: every resource request checks them, and
 * reading them (two joins) cost more than the rest of the list's own statements together. A user's
 * access is kept with the write counters (resources/table-versions.ts) that the tables it is read
 * from had when it was read, and read again once any of them moved: a role granted, taken away or
 * given other permissions, by any module of any server process, is seen by the next request.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { prepared } from '../db/prepared';
import { dynamic } from '../resources/store';
import { TABLE_VERSIONS } from '../resources/table-versions';
import { loadAccess, type UserAccess } from './access';

/** The tables a user's access is read from (access.ts); db/prepare.ts has their writes counted. */
export const ACCESS_TABLES = ['role_permissions', 'roles', 'user_roles'] as const;

/** Past this many users kept, the one kept longest is dropped. */
const MOST_USERS = 10_000;

const countersOf = prepared((db, a: string, b: string, c: string) =>
  dynamic(db).selectFrom(TABLE_VERSIONS).select(['name', 'version']).where('name', 'in', [a, b, c]).orderBy('name'),
);

/** The counters of the access tables as one value, or null when one is not counted (then nothing is kept). */
async function stampOf(db: Kysely<Database>): Promise<string | null> {
  const rows = await countersOf(db, ...ACCESS_TABLES);
  return rows.length === ACCESS_TABLES.length ? rows.map((row) => String(row.version)).join(' ') : null;
}

interface Kept {
  stamp: string;
  access: UserAccess;
}

export type AccessOf = (userId: number) => Promise<UserAccess>;

/** loadAccess, answered from what was kept while the access tables' counters stand where they stood. */
export function keptAccess(db: Kysely<Database>): AccessOf {
  const kept = new Map<number, Kept>();
  return async (userId) => {
    const stamp = await stampOf(db);
    if (stamp === null) return loadAccess(db, userId);
    const entry = kept.get(userId);
    if (entry?.stamp === stamp) return entry.access;
    // Read after the counters: a write committed meanwhile moves them past `stamp`, so what is
    // kept is never older than the counters it is kept under.
    const access = deepFrozen(await loadAccess(db, userId));
    kept.delete(userId);
    if (kept.size >= MOST_USERS) kept.delete(kept.keys().next().value!);
    kept.set(userId, { stamp, access });
    return access;
  };
}

/** One value answers many requests: none may change it for the others. */
function deepFrozen(access: UserAccess): UserAccess {
  for (const list of [access.role, access.roleTypes, access.roleIds, access.permission]) Object.freeze(list);
  return Object.freeze(access);
}
