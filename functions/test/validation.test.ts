import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';

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

  it('ids', () => {
    expect(parseId('abc123', 'organizationId')).toBe('abc123');
    for (const bad of ['', 'a/b', '..', '__x__', 'x'.repeat(129), 5]) {
      expect(refusal(() => parseId(bad, 'organizationId')).details).toMatchObject({
        field: 'organizationId',
      });
    }
  });
});
