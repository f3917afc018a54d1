import { describe, expect, it } from 'vitest';
import { decideSection, sectionRule } from './sectionAccess';

describe('sectionRule', () => {
  it('maps the first path segment to its resource', () => {
    expect(sectionRule('/contactos/c1')).toEqual({ kind: 'resource', resource: 'contacts' });
    expect(sectionRule('/tickets/t1/editar')).toEqual({ kind: 'resource', resource: 'tickets' });
    expect(sectionRule('/empresas')).toEqual({ kind: 'resource', resource: 'companies' });
    expect(sectionRule('/admin')).toEqual({ kind: 'superadmin' });
    expect(sectionRule('/ajustes')).toEqual({ kind: 'open' });
  });
});

describe('decideSection', () => {
  const onlyContacts = (r: string) => r === 'contacts';
  it('lets through what may be viewed and sends the rest to the dashboard', () => {
    expect(decideSection('/contactos', onlyContacts, false)).toBe('allow');
    expect(decideSection('/deals', onlyContacts, false)).toBe('redirect');
    expect(decideSection('/admin', onlyContacts, false)).toBe('redirect');
    expect(decideSection('/admin', onlyContacts, true)).toBe('allow');
    expect(decideSection('/ajustes', onlyContacts, false)).toBe('allow');
  });
  it('does not loop when the dashboard itself is not allowed', () => {
    expect(decideSection('/dashboard', onlyContacts, false)).toBe('noAccess');
  });
});
