/**
 * How the engine evaluates a screen's expressions: always over the signed-in user and the
 * permission codes and roles they hold, plus whatever the place adds (a record, the selection).
 */
import { useCallback, useMemo } from 'react';
import { holds, type Expr, type ExprContext } from '../contract/expression';
import { WILDCARD, hasAccess } from '../contract/permissions';
import type { Action, Screen } from '../contract/screen';
import type { ResourceAction, ResourceDefinition } from '../contract/resource';
import { useEngineHost, type EngineHost } from './host';

/** What `{"has": [...]}` looks in: roles and permissions; an admin holds everything. */
export function heldCodes(access: EngineHost['access']): ReadonlySet<string> {
  return new Set(access.admin ? [WILDCARD] : [...access.role, ...access.permission]);
}

/** Evaluates expressions of this place: `holds(expr, { record })` sees `user` and the held codes too. */
export function useHolds() {
  const { user, access } = useEngineHost();
  const held = useMemo(() => heldCodes(access), [access]);
  return useCallback(
    (expr: Expr | undefined, values: Record<string, unknown> = {}) => holds(expr, { values: { user, ...values }, held }),
    [user, held],
  );
}

export function exprContext(host: Pick<EngineHost, 'user' | 'access'>, values: Record<string, unknown>): ExprContext {
  return { values: { user: host.user, ...values }, held: heldCodes(host.access) };
}

/** The resource action an action kind performs, for its default permission code. */
const RESOURCE_ACTION: Partial<Record<Action['kind'], ResourceAction>> = {
  create: 'create',
  edit: 'update',
  delete: 'delete',
  export: 'export',
  import: 'import',
  view: 'get',
};
const SCREEN_PERMISSION: Partial<Record<ResourceAction, keyof NonNullable<Screen['permissions']>>> = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  export: 'export',
  import: 'import',
};

/**
 * The permission code an action needs: its own, else the screen's for that kind of action, else the
 * resource's. The server checks the same codes again; hiding the button only spares a refusal.
 */
export function actionPermission(action: Action, screen: Screen, definition: ResourceDefinition | undefined): string | undefined {
  if (action.permission) return action.permission;
  const resourceAction = RESOURCE_ACTION[action.kind];
  if (!resourceAction) return undefined;
  const screenKey = SCREEN_PERMISSION[resourceAction];
  return (screenKey && screen.permissions?.[screenKey]) || definition?.permissions?.[resourceAction];
}

export function mayRun(access: EngineHost['access'], action: Action, screen: Screen, definition: ResourceDefinition | undefined): boolean {
  return hasAccess(access, actionPermission(action, screen, definition));
}
