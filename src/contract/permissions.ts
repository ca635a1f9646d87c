/**
 * The one permission check (spec §6), used by the server's guard and by the console's routes,
 * menus and <Permission> alike.
 */
export interface AccessSubject {
  admin: boolean;
  role: readonly string[];
  permission: readonly string[];
}

export interface AccessRule {
  role?: readonly string[];
  permission?: readonly string[];
  /** oneOf (default): any one listed; allOf: every one listed; except: none of them. */
  mode?: 'oneOf' | 'allOf' | 'except';
}

/** A single code, a plain list (any one permission or role suffices), or a rule. */
export type AccessRequirement = string | readonly string[] | AccessRule;

export const WILDCARD = '*';
export const ADMIN_ROLE = 'admin';

export function hasAccess(subject: AccessSubject, requirement: AccessRequirement | undefined): boolean {
  if (subject.admin || subject.permission.includes(WILDCARD)) return true;
  if (requirement === undefined) return true;
  const held = new Set([...subject.role, ...subject.permission]);
  if (typeof requirement === 'string') return held.has(requirement);
  if (isList(requirement)) return requirement.length === 0 || requirement.some((code) => held.has(code));
  const roles = new Set(subject.role);
  const permissions = new Set(subject.permission);
  const checks = [
    ...(requirement.role ?? []).map((code) => roles.has(code)),
    ...(requirement.permission ?? []).map((code) => permissions.has(code)),
  ];
  switch (requirement.mode ?? 'oneOf') {
    case 'allOf':
      return checks.every(Boolean);
    case 'except':
      return !checks.some(Boolean);
    default:
      return checks.length === 0 || checks.some(Boolean);
  }
}

function isList(value: AccessRequirement): value is readonly string[] {
  return Array.isArray(value);
}
