import { describe, expect, it } from 'vitest';

import { checkCallableInput } from './callableInputs.js';
import {
  DEFAULT_PORTAL_FIELDS,
  documentShareId,
  settableFields,
  slugProblem,
  statusAfterCustomerReply,
  suggestSlug,
  ticketVisibleTo,
  uploadProblem,
  visibleFields,
  PORTAL_UPLOAD_MAX_BYTES,
} from './portal.js';

describe('portal slugs', () => {
  it('takes 3–40 lower-case letters, digits and inner hyphens, after trimming', () => {
    expect(slugProblem('cafe-honduras')).toBeNull();
    expect(slugProblem('  Cafe-Honduras ')).toBeNull();
    expect(slugProblem('ab')).toBe('short');
    expect(slugProblem('a'.repeat(41))).toBe('long');
    expect(slugProblem('-cafe')).toBe('pattern');
    expect(slugProblem('cafe-')).toBe('pattern');
    expect(slugProblem('caf--e')).toBe('pattern');
    expect(slugProblem('café')).toBe('pattern');
    expect(slugProblem('a/b/c')).toBe('pattern');
    expect(slugProblem('admin')).toBe('reserved');
  });

  it('suggests one from a name', () => {
    expect(suggestSlug('Café Ñandú, S. de R.L.')).toBe('cafe-nandu-s-de-r-l');
    expect(slugProblem(suggestSlug('Café Ñandú, S. de R.L.'))).toBeNull();
    expect(slugProblem(suggestSlug('A'))).toBeNull();
    expect(slugProblem(suggestSlug('x'.repeat(80)))).toBeNull();
  });
});

describe('what a portal user sees', () => {
  const access = { contactId: 'c1', companyId: 'k1', scope: 'contact' as const, status: 'active' as const };
  it('their own tickets; their company’s only with the company scope; nothing when not active', () => {
    expect(ticketVisibleTo(access, { contactId: 'c1', companyId: null })).toBe(true);
    expect(ticketVisibleTo(access, { contactId: 'c2', companyId: 'k1' })).toBe(false);
    expect(ticketVisibleTo({ ...access, scope: 'company' }, { contactId: 'c2', companyId: 'k1' })).toBe(true);
    expect(
      ticketVisibleTo({ ...access, scope: 'company', companyId: null }, { contactId: 'c2', companyId: null }),
    ).toBe(false);
    expect(ticketVisibleTo({ ...access, status: 'revoked' }, { contactId: 'c1', companyId: null })).toBe(
      false,
    );
    expect(ticketVisibleTo({ ...access, status: 'invited' }, { contactId: 'c1', companyId: null })).toBe(
      false,
    );
  });

  it('fields by mode', () => {
    expect(settableFields(DEFAULT_PORTAL_FIELDS)).toEqual(['description', 'attachments']);
    expect(visibleFields(DEFAULT_PORTAL_FIELDS)).toEqual(['description', 'priority', 'attachments']);
    expect(visibleFields({ description: 'hidden', priority: 'hidden', attachments: 'hidden' })).toEqual([]);
  });

  it('a reply reopens a resolved or waiting ticket', () => {
    expect(statusAfterCustomerReply('Resolved')).toBe('In Progress');
    expect(statusAfterCustomerReply('Waiting')).toBe('In Progress');
    expect(statusAfterCustomerReply('New')).toBe('New');
    expect(statusAfterCustomerReply('In Progress')).toBe('In Progress');
  });

  it('uploads: type, size, name', () => {
    expect(uploadProblem({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: 0, type: 'application/pdf' })).toBe('empty');
    expect(uploadProblem({ name: 'a.pdf', size: PORTAL_UPLOAD_MAX_BYTES + 1, type: 'application/pdf' })).toBe(
      'size',
    );
    expect(uploadProblem({ name: 'a.exe', size: 10, type: 'application/x-msdownload' })).toBe('type');
    expect(uploadProblem({ name: 'a/b.pdf', size: 10, type: 'application/pdf' })).toBe('name');
  });

  it('share ids join the contact and the target', () => {
    expect(documentShareId('c1', 'd9')).toBe('c1_d9');
  });
});

describe('portal callables’ inputs', () => {
  const settings = {
    organizationId: 'o1',
    enabled: true,
    slug: ' Cafe-Honduras ',
    name: 'Café Honduras',
    logo: null,
    languages: ['es', 'en'],
    fields: { ...DEFAULT_PORTAL_FIELDS },
    signup: 'contacts',
    companyTickets: false,
  };
  it('takes a site’s settings, the slug normalized', () => {
    const checked = checkCallableInput('setPortalSettings', settings);
    expect(checked.ok && checked.value.slug).toBe('cafe-honduras');
  });
  it.each([
    ['slug', { slug: 'admin' }],
    ['slug', { slug: 'a' }],
    ['enabled', { enabled: 'true' }],
    ['languages', { languages: [] }],
    ['languages', { languages: ['es', 'es'] }],
    ['languages[0]', { languages: ['fr'] }],
    ['fields', { fields: { description: 'settable' } }],
    ['fields', { fields: { ...DEFAULT_PORTAL_FIELDS, attachments: 'visible' } }],
    ['fields', { fields: { ...DEFAULT_PORTAL_FIELDS, owner: 'settable' } }],
    ['signup', { signup: 'open' }],
    ['logo', { logo: 'https://example.com/logo.png' }],
    ['logo', { logo: 'data:image/svg+xml;base64,PHN2Zz4=' }],
    ['logo', { logo: `data:image/png;base64,${'A'.repeat(90_000)}` }],
  ])('refuses a bad %s', (field, change) => {
    const checked = checkCallableInput('setPortalSettings', { ...settings, ...change });
    expect(checked.ok ? null : checked.refusal.field).toBe(field);
  });
  it('takes a PNG data-URL logo', () => {
    expect(
      checkCallableInput('setPortalSettings', { ...settings, logo: 'data:image/png;base64,iVBORw0KGgo=' }).ok,
    ).toBe(true);
  });
  it('a ticket: subject required, priority one of three or null, at most five uploads', () => {
    const base = { slug: 'cafe', subject: 'No llega el pedido', uploadIds: [] };
    expect(checkCallableInput('createPortalTicket', base).ok).toBe(true);
    expect(checkCallableInput('createPortalTicket', { ...base, priority: 'High' }).ok).toBe(true);
    expect(checkCallableInput('createPortalTicket', { ...base, priority: 'Urgent' }).ok).toBe(false);
    expect(checkCallableInput('createPortalTicket', { ...base, subject: '  ' }).ok).toBe(false);
    expect(
      checkCallableInput('createPortalTicket', { ...base, uploadIds: ['a', 'b', 'c', 'd', 'e', 'f'] }).ok,
    ).toBe(false);
    expect(checkCallableInput('createPortalTicket', { ...base, uploadIds: ['a/b'] }).ok).toBe(false);
  });
  it('a member’s reply is public or internal', () => {
    const reply = { organizationId: 'o1', ticketId: 't1', body: 'Hola', visibility: 'internal' };
    expect(checkCallableInput('addTicketReply', reply).ok).toBe(true);
    expect(checkCallableInput('addTicketReply', { ...reply, visibility: 'secret' }).ok).toBe(false);
  });
});
