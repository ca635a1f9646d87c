import type { FastifyRequest } from 'fastify';
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
