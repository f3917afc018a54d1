import { describe, expect, it } from 'vitest';
import { linkedOrganization, organizationLink, sectionRootOf } from './organizationLinks';

describe('organization links', () => {
  it('lands on the section of a record page', () => {
    expect(sectionRootOf('/contactos/abc')).toBe('/contactos');
    expect(sectionRootOf('/ajustes')).toBe('/ajustes');
    expect(sectionRootOf('/')).toBe('/');
  });

  it('adds the organization to a path, keeping its query', () => {
    expect(organizationLink('/tareas', 'o1')).toBe('/tareas?org=o1');
    expect(organizationLink('/tareas?status=todo', 'o 2')).toBe('/tareas?status=todo&org=o+2');
  });

  it('reads what a link asks', () => {
    expect(linkedOrganization('', 'a', ['a', 'b'])).toEqual({ kind: 'none' });
    expect(linkedOrganization('?org=a', 'a', ['a', 'b'])).toEqual({ kind: 'current' });
    expect(linkedOrganization('?org=b&x=1', 'a', ['a', 'b'])).toEqual({
      kind: 'switch',
      organizationId: 'b',
    });
    expect(linkedOrganization('?org=c', 'a', ['a', 'b'])).toEqual({ kind: 'foreign' });
    expect(linkedOrganization('?org=b', 'a', null)).toEqual({ kind: 'wait' });
  });
});
