import type { ReactNode } from 'react';
import { ADMIN_ROLE, hasAccess, type AccessRequirement, type AccessSubject } from '../../contract/permissions';
import { useStore } from '../store';
import { sessionStore, type Session } from './session';

export function accessSubject(session: Session | null): AccessSubject {
  if (!session) return { admin: false, role: [], permission: [] };
  return { admin: session.role.includes(ADMIN_ROLE), role: session.role, permission: session.permission };
}

/** Whether the signed-in user meets a requirement (spec §6). */
export function usePermission(requirement: AccessRequirement | undefined): boolean {
  const session = useStore(sessionStore);
  return hasAccess(accessSubject(session), requirement);
}

/** Renders its children only when the check passes; otherwise nothing at all (spec §6 directive). */
export function Permission({ requires, children }: { requires: AccessRequirement; children: ReactNode }) {
  return usePermission(requires) ? <>{children}</> : null;
}
