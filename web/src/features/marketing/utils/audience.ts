/**
 * A campaign's audience as its figures show it (pure): the contacts, the recipients and those left
 * out. 'Sin consentimiento' (contacts without granted consent, left out because the organization
 * sends marketing only with consent) shows where the organization requires consent or someone was
 * left out for it; counts from before it existed have none, read as 0.
 */
import type { AudienceCounts } from '@trato/model';

export const AUDIENCE_KEYS = [
  'contacts',
  'recipients',
  'noEmail',
  'unsubscribed',
  'noConsent',
  'duplicates',
] as const;
export type AudienceKey = (typeof AUDIENCE_KEYS)[number];

export function audienceFigures(
  counts: AudienceCounts,
  consentRequired: boolean,
): { key: AudienceKey; value: number }[] {
  return AUDIENCE_KEYS.map((key) => ({ key, value: counts[key] ?? 0 })).filter(
    ({ key, value }) => key !== 'noConsent' || consentRequired || value > 0,
  );
}
