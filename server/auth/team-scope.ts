import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { WILDCARD } from '../../src/contract/permissions';

/**
 * The team whose records the caller may see and change, or null for every team (administrators).
 * Every query over team-owned records filters by it, so another team's id simply is not found.
 */
export async function teamScope(request: FastifyRequest): Promise<number | null> {
  const access = await request.access();
  if (access.admin || access.permission.includes(WILDCARD)) return null;
  return request.caller!.teamId;
}

/** Every team, for an administrator's team picker. */
export function teamChoices(db: Kysely<Database>): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('teams').select(['id', 'name']).orderBy('id').execute();
}

export async function teamExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('teams').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * The team a request asks to work in (its `team_id`), given the caller's scope (teamScope): a
 * member's own, naming none or their own (another is refused with `refusals.foreign()`); an
 * administrator's pick once that team exists (else `refusals.unknown()`), or null for none.
 */
export async function askedTeam(
  db: Kysely<Database>,
  scope: number | null,
  asked: string | number | undefined,
  refusals: { foreign(): Error; unknown(): Error },
): Promise<number | null> {
  const named = asked === undefined ? null : Number(asked);
  if (scope !== null) {
    if (named !== null && named !== scope) throw refusals.foreign();
    return scope;
  }
  if (named !== null && !(await teamExists(db, named))) throw refusals.unknown();
  return named;
}
