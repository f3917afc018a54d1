import { describe, expect, it } from 'vitest';
import { SEND_FAILURE_REASONS, SEND_HOLD_REASONS, SEND_SKIP_REASONS } from '@trato/model';
import es from '@/i18n/locales/es/marketing.json';
import en from '@/i18n/locales/en/marketing.json';

/** The step chips of /marketing label a send-log entry's `error` as `marketing.sendErrors.{reason}`. */
describe('send-log reasons on /marketing', () => {
  it('every failure, skip and hold reason has text in both languages', () => {
    for (const reason of [...SEND_FAILURE_REASONS, ...SEND_SKIP_REASONS, ...SEND_HOLD_REASONS]) {
      expect((es.sendErrors as Record<string, string>)[reason], reason).toBeTruthy();
      expect((en.sendErrors as Record<string, string>)[reason], reason).toBeTruthy();
    }
  });

  it('a lapsed subscription reads as such', () => {
    expect(es.sendErrors['subscription-inactive']).toBe('Suscripción inactiva');
    expect(en.sendErrors['subscription-inactive']).toBe('Subscription inactive');
  });
});
