import { describe, expect, it } from 'vitest';
import { hasAccess, type AccessSubject } from '../../../src/contract/permissions';

const seller: AccessSubject = { admin: false, role: ['seller'], permission: ['goods:list', 'goods:edit'] };

describe('the permission check (spec §6)', () => {
  it('grants everything to an admin or a wildcard holder', () => {
    expect(hasAccess({ admin: true, role: [], permission: [] }, 'anything')).toBe(true);
    expect(hasAccess({ admin: false, role: [], permission: ['*'] }, { permission: ['x'], mode: 'allOf' })).toBe(true);
  });

  it('takes a single code or a plain list where any one suffices', () => {
    expect(hasAccess(seller, 'goods:list')).toBe(true);
    expect(hasAccess(seller, 'settings:user')).toBe(false);
    expect(hasAccess(seller, ['settings:user', 'seller'])).toBe(true);
    expect(hasAccess(seller, ['settings:user', 'admin'])).toBe(false);
  });

  it('reads the object form with oneOf, allOf and except', () => {
    expect(hasAccess(seller, { role: ['staff'], permission: ['goods:edit'] })).toBe(true);
    expect(hasAccess(seller, { role: ['seller'], permission: ['goods:delete'], mode: 'allOf' })).toBe(false);
    expect(hasAccess(seller, { role: ['seller'], permission: ['goods:edit'], mode: 'allOf' })).toBe(true);
    expect(hasAccess(seller, { role: ['staff'], mode: 'except' })).toBe(true);
    expect(hasAccess(seller, { role: ['seller'], mode: 'except' })).toBe(false);
  });

  it('lets everyone through where nothing is required', () => {
    expect(hasAccess(seller, undefined)).toBe(true);
    expect(hasAccess(seller, [])).toBe(true);
  });
});
