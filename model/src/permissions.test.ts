import { describe, expect, it } from 'vitest';

import { ACTIONS, RESOURCES } from './enums.js';
import {
  can,
  effectivePermissions,
  isValidPermissionMap,
  requiredAction,
  resourcePermissions,
  uniformPermissions,
} from './permissions.js';

describe('can (same logic as firestore.rules)', () => {
  it('admins may do everything, even with an empty map', () => {
    expect(RESOURCES.length * ACTIONS.length).toBeGreaterThan(0);
    for (const r of RESOURCES)
      for (const a of ACTIONS) expect(can({ role: 'admin', permissions: {} }, r, a)).toBe(true);
  });

  it('a seller without an entry may only view', () => {
    const seller = { role: 'seller' as const, permissions: {} };
    expect(can(seller, 'contacts', 'view')).toBe(true);
    expect(can(seller, 'contacts', 'create')).toBe(false);
    expect(can(seller, 'contacts', 'edit')).toBe(false);
    expect(can(seller, 'contacts', 'delete')).toBe(false);
  });

  it('an entry decides each action; a missing action in an entry falls back to view-only', () => {
    const seller = {
      role: 'seller' as const,
      permissions: {
        deals: { view: false, create: true },
        tasks: resourcePermissions({ view: true, delete: true }),
      },
    };
    expect(can(seller, 'deals', 'view')).toBe(false);
    expect(can(seller, 'deals', 'create')).toBe(true);
    expect(can(seller, 'deals', 'edit')).toBe(false);
    expect(can(seller, 'tasks', 'delete')).toBe(true);
    expect(can(seller, 'tasks', 'edit')).toBe(false);
  });

  it('no member, no rights', () => {
    expect(can(null, 'contacts', 'view')).toBe(false);
    expect(can(undefined, 'dashboard', 'view')).toBe(false);
  });

  it('effective matrix and uniform maps', () => {
    const all = effectivePermissions({ role: 'seller', permissions: uniformPermissions(true) });
    const none = effectivePermissions({ role: 'seller', permissions: uniformPermissions(false) });
    // Every resource and action is in the matrix (an empty one would pass every() vacuously).
    for (const matrix of [all, none]) {
      expect(Object.keys(matrix).sort()).toEqual([...RESOURCES].sort());
      for (const row of Object.values(matrix)) expect(Object.keys(row).sort()).toEqual([...ACTIONS].sort());
    }
    expect(Object.values(all).every((r) => Object.values(r).every(Boolean))).toBe(true);
    expect(Object.values(none).some((r) => Object.values(r).some(Boolean))).toBe(false);
  });

  it('validates permission maps as the rules do', () => {
    expect(isValidPermissionMap({})).toBe(true);
    expect(isValidPermissionMap({ contacts: { view: true, edit: false } })).toBe(true);
    expect(isValidPermissionMap({ billing: { view: true } })).toBe(false);
    expect(isValidPermissionMap({ contacts: { admin: true } })).toBe(false);
    expect(isValidPermissionMap({ contacts: { view: 'yes' } })).toBe(false);
    expect(isValidPermissionMap([])).toBe(false);
  });

  it('notes are added with contacts.edit and deleted with contacts.delete', () => {
    expect(requiredAction('notes', 'create')).toBe('edit');
    expect(requiredAction('notes', 'update')).toBe('edit');
    expect(requiredAction('notes', 'delete')).toBe('delete');
    expect(requiredAction('deals', 'update')).toBe('edit');
    expect(requiredAction('deals', 'read')).toBe('view');
  });
});
