import { describe, expect, it } from 'vitest';
import { PORTAL_CALL_REASONS } from '@trato/model';
import { errorCode, errorMessageKey, errorReason, isAccessDenied } from './errors';
import { PORTAL_CATALOGUES } from './i18n';

const refusal = (code: string, reason?: string) =>
  Object.assign(new Error('refused'), { code, details: reason ? { reason } : undefined });

function lookup(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
}

describe('errorMessageKey', () => {
  it('has words, in both languages, for every reason of the portal’s callables', () => {
    for (const reason of PORTAL_CALL_REASONS) {
      const key = errorMessageKey(refusal('functions/failed-precondition', reason));
      expect(key, reason).not.toBe('errors.generic');
      for (const catalogue of Object.values(PORTAL_CATALOGUES))
        expect(typeof lookup(catalogue, key)).toBe('string');
    }
  });

  it('reads the reason before the code', () => {
    expect(errorMessageKey(refusal('functions/permission-denied', 'no-access'))).toBe('errors.noAccess');
    expect(errorMessageKey(refusal('functions/failed-precondition', 'ticket-closed'))).toBe(
      'errors.ticketClosed',
    );
    expect(errorMessageKey(refusal('functions/resource-exhausted', 'rate-limited'))).toBe(
      'errors.rateLimited',
    );
  });

  it('falls back on the code, then on a generic message', () => {
    expect(errorMessageKey(refusal('functions/unavailable'))).toBe('errors.network');
    expect(errorMessageKey(refusal('auth/network-request-failed'))).toBe('errors.network');
    expect(errorMessageKey(refusal('permission-denied'))).toBe('errors.noAccess');
    expect(errorMessageKey(refusal('functions/internal', 'something-new'))).toBe('errors.generic');
    expect(errorMessageKey('boom')).toBe('errors.generic');
    expect(errorMessageKey(null)).toBe('errors.generic');
  });
});

describe('access refusals', () => {
  it('are Firestore’s and Storage’s refusals, and the callables’ no-access', () => {
    expect(isAccessDenied(refusal('permission-denied'))).toBe(true);
    expect(isAccessDenied(refusal('storage/unauthorized'))).toBe(true);
    expect(isAccessDenied(refusal('functions/failed-precondition', 'no-access'))).toBe(true);
    expect(isAccessDenied(refusal('unavailable'))).toBe(false);
    expect(isAccessDenied(refusal('functions/not-found', 'portal-not-found'))).toBe(false);
  });

  it('codes lose their SDK prefix; reasons come from details', () => {
    expect(errorCode(refusal('functions/not-found'))).toBe('not-found');
    expect(errorCode({})).toBeNull();
    expect(errorReason(refusal('functions/not-found', 'portal-disabled'))).toBe('portal-disabled');
    expect(errorReason(new Error('x'))).toBeNull();
  });
});
