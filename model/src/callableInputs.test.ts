import { describe, expect, it } from 'vitest';

import { callableInputSchemas, checkCallableInput, type InputRefusal } from './callableInputs.js';
import type { CallableInput, CallableName } from './callables.js';
import { ERR } from './schemas.js';
import { IMPORT_CONSENT_BATCH } from './constants.js';

const ok = <N extends CallableName>(name: N, data: unknown): CallableInput<N> => {
  const checked = checkCallableInput(name, data);
  if (!checked.ok)
    throw new Error(`${name} refused ${JSON.stringify(data)}: ${JSON.stringify(checked.refusal)}`);
  return checked.value;
};
const refusal = (name: CallableName, data: unknown): InputRefusal => {
  const checked = checkCallableInput(name, data);
  if (checked.ok) throw new Error(`${name} accepted ${JSON.stringify(data)}`);
  return checked.refusal;
};
const field = (name: CallableName, data: unknown) => refusal(name, data).field;

/** 100 code points, 200 UTF-16 code units. */
const astral = (n: number) => '😀'.repeat(n);

const organization = { fullName: 'Ana López', username: 'ana_1', companyName: 'Acme', language: 'es' };
const invitation = { organizationId: 'org1', email: 'seller@example.com', role: 'seller', permissions: {} };
const back = { organizationId: 'org1', returnOrigin: 'https://app.trato.example', language: 'en' };

describe('checkCallableInput: the envelope', () => {
  it('data must be an object; fields the contract does not name are dropped', () => {
    for (const bad of [null, undefined, 'x', 3, [], true]) {
      expect(refusal('debugQuery', bad)).toEqual({ field: 'data', message: ERR.oneOf });
    }
    expect(ok('debugQuery', { organizationId: 'o1', extra: 1, __proto__x: 2 })).toEqual({
      organizationId: 'o1',
    });
  });

  it('has a schema for every callable of the contract', () => {
    const names = Object.keys(callableInputSchemas()).sort();
    expect(names).toEqual(
      [
        'checkUsername',
        'createOrganization',
        'addOrganization',
        'createInvitation',
        'getInvitationLink',
        'getInvitation',
        'acceptInvitation',
        'debugQuery',
        'previewCampaignAudience',
        'getPublicForm',
        'submitForm',
        'setContactConsent',
        'recordImportConsent',
        'syncMailbox',
        'sendContactEmail',
        'getEmailAttachment',
        'setMailPrivacy',
        'connectWhatsApp',
        'disconnectWhatsApp',
        'setWhatsAppSettings',
        'createWaTemplate',
        'deleteWaTemplate',
        'syncWaTemplates',
        'sendWhatsApp',
        'setPortalSettings',
        'invitePortalContact',
        'revokePortalAccess',
        'getPortal',
        'requestPortalLink',
        'openPortalSession',
        'createPortalTicket',
        'replyPortalTicket',
        'closePortalTicket',
        'addTicketReply',
        'adminOrganizationStats',
        'createCheckoutSession',
        'createPortalSession',
        'checkSubscription',
        'authGmailStart',
        'authGmailCallback',
        'emailDisconnect',
        'emailSendTest',
      ].sort(),
    );
  });

  it("takes a campaign audience's list (issue 31)", () => {
    expect(ok('previewCampaignAudience', { organizationId: 'o1', listId: 'L1' })).toEqual({
      organizationId: 'o1',
      listId: 'L1',
    });
    expect(refusal('previewCampaignAudience', { organizationId: 'o1', listId: 'a/b' })).toMatchObject({
      field: 'listId',
    });
    expect(refusal('previewCampaignAudience', { organizationId: 'o1' })).toMatchObject({ field: 'listId' });
  });

  it("takes an import's consent: its id, at most IMPORT_CONSENT_BATCH contacts, the text", () => {
    const input = { organizationId: 'o1', importId: 'f1', contactIds: ['c1', 'c2'], text: ' Feria ' };
    expect(ok('recordImportConsent', input)).toEqual({ ...input, text: 'Feria' });
    const many = Array.from({ length: IMPORT_CONSENT_BATCH + 1 }, (_, i) => `c${i}`);
    expect(refusal('recordImportConsent', { ...input, contactIds: many })).toMatchObject({
      field: 'contactIds',
    });
    expect(refusal('recordImportConsent', { ...input, contactIds: [] })).toMatchObject({
      field: 'contactIds',
    });
    expect(refusal('recordImportConsent', { ...input, contactIds: ['a/b'] })).toMatchObject({
      field: 'contactIds[0]',
    });
    expect(refusal('recordImportConsent', { ...input, contactIds: 'c1' })).toMatchObject({
      field: 'contactIds',
    });
    expect(refusal('recordImportConsent', { ...input, text: '  ' })).toMatchObject({ field: 'text' });
    expect(refusal('recordImportConsent', { ...input, importId: '' })).toMatchObject({ field: 'importId' });
  });

  it('takes the new organization and the superadmin figures (issue 30)', () => {
    expect(ok('addOrganization', { organizationId: 'o1', companyName: '  Café  ', language: 'en' })).toEqual({
      organizationId: 'o1',
      companyName: 'Café',
      language: 'en',
    });
    expect(
      refusal('addOrganization', { organizationId: 'a/b', companyName: 'x', language: 'es' }),
    ).toMatchObject({
      field: 'organizationId',
    });
    expect(ok('adminOrganizationStats', { organizationIds: ['a', 'b'] })).toEqual({
      organizationIds: ['a', 'b'],
    });
    for (const organizationIds of [[], 'a', undefined, Array.from({ length: 26 }, (_, i) => `o${i}`)])
      expect(refusal('adminOrganizationStats', { organizationIds })).toBeTruthy();
    // An existing account accepts with the token alone; a new one's name and username are checked when sent.
    expect(ok('acceptInvitation', { token: 't' })).toEqual({ token: 't', language: 'es' });
    expect(refusal('acceptInvitation', { token: 't', fullName: ' ', username: 'ana_1' })).toMatchObject({
      field: 'fullName',
    });
  });

  it('names the first refused field in the contract order, with an ERR message', () => {
    expect(refusal('createOrganization', { fullName: ' ', username: 'x', companyName: 3 })).toEqual({
      field: 'fullName',
      message: ERR.required,
    });
    expect(refusal('createOrganization', { ...organization, companyName: 3, language: 'fr' })).toEqual({
      field: 'companyName',
      message: ERR.required,
    });
    const messages = new Set<string>(Object.values(ERR));
    const samples: [CallableName, unknown][] = [
      ['acceptInvitation', { token: 't', fullName: 'A', username: 'ab', language: null }],
      ['createInvitation', { ...invitation, role: null }],
      ['createInvitation', { ...invitation, permissions: [] }],
      ['emailSendTest', { organizationId: 'o', to: 'x', language: 'es' }],
      ['authGmailStart', { ...back, returnOrigin: 'javascript:alert(1)' }],
      ['getInvitationLink', { organizationId: 'o' }],
    ];
    for (const [name, data] of samples) expect(messages).toContain(refusal(name, data).message);
  });
});

describe('checkCallableInput: the value rules', () => {
  it('a string field takes a string only: never cast from a number, a boolean or a list', () => {
    for (const bad of [12345, true, ['ana_1'], { a: 1 }, null]) {
      expect(refusal('checkUsername', { username: bad })).toEqual({
        field: 'username',
        message: ERR.required,
      });
    }
    expect(field('createOrganization', { ...organization, fullName: 42 })).toBe('fullName');
    expect(field('emailSendTest', { organizationId: 'o', to: 7, language: 'es' })).toBe('to');
  });

  it('usernames: trimmed and lower-cased, 3-20 of [a-z0-9_], never stripped, not __x__', () => {
    expect(ok('checkUsername', { username: ' Ana_1 ' })).toEqual({ username: 'ana_1' });
    expect(ok('checkUsername', { username: '___' })).toEqual({ username: '___' });
    for (const bad of ['ab', 'a'.repeat(21), 'ana-1', 'ana 1', 'añá', 'ana.b', '', '__proto__', ' __X__ ']) {
      expect(field('checkUsername', { username: bad })).toBe('username');
    }
    expect(refusal('checkUsername', { username: 'ana-1' }).message).toBe(ERR.username);
  });

  it('texts: trimmed, not blank, at most the limit in code points (as the rules count)', () => {
    expect(ok('createOrganization', { ...organization, fullName: '  Ana López ' }).fullName).toBe(
      'Ana López',
    );
    expect(ok('createOrganization', { ...organization, fullName: 'x'.repeat(100) }).fullName).toHaveLength(
      100,
    );
    expect(refusal('createOrganization', { ...organization, fullName: 'x'.repeat(101) })).toEqual({
      field: 'fullName',
      message: ERR.tooLong,
    });
    expect(refusal('createOrganization', { ...organization, fullName: '   ' })).toEqual({
      field: 'fullName',
      message: ERR.required,
    });
    // 100 code points in 200 UTF-16 units: within the limit (the old server parsing counted units).
    expect(ok('createOrganization', { ...organization, fullName: astral(100) }).fullName).toBe(astral(100));
    expect(field('createOrganization', { ...organization, fullName: astral(101) })).toBe('fullName');
    expect(
      ok('createOrganization', { ...organization, companyName: 'y'.repeat(200) }).companyName,
    ).toHaveLength(200);
    expect(field('createOrganization', { ...organization, companyName: 'y'.repeat(201) })).toBe(
      'companyName',
    );
  });

  it('strings Firestore cannot store (a lone surrogate) are refused', () => {
    expect(field('createOrganization', { ...organization, fullName: 'Ana \uD800' })).toBe('fullName');
    expect(field('createOrganization', { ...organization, companyName: '\uDC00' })).toBe('companyName');
    expect(field('createInvitation', { ...invitation, email: 'a\uD800@b.co' })).toBe('email');
    expect(field('authGmailCallback', { code: 'c\uD800', state: 's' })).toBe('code');
  });

  it('language: es | en exactly; optional for acceptInvitation (Spanish), never null', () => {
    expect(ok('createOrganization', organization).language).toBe('es');
    for (const bad of ['fr', 'ES', undefined, null, 1]) {
      expect(field('createOrganization', { ...organization, language: bad })).toBe('language');
    }
    const accept = { token: 't', fullName: 'Ana', username: 'ana' };
    expect(ok('acceptInvitation', accept).language).toBe('es');
    expect(ok('acceptInvitation', { ...accept, language: 'en' }).language).toBe('en');
    expect(refusal('acceptInvitation', { ...accept, language: null })).toEqual({
      field: 'language',
      message: ERR.oneOf,
    });
  });

  it("e-mails: trimmed, lower-cased, the model's EMAIL_PATTERN (the rules' isEmail), 254 code points", () => {
    expect(ok('createInvitation', { ...invitation, email: ' Seller@Example.COM ' }).email).toBe(
      'seller@example.com',
    );
    for (const bad of ['no-at', 'a@b', 'a b@c.d', 'a@b@c.de', `${'a'.repeat(250)}@b.cd`, '']) {
      expect(field('createInvitation', { ...invitation, email: bad })).toBe('email');
    }
    expect(refusal('emailSendTest', { organizationId: 'o', to: 'a@b', language: 'es' })).toEqual({
      field: 'to',
      message: ERR.email,
    });
    // The rules' RE2 \s is [ \t\n\f\r] only; the old server pattern (JS \s) also refused these.
    expect(ok('createInvitation', { ...invitation, email: 'ana\u00a0b@x.co' }).email).toBe('ana\u00a0b@x.co');
    expect(ok('createInvitation', { ...invitation, email: 'a\vb@x.co' }).email).toBe('a\vb@x.co');
    // Within 254 code points although longer in UTF-16 units.
    const long = `${astral(120)}@x.co`;
    expect(ok('createInvitation', { ...invitation, email: long }).email).toBe(long);
  });

  it('ids: 1-128 code points, no "/", and ids Firestore refuses (".", "..", __x__, surrogates)', () => {
    expect(ok('debugQuery', { organizationId: 'abc123' })).toEqual({ organizationId: 'abc123' });
    expect(ok('debugQuery', { organizationId: 'x'.repeat(128) }).organizationId).toHaveLength(128);
    expect(ok('debugQuery', { organizationId: astral(100) }).organizationId).toBe(astral(100));
    for (const bad of ['', '.', '..', '/', 'a/b', '__x__', '__proto__', 'x'.repeat(129), '\uD800', 5, null]) {
      expect(refusal('debugQuery', { organizationId: bad })).toMatchObject({ field: 'organizationId' });
    }
    expect(field('getInvitationLink', { organizationId: 'o', invitationId: 'a/b' })).toBe('invitationId');
  });

  it('roles admin | seller', () => {
    expect(ok('createInvitation', { ...invitation, role: 'admin' }).role).toBe('admin');
    for (const bad of ['superadmin', 'Admin', undefined, null]) {
      expect(field('createInvitation', { ...invitation, role: bad })).toBe('role');
    }
  });

  it('permissions: the rules’ shape for every role, copied; absent or null is {}', () => {
    const contacts = { contacts: { view: true, create: true } };
    expect(ok('createInvitation', { ...invitation, permissions: contacts }).permissions).toEqual(contacts);
    expect(ok('createInvitation', { ...invitation, permissions: undefined }).permissions).toEqual({});
    expect(ok('createInvitation', { ...invitation, permissions: null }).permissions).toEqual({});
    for (const bad of [
      { contacts: { view: 'yes' } },
      { payroll: { view: true } },
      { contacts: { approve: true } },
      { contacts: [true] },
      [],
      'x',
    ]) {
      expect(refusal('createInvitation', { ...invitation, permissions: bad })).toEqual({
        field: 'permissions',
        message: ERR.oneOf,
      });
      // An admin's map is stored as {} (permissionsForRole), but a malformed one is still refused.
      expect(field('createInvitation', { ...invitation, role: 'admin', permissions: bad })).toBe(
        'permissions',
      );
    }
  });

  it('credentials (invitation token, OAuth state): any value, non-strings as "" (the lookup refuses)', () => {
    for (const token of [42, undefined, null, ['t'], { t: 1 }]) {
      expect(ok('getInvitation', { token })).toEqual({ token: '' });
    }
    expect(ok('getInvitation', { token: 'short' })).toEqual({ token: 'short' });
    expect(ok('authGmailCallback', { code: ' c ', state: 7 })).toEqual({ code: 'c', state: '' });
  });

  it('OAuth code: required text of at most 2048 code points', () => {
    expect(field('authGmailCallback', { state: 's' })).toBe('code');
    expect(field('authGmailCallback', { code: 'c'.repeat(2049), state: 's' })).toBe('code');
    expect(ok('authGmailCallback', { code: 'c'.repeat(2048), state: 's' }).code).toHaveLength(2048);
  });

  it('return origins: an http(s) address as sent (the functions check it against APP_ORIGINS)', () => {
    expect(ok('createCheckoutSession', back)).toEqual(back);
    expect(ok('authGmailStart', { ...back, returnOrigin: 'http://127.0.0.1:5199/' }).returnOrigin).toBe(
      'http://127.0.0.1:5199/',
    );
    for (const bad of ['', 'javascript:alert(1)', 'ftp://x', 5, undefined]) {
      expect(field('createPortalSession', { ...back, returnOrigin: bad })).toBe('returnOrigin');
    }
  });
});

describe('the public form callables', () => {
  it('take any form key (the lookup answers an unknown one) and the visitor’s language', () => {
    expect(checkCallableInput('getPublicForm', { formKey: 7, language: 'en' })).toEqual({
      ok: true,
      value: { formKey: '', language: 'en' },
    });
    expect(checkCallableInput('getPublicForm', { formKey: 'a-b', language: 'fr' })).toMatchObject({
      ok: false,
    });
  });

  it('take values as strings of the known fields only, consent as a boolean, and any honeypot', () => {
    const ok = checkCallableInput('submitForm', {
      formKey: 'o-f',
      language: 'es',
      values: { name: 'Ana', email: 'a@b.hn' },
      consent: true,
      website: '',
    });
    expect(ok).toEqual({
      ok: true,
      value: {
        formKey: 'o-f',
        language: 'es',
        values: { name: 'Ana', email: 'a@b.hn' },
        consent: true,
        website: '',
      },
    });
    for (const values of [
      null,
      [],
      'x',
      { name: 1 },
      { name: 'Ana', password: 'x' },
      { message: 'x'.repeat(20_001) },
    ])
      expect(
        checkCallableInput('submitForm', {
          formKey: 'o-f',
          language: 'es',
          values,
          consent: false,
          website: '',
        }),
      ).toMatchObject({ ok: false, refusal: { field: 'values' } });
    expect(
      checkCallableInput('submitForm', {
        formKey: 'o-f',
        language: 'es',
        values: {},
        consent: 'yes',
        website: '',
      }),
    ).toMatchObject({ ok: false, refusal: { field: 'consent' } });
  });
});
