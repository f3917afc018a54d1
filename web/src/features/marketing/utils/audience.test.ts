// The audience's figures (issue 31): 'Sin consentimiento' where the organization requires consent
// or someone was left out for it; an absent count (a run before it) reads as 0.
import { describe, expect, it } from 'vitest';
import { audienceFigures } from './audience';

const counts = { contacts: 10, recipients: 6, noEmail: 2, unsubscribed: 1, duplicates: 1 };

describe('audienceFigures', () => {
  it('without consent required and nobody left out for it: no consent row', () => {
    expect(audienceFigures(counts, false)).toEqual([
      { key: 'contacts', value: 10 },
      { key: 'recipients', value: 6 },
      { key: 'noEmail', value: 2 },
      { key: 'unsubscribed', value: 1 },
      { key: 'duplicates', value: 1 },
    ]);
    expect(audienceFigures({ ...counts, noConsent: 0 }, false).map((f) => f.key)).not.toContain('noConsent');
  });

  it('consent required: the row, 0 when the count is absent', () => {
    expect(audienceFigures(counts, true)).toContainEqual({ key: 'noConsent', value: 0 });
    expect(audienceFigures(counts, true).map((f) => f.key)).toEqual([
      'contacts',
      'recipients',
      'noEmail',
      'unsubscribed',
      'noConsent',
      'duplicates',
    ]);
  });

  it('contacts left out for consent: the row, even once the setting is off', () => {
    expect(audienceFigures({ ...counts, noConsent: 3 }, false)).toContainEqual({
      key: 'noConsent',
      value: 3,
    });
  });
});
