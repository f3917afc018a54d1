import { describe, expect, it } from 'vitest';
import { BillingAnswerError, billingErrorKey } from './billingErrors';
import { isBackFromCheckout } from './gate';

describe('isBackFromCheckout', () => {
  it('recognises the success return of Checkout only', () => {
    expect(isBackFromCheckout('?checkout=success')).toBe(true);
    expect(isBackFromCheckout('?checkout=canceled')).toBe(false);
    expect(isBackFromCheckout('')).toBe(false);
  });
});

describe('billingErrorKey', () => {
  const callableError = (code: string, reason?: string) => ({
    code: `functions/${code}`,
    message: 'server text',
    details: reason ? { reason } : undefined,
  });
  it('maps the server causes to catalogue texts', () => {
    expect(billingErrorKey(callableError('failed-precondition', 'already-subscribed')).key).toBe(
      'alreadySubscribed',
    );
    expect(billingErrorKey(callableError('permission-denied', 'not-admin')).key).toBe('notAdmin');
    expect(billingErrorKey(callableError('failed-precondition', 'no-customer')).key).toBe('noCustomer');
    expect(billingErrorKey(callableError('unauthenticated')).key).toBe('noSession');
    expect(billingErrorKey(callableError('internal')).key).toBe('unavailable');
  });
  it('keeps the server message of an unknown failure for the log', () => {
    expect(billingErrorKey(callableError('aborted'))).toEqual({ key: 'unknown', message: 'server text' });
    expect(billingErrorKey(new Error('boom'))).toEqual({ key: 'unknown', message: 'boom' });
  });
  it('names answers without data or URL', () => {
    expect(billingErrorKey(new BillingAnswerError('noUrl')).key).toBe('noUrl');
    expect(billingErrorKey(new BillingAnswerError('noResponse')).key).toBe('noResponse');
  });
});
