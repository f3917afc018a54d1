import { can } from '@trato/model';
import { describe, expect, it } from 'vitest';
import { defaultInvitePermissions, toggleInvitePermission, toPermissionMap } from './permissionMatrix';

describe('invite permission matrix', () => {
  it('starts with view only on every resource', () => {
    const map = defaultInvitePermissions();
    expect(Object.keys(map)).toHaveLength(10);
    expect(map.conversations).toEqual({ view: true, create: false, edit: false, delete: false });
    expect(map.contacts).toEqual({ view: true, create: false, edit: false, delete: false });
  });

  it('checking create also checks view; unchecking view clears the row', () => {
    let map = toggleInvitePermission(defaultInvitePermissions(), 'deals', 'view', false);
    expect(map.deals).toEqual({ view: false, create: false, edit: false, delete: false });
    map = toggleInvitePermission(map, 'deals', 'create', true);
    expect(map.deals).toEqual({ view: true, create: true, edit: false, delete: false });
    map = toggleInvitePermission(map, 'deals', 'view', false);
    expect(map.deals.create).toBe(false);
  });

  it('the stored map gives exactly the chosen rights (same logic as the rules)', () => {
    let map = defaultInvitePermissions();
    for (const r of Object.keys(map) as (keyof typeof map)[])
      map = toggleInvitePermission(map, r, 'view', false);
    map = toggleInvitePermission(map, 'contacts', 'create', true);
    const member = { role: 'seller' as const, permissions: toPermissionMap(map) };
    expect(can(member, 'contacts', 'view')).toBe(true);
    expect(can(member, 'contacts', 'create')).toBe(true);
    expect(can(member, 'contacts', 'edit')).toBe(false);
    expect(can(member, 'deals', 'view')).toBe(false);
    expect(can(member, 'dashboard', 'view')).toBe(false);
  });
});
