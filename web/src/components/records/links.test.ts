import { describe, expect, it } from 'vitest';
import { contactLinks, linksFromState } from './links';

describe('links handed to a form page', () => {
  it('reads the contact and company of the page the record is created from', () => {
    const links = contactLinks({ id: 'c1', name: 'María', companyId: 'e1', companyName: 'Café Copán' });
    expect(linksFromState({ links })).toEqual({
      contactId: 'c1',
      contactName: 'María',
      companyId: 'e1',
      companyName: 'Café Copán',
    });
    expect(linksFromState({ links: { companyId: 'e1', companyName: 'Café Copán' } })).toEqual({
      contactId: null,
      contactName: null,
      companyId: 'e1',
      companyName: 'Café Copán',
    });
  });

  it('gives nothing for a reload or a typed address, and drops what is not an id or a name', () => {
    expect(linksFromState(null)).toEqual({});
    expect(linksFromState(undefined)).toEqual({});
    expect(linksFromState({ denied: true })).toEqual({});
    expect(linksFromState({ links: { contactId: 42, contactName: 'María', companyName: 'Sin id' } })).toEqual(
      {
        contactId: null,
        contactName: null,
        companyId: null,
        companyName: null,
      },
    );
  });
});
