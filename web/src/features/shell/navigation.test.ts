import { can, type Member } from '@trato/model';
import { describe, expect, it } from 'vitest';
import { visibleNavItems } from './navigation';

const seller = (permissions: Member['permissions']) => ({ role: 'seller' as const, permissions });

describe('visibleNavItems', () => {
  it('admins see every section in the spec order; superadmins also /admin', () => {
    const admin = { role: 'admin' as const, permissions: {} };
    const keys = visibleNavItems((r) => can(admin, r, 'view'), false).map((i) => i.key);
    expect(keys).toEqual([
      'dashboard',
      'empresas',
      'contactos',
      'deals',
      'tareas',
      'reuniones',
      'tickets',
      'marketing',
      'documentos',
      'ajustes',
    ]);
    expect(visibleNavItems((r) => can(admin, r, 'view'), true).at(-1)).toEqual({
      path: '/admin',
      key: 'admin',
    });
  });

  it('a seller sees what they may view (missing entry = view) and always Ajustes', () => {
    const member = seller({
      dashboard: { view: false },
      companies: { view: false },
      deals: { view: false },
      tasks: { view: false },
      meetings: { view: false },
      tickets: { view: false },
      marketing: { view: false },
      documents: { view: false },
      contacts: { view: true, create: true },
    });
    expect(visibleNavItems((r) => can(member, r, 'view'), false).map((i) => i.key)).toEqual([
      'contactos',
      'ajustes',
    ]);
    expect(visibleNavItems((r) => can(seller({}), r, 'view'), false)).toHaveLength(10);
  });
});
