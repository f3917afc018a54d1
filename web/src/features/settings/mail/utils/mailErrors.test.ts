import { describe, expect, it } from 'vitest';
import es from '@/i18n/locales/es/settings.json';
import en from '@/i18n/locales/en/settings.json';
import { MAIL_REASONS, mailErrorText } from './mailErrors';

const callableError = (code: string, reason?: string) => ({
  code: `functions/${code}`,
  message: 'server text',
  details: reason ? { reason } : undefined,
});

describe('mailErrorText', () => {
  it("uses the reason's own hint when the server sent a mail reason", () => {
    expect(mailErrorText(callableError('failed-precondition', 'state-used'))).toEqual({
      kind: 'reason',
      key: 'email.reasons.state-used',
    });
    expect(mailErrorText(callableError('failed-precondition', 'mail-broken')).key).toBe(
      'email.reasons.mail-broken',
    );
  });

  it('names the test-email and daily quotas and the lapsed subscription', () => {
    expect(mailErrorText(callableError('resource-exhausted', 'test-email-quota')).key).toBe(
      'email.reasons.test-email-quota',
    );
    expect(mailErrorText(callableError('resource-exhausted', 'mail-daily-quota')).key).toBe(
      'email.reasons.mail-daily-quota',
    );
    expect(mailErrorText(callableError('failed-precondition', 'subscription-inactive')).key).toBe(
      'email.reasons.subscription-inactive',
    );
  });

  it('falls back to the general mapping for other reasons and plain errors', () => {
    expect(mailErrorText(callableError('permission-denied', 'not-admin'))).toEqual({
      kind: 'server',
      key: 'errors.server.permissionDenied',
    });
    expect(mailErrorText(callableError('unavailable'))).toEqual({
      kind: 'server',
      key: 'errors.server.unavailable',
    });
    expect(mailErrorText(new Error('boom')).key).toBe('errors.server.unknown');
  });

  it('every mail reason has text in both languages', () => {
    for (const reason of MAIL_REASONS) {
      expect((es.email.reasons as Record<string, string>)[reason], reason).toBeTruthy();
      expect((en.email.reasons as Record<string, string>)[reason], reason).toBeTruthy();
    }
  });
});
