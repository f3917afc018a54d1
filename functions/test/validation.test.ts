import { HttpsError } from 'firebase-functions/v2/https';
import { beforeAll, describe, expect, it } from 'vitest';

import { ERR } from '@trato/model';

import { parseInput } from '../src/common/validation.js';
import { adminWithOrganization, callError, callOk, db, signUp, uniqueEmail, uniqueName } from './cloud.js';

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

// The unit checks of the one validation path (the model's schemas, model/src/callableInputs.ts,
// tested field by field there) as the functions answer them: invalid-argument naming the field.
const organization = { fullName: 'Ana López', username: 'ana_1', companyName: 'Acme', language: 'es' };
const invitation = { organizationId: 'org1', email: 'seller@example.com', role: 'seller' };
const username = (value: unknown) => parseInput('checkUsername', { username: value }).username;
const fullName = (value: unknown) =>
  parseInput('createOrganization', { ...organization, fullName: value }).fullName;
const companyName = (value: unknown) =>
  parseInput('createOrganization', { ...organization, companyName: value }).companyName;
const language = (value: unknown) =>
  parseInput('createOrganization', { ...organization, language: value }).language;
const email = (value: unknown) => parseInput('createInvitation', { ...invitation, email: value }).email;
const role = (value: unknown) => parseInput('createInvitation', { ...invitation, role: value }).role;
const permissions = (role: string, value: unknown) =>
  parseInput('createInvitation', { ...invitation, role, permissions: value }).permissions;
const organizationId = (value: unknown) => parseInput('debugQuery', { organizationId: value }).organizationId;

describe('validation', () => {
  it('the request must be a plain object', () => {
    expect(parseInput('debugQuery', { organizationId: 'o1', a: 1 })).toEqual({ organizationId: 'o1' });
    for (const bad of [null, undefined, 'x', 3, []])
      expect(refusal(() => parseInput('debugQuery', bad))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'data' },
      });
  });

  it('usernames: 3-20 of [a-z0-9_], lower-cased, never stripped', () => {
    expect(username('ana_1')).toBe('ana_1');
    expect(username(' Ana_1 ')).toBe('ana_1');
    expect(username('a'.repeat(20))).toBe('a'.repeat(20));
    for (const bad of ['ab', 'a'.repeat(21), 'ana-1', 'ana 1', 'añá', 'ana.b', '', 42, null]) {
      expect(refusal(() => username(bad))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'username' },
      });
    }
  });

  it('names: trimmed, not blank, bounded', () => {
    expect(fullName('  Ana López ')).toBe('Ana López');
    expect(fullName('x'.repeat(100))).toHaveLength(100);
    expect(refusal(() => fullName('x'.repeat(101))).code).toBe('invalid-argument');
    expect(refusal(() => fullName('   ')).details).toEqual({
      reason: 'invalid-input',
      field: 'fullName',
    });
    expect(companyName('y'.repeat(200))).toHaveLength(200);
    expect(refusal(() => companyName('y'.repeat(201))).details).toMatchObject({ field: 'companyName' });
    expect(refusal(() => companyName(undefined)).code).toBe('invalid-argument');
  });

  it('language es|en', () => {
    expect(language('es')).toBe('es');
    expect(language('en')).toBe('en');
    expect(refusal(() => language('fr')).code).toBe('invalid-argument');
    expect(refusal(() => language(undefined)).code).toBe('invalid-argument');
  });

  it('e-mails are lower-cased and shape-checked', () => {
    expect(email(' Seller@Example.COM ')).toBe('seller@example.com');
    for (const bad of ['no-at', 'a@b', 'a b@c.d', `${'a'.repeat(250)}@b.cd`, 7]) {
      expect(refusal(() => email(bad)).code).toBe('invalid-argument');
    }
  });

  it('roles admin|seller', () => {
    expect(role('admin')).toBe('admin');
    expect(role('seller')).toBe('seller');
    expect(refusal(() => role('superadmin')).code).toBe('invalid-argument');
  });

  it('permissions: a valid matrix (admins store {}: createInvitation applies permissionsForRole)', () => {
    const contacts = { contacts: { view: true, create: true } };
    expect(permissions('admin', contacts)).toEqual(contacts);
    expect(permissions('seller', contacts)).toEqual(contacts);
    expect(permissions('seller', undefined)).toEqual({});
    for (const bad of [
      { contacts: { view: 'yes' } },
      { payroll: { view: true } },
      { contacts: { approve: true } },
      { contacts: [true] },
      [],
      'x',
    ]) {
      expect(refusal(() => permissions('seller', bad)).details).toMatchObject({ field: 'permissions' });
      // The old parsing stored {} for an admin whatever was sent; the contract refuses garbage.
      expect(refusal(() => permissions('admin', bad)).details).toMatchObject({ field: 'permissions' });
    }
  });

  it('usernames that Firestore reserves as document ids (__x__) are refused like any invalid one', () => {
    for (const reserved of ['__proto__', '__x__', '__name__', '  __X__ ']) {
      expect(refusal(() => username(reserved))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'username' },
      });
    }
    expect(username('___')).toBe('___');
  });

  it('ids', () => {
    expect(organizationId('abc123')).toBe('abc123');
    expect(organizationId('x'.repeat(128))).toHaveLength(128);
    for (const bad of BAD_IDS) {
      expect(refusal(() => organizationId(bad))).toEqual({
        code: 'invalid-argument',
        details: { reason: 'invalid-input', field: 'organizationId' },
      });
    }
  });

  it("the message names the field and the model's message key", () => {
    try {
      email('a@b');
    } catch (error) {
      expect((error as HttpsError).message).toBe(`email is not a valid e-mail (${ERR.email}).`);
    }
    expect.assertions(1);
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

/** 100 code points in 200 UTF-16 units: the old parsing counted units (ids 128, names 100, codes 2048). */
const astral = (n: number) => '😀'.repeat(n);

describe('inputs the old hand-written parsing and the model judge differently: invalid-argument, never a 500', () => {
  let admin: Awaited<ReturnType<typeof adminWithOrganization>>;
  beforeAll(async () => {
    admin = await adminWithOrganization('Differences');
  });
  const back = { returnOrigin: 'http://127.0.0.1:5199', language: 'es' };
  const org = () => ({ organizationId: admin.organizationId });
  /** Each callable with a valid-looking request and one of its string fields. */
  const callables = (): [string, Record<string, unknown>, string][] => [
    ['checkUsername', { username: uniqueName('n') }, 'username'],
    [
      'createOrganization',
      { fullName: 'Ana', username: uniqueName('n'), companyName: 'Acme', language: 'es' },
      'username',
    ],
    ['createInvitation', { ...org(), email: uniqueEmail('n'), role: 'seller' }, 'organizationId'],
    ['getInvitationLink', { ...org(), invitationId: 'i1' }, 'invitationId'],
    ['acceptInvitation', { token: 't', fullName: 'Ana', username: uniqueName('n') }, 'username'],
    ['debugQuery', org(), 'organizationId'],
    ['createCheckoutSession', { ...org(), ...back }, 'organizationId'],
    ['createPortalSession', { ...org(), ...back }, 'organizationId'],
    ['checkSubscription', org(), 'organizationId'],
    ['authGmailStart', { ...org(), ...back }, 'organizationId'],
    ['authGmailCallback', { code: 'c', state: 's' }, 'code'],
    ['emailDisconnect', org(), 'organizationId'],
    ['emailSendTest', { ...org(), to: uniqueEmail('n'), language: 'es' }, 'organizationId'],
  ];

  it('every callable refuses a request that is not an object, and a number where a string belongs (never cast)', async () => {
    const names = [...callables().map(([name]) => name), 'getInvitation'];
    for (const name of names) {
      for (const bad of ['x', [], 7]) {
        const error = await callError(name, bad, admin.idToken);
        expect({ name, status: error.status, details: error.details }).toEqual({
          name,
          status: 'INVALID_ARGUMENT',
          details: { reason: 'invalid-input', field: 'data' },
        });
      }
    }
    // 12345 would pass as the username or id '12345' if the schema cast it as yup does by default.
    for (const [name, input, field] of callables()) {
      const error = await callError(name, { ...input, [field]: 12345 }, admin.idToken);
      expect({ name, status: error.status, details: error.details }).toEqual({
        name,
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-input', field },
      });
    }
    // The invitation token stays the lookup's business: anything unusable is an invalid invitation.
    expect(await callError('getInvitation', { token: ['t'] })).toMatchObject({
      status: 'NOT_FOUND',
      details: { reason: 'invalid' },
    });
  });

  it('a lone surrogate (JSON carries it, Firestore cannot store it), which the old parsing passed on, is refused', async () => {
    const invitee = await signUp();
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'createOrganization',
        { fullName: 'Ana \uD800', username: uniqueName('s'), companyName: 'Acme', language: 'es' },
        'fullName',
      ],
      [
        'createOrganization',
        { fullName: 'Ana', username: uniqueName('s'), companyName: '\uDC00 Acme', language: 'es' },
        'companyName',
      ],
      ['createInvitation', { ...org(), email: 'ana\uD800@test.trato', role: 'seller' }, 'email'],
      ['acceptInvitation', { token: 't', fullName: 'Ana \uD800', username: uniqueName('s') }, 'fullName'],
      ['authGmailCallback', { code: 'c\uD800', state: 's' }, 'code'],
    ];
    for (const [name, input, field] of cases) {
      const error = await callError(
        name,
        input,
        name === 'createInvitation' ? admin.idToken : invitee.idToken,
      );
      expect({ name, status: error.status, details: error.details }).toEqual({
        name,
        status: 'INVALID_ARGUMENT',
        details: { reason: 'invalid-input', field },
      });
    }
    expect((await db.doc(`users/${invitee.uid}`).get()).exists).toBe(false);
  });

  it("an admin's invitation with a malformed permission map is refused (the old parsing stored {})", async () => {
    for (const permissions of ['garbage', { payroll: { view: true } }, { contacts: { view: 'yes' } }]) {
      const error = await callError(
        'createInvitation',
        { ...org(), email: uniqueEmail('adm'), role: 'admin', permissions },
        admin.idToken,
      );
      expect(error.status).toBe('INVALID_ARGUMENT');
      expect(error.details).toEqual({ reason: 'invalid-input', field: 'permissions' });
    }
  });

  it('ids of up to 128 code points (the old parsing refused over 128 UTF-16 units) reach the next check', async () => {
    const id = astral(100);
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'createInvitation',
        { organizationId: id, email: uniqueEmail('a'), role: 'seller' },
        'PERMISSION_DENIED',
        'not-admin',
      ],
      ['getInvitationLink', { organizationId: id, invitationId: 'i1' }, 'PERMISSION_DENIED', 'not-admin'],
      ['getInvitationLink', { ...org(), invitationId: id }, 'NOT_FOUND', 'invalid'],
      ['debugQuery', { organizationId: id }, 'PERMISSION_DENIED', 'not-admin'],
      ['checkSubscription', { organizationId: id }, 'PERMISSION_DENIED', 'not-member'],
      ['createCheckoutSession', { organizationId: id, ...back }, 'PERMISSION_DENIED', 'not-admin'],
      ['createPortalSession', { organizationId: id, ...back }, 'PERMISSION_DENIED', 'not-admin'],
      ['authGmailStart', { organizationId: id, ...back }, 'PERMISSION_DENIED', 'not-member'],
      ['emailDisconnect', { organizationId: id }, 'PERMISSION_DENIED', 'not-member'],
      [
        'emailSendTest',
        { organizationId: id, to: uniqueEmail('t'), language: 'es' },
        'PERMISSION_DENIED',
        'not-member',
      ],
    ];
    for (const [name, input, status, reason] of cases) {
      const error = await callError(name, input, admin.idToken);
      expect({ name, status: error.status, reason: error.details?.reason }).toEqual({ name, status, reason });
    }
  });

  it('names are counted in code points, as the rules count them (the old parsing counted UTF-16 units)', async () => {
    const name = astral(60); // 120 units: refused before, within LIMITS.fullName now
    const founder = await signUp();
    await callOk(
      'createOrganization',
      { fullName: name, username: uniqueName('cp'), companyName: astral(150), language: 'es' },
      founder.idToken,
    );
    expect((await db.doc(`users/${founder.uid}`).get()).get('fullName')).toBe(name);

    const invitee = await signUp();
    const { token } = await callOk<{ token: string }>(
      'createInvitation',
      { ...org(), email: invitee.email, role: 'seller' },
      admin.idToken,
    );
    await callOk('acceptInvitation', { token, fullName: name, username: uniqueName('cp') }, invitee.idToken);
    expect(
      (await db.doc(`organizations/${admin.organizationId}/members/${invitee.uid}`).get()).get('fullName'),
    ).toBe(name);

    // 1,500 code points in 3,000 units: within the OAuth code's 2,048; the state is what fails.
    const error = await callError('authGmailCallback', { code: astral(1500), state: 's' }, admin.idToken);
    expect({ status: error.status, details: error.details }).toEqual({
      status: 'PERMISSION_DENIED',
      details: { reason: 'state-invalid' },
    });
  });

  it("e-mails follow the model's EMAIL_PATTERN (the rules' isEmail), not the old JS \\s pattern", async () => {
    // A no-break space inside: the old pattern refused it; the rules' [ \t\n\f\r] lets it through.
    const spaced = `ana\u00a0${uniqueName('nb')}@test.trato`;
    const { invitationId } = await callOk<{ invitationId: string }>(
      'createInvitation',
      { ...org(), email: spaced.toUpperCase(), role: 'seller' },
      admin.idToken,
    );
    expect(
      (await db.doc(`organizations/${admin.organizationId}/invitations/${invitationId}`).get()).get('email'),
    ).toBe(spaced);
    // emailSendTest takes the same address; here the caller is no member, the next check.
    const error = await callError(
      'emailSendTest',
      { organizationId: 'elsewhere', to: spaced, language: 'es' },
      admin.idToken,
    );
    expect(error.details).toEqual({ reason: 'not-member' });
    // Whitespace the rules' pattern refuses is refused by both.
    for (const to of ['a b@c.de', 'a\tb@c.de']) {
      expect(
        (await callError('emailSendTest', { ...org(), to, language: 'es' }, admin.idToken)).details,
      ).toEqual({
        reason: 'invalid-input',
        field: 'to',
      });
    }
  });
});
