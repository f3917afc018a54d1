import { can, type Member } from '@trato/model';
import { describe, expect, it } from 'vitest';
import {
  decideSection,
  needsSubscription,
  pagePath,
  sectionHref,
  sectionOf,
  SECTIONS,
  sidebarSections,
  type Viewer,
} from './sections';

const viewerOf = (member: Pick<Member, 'role' | 'permissions'>, isSuperadmin = false): Viewer => ({
  canView: (resource) => can(member, resource, 'view'),
  isAdmin: member.role === 'admin',
  isSuperadmin,
});
const admin = viewerOf({ role: 'admin', permissions: {} });
const onlyContacts = viewerOf({
  role: 'seller',
  permissions: {
    dashboard: { view: false },
    companies: { view: false },
    deals: { view: false },
    tasks: { view: false },
    meetings: { view: false },
    tickets: { view: false },
    marketing: { view: false },
    documents: { view: false },
    conversations: { view: false },
    contacts: { view: true, create: true },
  },
});

describe('sectionOf', () => {
  it('maps the first path segment to its section', () => {
    expect(sectionOf('/contactos/c1')?.key).toBe('contacts');
    expect(sectionOf('/tickets/t1/editar')?.key).toBe('tickets');
    expect(sectionOf('/empresas')?.key).toBe('companies');
    expect(sectionOf('/admin')?.key).toBe('admin');
    expect(sectionOf('/ajustes')?.key).toBe('settings');
    expect(sectionOf('/debug/db')?.key).toBe('debug');
  });
  it('knows nothing of public paths', () => {
    expect(sectionOf('/auth')).toBeNull();
    expect(sectionOf('/auth/gmail/callback')).toBeNull();
    expect(sectionOf('/')).toBeNull();
  });
});

describe('sidebarSections', () => {
  it('admins see every section in the spec order; superadmins also Admin', () => {
    expect(sidebarSections(admin).map((s) => s.path)).toEqual([
      'dashboard',
      'empresas',
      'contactos',
      'deals',
      'tareas',
      'reuniones',
      'tickets',
      'conversaciones',
      'marketing',
      'documentos',
      'ajustes',
    ]);
    expect(sidebarSections({ ...admin, isSuperadmin: true }).at(-1)?.key).toBe('admin');
  });
  it('a seller sees what they may view (missing entry = view) and always Ajustes', () => {
    expect(sidebarSections(onlyContacts).map((s) => s.key)).toEqual(['contacts', 'settings']);
    expect(sidebarSections(viewerOf({ role: 'seller', permissions: {} }))).toHaveLength(11);
  });
});

describe('decideSection', () => {
  it('lets through what may be opened and sends the rest to the dashboard', () => {
    expect(decideSection('/contactos', onlyContacts)).toBe('allow');
    expect(decideSection('/deals', onlyContacts)).toBe('redirect');
    expect(decideSection('/admin', onlyContacts)).toBe('redirect');
    expect(decideSection('/admin', { ...onlyContacts, isSuperadmin: true })).toBe('allow');
    expect(decideSection('/ajustes', onlyContacts)).toBe('allow');
    expect(decideSection('/debug/db', onlyContacts)).toBe('redirect');
    expect(decideSection('/debug/db', admin)).toBe('allow');
  });
  it('does not loop when the dashboard itself is not allowed', () => {
    expect(decideSection('/dashboard', onlyContacts)).toBe('noAccess');
  });
});

describe('needsSubscription', () => {
  it('gates the CRM sections', () => {
    for (const path of ['/dashboard', '/contactos/abc', '/deals', '/tickets/nuevo', '/documentos'])
      expect(needsSubscription(path)).toBe(true);
  });
  it('leaves settings, billing, the admin area and the mail callback open', () => {
    for (const path of ['/ajustes', '/subscription', '/admin', '/auth/gmail/callback', '/debug/db'])
      expect(needsSubscription(path)).toBe(false);
  });
});

describe('sectionHref', () => {
  it('is the registry path of the section (the dashboard linked the old /oportunidades)', () => {
    expect(sectionHref('deals')).toBe('/deals');
    expect(sectionHref('contacts')).toBe('/contactos');
    for (const section of SECTIONS)
      expect(sectionHref(section.key)).toBe(`/${pagePath(section, section.pages[0])}`);
    expect(sectionHref('debug')).toBe('/debug/db');
  });

  it("builds a record's page, a named page and a query from the pages the section declares", () => {
    expect(sectionHref('contacts', { id: 'c1' })).toBe('/contactos/c1');
    expect(sectionHref('tickets', { page: 'nuevo' })).toBe('/tickets/nuevo');
    expect(sectionHref('tickets', { id: 't 1', page: 'editar' })).toBe('/tickets/t%201/editar');
    expect(sectionHref('settings', { query: { tab: 'email' } })).toBe('/ajustes?tab=email');
    expect(sectionHref('documents', { query: { folder: undefined } })).toBe('/documentos');
    expect(sectionHref('deals', { query: { deal: 'd/1' } })).toBe('/deals?deal=d%2F1');
    // A record under a named page (issue 31).
    expect(sectionHref('marketing', { page: 'listas' })).toBe('/marketing/listas');
    expect(sectionHref('marketing', { id: 'l 1', page: 'listas' })).toBe('/marketing/listas/l%201');
    expect(sectionHref('marketing', { id: 'c1', page: 'campanas', query: { tab: 'x' } })).toBe(
      '/marketing/campanas/c1?tab=x',
    );
  });

  it('refuses a page the section does not declare', () => {
    expect(() => sectionHref('deals', { id: 'd1' })).toThrow("The section deals has no page ':id'");
    expect(() => sectionHref('contacts', { page: 'nuevo' })).toThrow();
  });
});
