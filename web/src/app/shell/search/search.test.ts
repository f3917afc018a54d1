import { describe, expect, it } from 'vitest';
import type { Resource } from '@trato/model';
import { hitsOf, moveActive, SEARCH_GROUPS, viewableGroups } from './search';

const money = (amount: number) => `$${amount}`;
const group = (key: string) => SEARCH_GROUPS.find((g) => g.key === key)!;

describe('viewableGroups', () => {
  it('keeps the spec order and only the sections the member may view', () => {
    const can = (resource: Resource) => resource !== 'deals';
    expect(viewableGroups(can).map((g) => g.key)).toEqual(['contacts', 'companies', 'documents', 'emails']);
    // Conversations follow contacts.view.
    expect(viewableGroups((resource: Resource) => resource !== 'contacts').map((g) => g.key)).toEqual([
      'companies',
      'deals',
      'documents',
    ]);
  });
});

describe('hitsOf', () => {
  it('lists every document the server found (it matched every typed word)', () => {
    const docs = [
      { id: 'c1', name: 'José Pérez', email: 'jose@maya.hn', companyName: 'Maya' },
      { id: 'c2', name: 'Pedro Pérez', email: null, companyName: null },
    ];
    expect(hitsOf(group('contacts'), docs, money)).toEqual([
      {
        group: 'contacts',
        id: 'c1',
        primary: 'José Pérez',
        secondary: 'jose@maya.hn · Maya',
        to: '/contactos/c1',
      },
      { group: 'contacts', id: 'c2', primary: 'Pedro Pérez', secondary: '', to: '/contactos/c2' },
    ]);
  });

  it('leads a deal to the board with it open, and shows its amount and who it is with', () => {
    const docs = [
      { id: 'd1', title: 'Licencias', amount: 1200, primaryContactName: null, companyName: 'Maya' },
    ];
    expect(hitsOf(group('deals'), docs, money)[0]).toMatchObject({
      secondary: '$1200 · Maya',
      to: '/deals?deal=d1',
    });
  });

  it("leads a conversation to its contact's e-mails, with who else is in it", () => {
    const docs = [
      {
        id: 'u1_t1',
        subject: 'Propuesta 2027',
        mailbox: 'ana@maya.hn',
        participants: ['ana@maya.hn', 'luis@cafe.hn'],
        contactIds: ['c7'],
      },
    ];
    expect(hitsOf(group('emails'), docs, money)[0]).toEqual({
      group: 'emails',
      id: 'u1_t1',
      primary: 'Propuesta 2027',
      secondary: 'luis@cafe.hn',
      to: '/contactos/c7/emails',
    });
  });

  it('leads a document to its folder', () => {
    const docs = [{ id: 'f1', fileName: 'Contrato.pdf', folderId: 'k9' }];
    expect(hitsOf(group('documents'), docs, money)[0].to).toBe('/documentos?folder=k9');
  });
});

describe('moveActive', () => {
  it('starts at the first or last hit and wraps around', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
