import { HttpsError } from 'firebase-functions/v2/https';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  asRecord,
  parseCompanyName,
  parseEmail,
  parseFullName,
  parseId,
  parseLanguage,
  parsePermissions,
  parseRole,
  parseUsername,
} from '../src/common/validation.js';
import { adminWithOrganization, callError, uniqueEmail } from './cloud.js';

function refusal(fn: () => unknown): { code: string; details: unknown } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpsError);
    const e = error as HttpsError;
    return { code: e.code, details: e.details };
  }
  throw new Error('expected a refusal');
}

describe('validation', () => {
  it('asRecord accepts plain objects only', () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    for (const bad of [null, undefined, 'x', 3, []])
      expect(refusal(() => asRecord(bad)).code).toBe('invalid-argument');
  });

  it('usernames: 3-20 of [a-z0-9_], lower-cased, never stripped', () => {
    expect(parseUsername('ana_1')).toBe('ana_1');
    expect(parseUsername(' Ana_1 ')).toBe('ana_1');
    expect(parseUsername('a'.repeat(20))).toBe('a'.repeat(20));
    for (const bad of ['ab', 'a'.repeat(21), 'ana-1', 'ana 1', 'añá', 'ana.b', '', 42, null]) {
      expect(refusal(() => parseUsername(bad))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'username' },
      });
    }
  });

  it('names: trimmed, not blank, bounded', () => {
    expect(parseFullName('  Ana López ')).toBe('Ana López');
    expect(parseFullName('x'.repeat(100))).toHaveLength(100);
    expect(refusal(() => parseFullName('x'.repeat(101))).code).toBe('invalid-argument');
    expect(refusal(() => parseFullName('   ')).details).toEqual({
      reason: 'invalid-input',
      field: 'fullName',
    });
    expect(parseCompanyName('y'.repeat(200))).toHaveLength(200);
    expect(refusal(() => parseCompanyName('y'.repeat(201))).details).toMatchObject({ field: 'companyName' });
    expect(refusal(() => parseCompanyName(undefined)).code).toBe('invalid-argument');
  });

  it('language es|en', () => {
    expect(parseLanguage('es')).toBe('es');
    expect(parseLanguage('en')).toBe('en');
    expect(refusal(() => parseLanguage('fr')).code).toBe('invalid-argument');
    expect(refusal(() => parseLanguage(undefined)).code).toBe('invalid-argument');
  });

  it('e-mails are lower-cased and shape-checked', () => {
    expect(parseEmail(' Seller@Example.COM ')).toBe('seller@example.com');
    for (const bad of ['no-at', 'a@b', 'a b@c.d', `${'a'.repeat(250)}@b.cd`, 7]) {
      expect(refusal(() => parseEmail(bad)).code).toBe('invalid-argument');
    }
  });

  it('roles admin|seller', () => {
    expect(parseRole('admin')).toBe('admin');
    expect(parseRole('seller')).toBe('seller');
    expect(refusal(() => parseRole('superadmin')).code).toBe('invalid-argument');
  });

  it('permissions: admin stores {}, sellers a valid matrix', () => {
    const contacts = { contacts: { view: true, create: true } };
    expect(parsePermissions('admin', contacts)).toEqual({});
    expect(parsePermissions('admin', 'garbage')).toEqual({});
    expect(parsePermissions('seller', contacts)).toEqual(contacts);
    expect(parsePermissions('seller', undefined)).toEqual({});
    for (const bad of [
      { contacts: { view: 'yes' } },
      { payroll: { view: true } },
      { contacts: { approve: true } },
      { contacts: [true] },
      [],
      'x',
    ]) {
      expect(refusal(() => parsePermissions('seller', bad)).details).toMatchObject({ field: 'permissions' });
    }
  });

  it('usernames that Firestore reserves as document ids (__x__) are refused like any invalid one', () => {
    for (const reserved of ['__proto__', '__x__', '__name__', '  __X__ ']) {
      expect(refusal(() => parseUsername(reserved))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'username' },
      });
    }
    expect(parseUsername('___')).toBe('___');
  });

  it('ids', () => {
    expect(parseId('abc123', 'organizationId')).toBe('abc123');
    expect(parseId('x'.repeat(128), 'organizationId')).toHaveLength(128);
    for (const bad of BAD_IDS) {
      expect(refusal(() => parseId(bad, 'organizationId'))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'organizationId' },
      });
    }
  });
});

/** Client ids Firestore cannot store, or would read as another path; JSON can carry each one. */
const BAD_IDS: unknown[] = [
  '',
  '.',
  '..',
  '/',
  'a/b',
  '__x__',
  '__proto__',
  'x'.repeat(129),
  '\uD800',
  5,
  null,
];

describe('every callable that builds a document path from a client id', () => {
  let admin: Awaited<ReturnType<typeof adminWithOrganization>>;
  beforeAll(async () => {
    admin = await adminWithOrganization('Ids');
  });
  const back = { returnOrigin: 'http://127.0.0.1:5199', language: 'es' };
  const cases: [string, string, (id: unknown) => Record<string, unknown>][] = [
    [
      'createInvitation',
      'organizationId',
      (id) => ({ organizationId: id, email: uniqueEmail('id'), role: 'seller' }),
    ],
    ['getInvitationLink', 'organizationId', (id) => ({ organizationId: id, invitationId: 'i1' })],
    [
      'getInvitationLink',
      'invitationId',
      (id) => ({ organizationId: admin.organizationId, invitationId: id }),
    ],
    ['debugQuery', 'organizationId', (id) => ({ organizationId: id })],
    ['checkSubscription', 'organizationId', (id) => ({ organizationId: id })],
    ['createCheckoutSession', 'organizationId', (id) => ({ organizationId: id, ...back })],
    ['createPortalSession', 'organizationId', (id) => ({ organizationId: id, ...back })],
    ['authGmailStart', 'organizationId', (id) => ({ organizationId: id, ...back })],
    [
      'emailSendTest',
      'organizationId',
      (id) => ({ organizationId: id, to: uniqueEmail('to'), language: 'es' }),
    ],
    ['emailDisconnect', 'organizationId', (id) => ({ organizationId: id })],
  ];

  it.each(cases)(
    '%s refuses a bad %s with invalid-argument naming it (never a 500)',
    async (name, field, input) => {
      for (const bad of BAD_IDS) {
        const error = await callError(name, input(bad), admin.idToken);
        expect({ bad, status: error.status, details: error.details }).toEqual({
          bad,
          status: 'INVALID_ARGUMENT',
          details: { reason: 'invalid-input', field },
        });
      }
    },
  );
});
