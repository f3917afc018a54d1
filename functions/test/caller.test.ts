import { HttpsError } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';

import { requireCaller, requireEmail, sameEmail } from '../src/common/caller.js';

type Auth = Parameters<typeof requireCaller>[0];
const auth = (uid: string, email?: string) => ({ uid, token: { email } }) as unknown as Auth;

describe('caller', () => {
  it('requires a signed-in caller', () => {
    expect(() => requireCaller(undefined)).toThrow(HttpsError);
    try {
      requireCaller(undefined);
    } catch (e) {
      expect((e as HttpsError).code).toBe('unauthenticated');
    }
  });

  it('takes uid and a lower-cased e-mail from the verified token', () => {
    expect(requireCaller(auth('u1', 'Ana@Example.com'))).toEqual({ uid: 'u1', email: 'ana@example.com' });
    expect(requireCaller(auth('u1'))).toEqual({ uid: 'u1', email: null });
  });

  it('requireEmail refuses accounts without e-mail', () => {
    expect(requireEmail({ uid: 'u', email: 'a@b.co' })).toBe('a@b.co');
    try {
      requireEmail({ uid: 'u', email: null });
      throw new Error('unreachable');
    } catch (e) {
      expect((e as HttpsError).code).toBe('failed-precondition');
      expect((e as HttpsError).details).toEqual({ reason: 'no-email' });
    }
  });

  it('compares e-mails case-insensitively and never matches missing ones', () => {
    expect(sameEmail('Ana@Example.com', ' ana@example.com ')).toBe(true);
    expect(sameEmail('ana@example.com', 'ana@example.org')).toBe(false);
    expect(sameEmail(null, null)).toBe(false);
    expect(sameEmail('', '')).toBe(false);
  });
});
