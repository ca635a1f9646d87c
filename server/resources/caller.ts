/**
 * Who is calling the resource API, as the resource rules need it: their roles for field access, the
 * team their rows are scoped to, their permission codes for actions, and their language.
 */
import type { FastifyRequest } from 'fastify';
import { hasAccess } from '../../src/contract/permissions';
import { shownFields, type ResourceAction, type ResourceDefinition, type ResourceField, type SubField } from '../../src/contract/resource';
import { Code } from '../../src/contract/envelope';
import type { UserAccess } from '../auth/access';
import { teamScope } from '../auth/team-scope';
import { ApiError } from '../http/errors';
import type { Language } from '../http/messages';
import { supports, type ResourceStore } from './store';
import { seesSeveralTeams } from './visibility';

export interface ResourceCaller {
  userId: number;
  /** The name history and the log show. */
  userName: string;
  username: string;
  teamId: number;
  /** The type of the caller's team (1 asking, 2 quoting, 3 operation): workflow visibility rules name it. */
  teamType: number;
  /** The team whose rows the caller reaches, or null for every team (administrators). */
  scope: number | null;
  access: UserAccess;
  lang: Language;
  ip: string;
}

export async function resourceCaller(request: FastifyRequest): Promise<ResourceCaller> {
  const caller = request.caller!;
  return {
    teamType: caller.teamType,
    userId: caller.userId,
    userName: caller.name || caller.username,
    username: caller.username,
    teamId: caller.teamId,
    scope: await teamScope(request),
    access: await request.access(),
    lang: request.lang,
    ip: request.ip,
  };
}

/** Refuses an action the resource does not have (400) or the caller may not take (403). */
export function assertAction(store: ResourceStore, caller: ResourceCaller, action: ResourceAction): void {
  if (!supports(store, action)) throw new ApiError(Code.badRequest, 'actionUnsupported');
  if (!mayTake(store.definition, caller, action)) throw new ApiError(Code.forbidden, 'forbidden');
}

export function mayTake(definition: ResourceDefinition, caller: Pick<ResourceCaller, 'access'>, action: ResourceAction): boolean {
  return hasAccess(caller.access, definition.permissions?.[action]);
}

function listsRole(codes: readonly string[] | undefined, caller: Pick<ResourceCaller, 'access'>): boolean {
  return !!codes && codes.some((code) => caller.access.role.includes(code));
}

export function isHidden(field: SubField | ResourceField, caller: Pick<ResourceCaller, 'access'>): boolean {
  return listsRole(field.access?.hidden, caller);
}

/**
 * Whether the caller may not change the field: read-only for one of their roles, or a sub-table
 * with a column hidden from or read-only for them (writing it would overwrite what they cannot see).
 */
export function isReadOnlyFor(field: ResourceField, caller: Pick<ResourceCaller, 'access'>): boolean {
  if (listsRole(field.access?.readOnly, caller)) return true;
  return (field.columns ?? []).some((c) => isHidden(c, caller) || listsRole(c.access?.readOnly, caller));
}

/** The fields the caller sees, sub-table columns hidden from them removed. */
export function visibleFields(definition: ResourceDefinition, caller: Pick<ResourceCaller, 'access'>): ResourceField[] {
  return definition.fields
    .filter((f) => !isHidden(f, caller))
    .map((f) => (f.columns?.some((c) => isHidden(c, caller)) ? { ...f, columns: f.columns.filter((c) => !isHidden(c, caller)) } : f));
}

/**
 * The definition as the caller's console may see it: without the fields hidden from them, and
 * saying whether they read several teams' rows (whatever a stored definition said of it).
 */
export function definitionFor(definition: ResourceDefinition, caller: Pick<ResourceCaller, 'access' | 'scope' | 'teamType'>): ResourceDefinition {
  const answered: ResourceDefinition = { ...definition, fields: visibleFields(definition, caller) };
  delete answered.severalTeams;
  if (seesSeveralTeams(definition, caller)) answered.severalTeams = true;
  return answered;
}

/** The fields a list shows the caller (an export writes them): theirs, and the team's when they read several teams' rows. */
export function shownFieldsFor(definition: ResourceDefinition, caller: Pick<ResourceCaller, 'access' | 'scope' | 'teamType'>): ResourceField[] {
  return shownFields(definitionFor(definition, caller));
}
