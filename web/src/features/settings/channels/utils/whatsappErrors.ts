import { describeError } from '@/i18n/errors';

/** The refusals of the WhatsApp channel's callables that have words of their own (settings `channels.reasons`). */
export const CHANNEL_REASONS = [
  'number-taken',
  'token-refused',
  'number-not-found',
  'not-connected',
  'rate-limited',
  'not-member',
  'not-admin',
  'no-right',
  'subscription-inactive',
  'invalid-input',
  'not-configured',
] as const;
export type ChannelReason = (typeof CHANNEL_REASONS)[number];

/** The connect form's fields a refusal can point at. */
export const CONNECT_FIELDS = ['phoneNumberId', 'wabaId', 'accessToken'] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** A callable's refusal as sent: `details.reason` and, for invalid-input, `details.field`. */
export function refusalOf(error: unknown): { reason: string | null; field: string | null } {
  const details = field(error, 'details');
  const reason = field(details, 'reason');
  const named = field(details, 'field');
  return {
    reason: typeof reason === 'string' ? reason : null,
    field: typeof named === 'string' ? named : null,
  };
}

export type ChannelErrorText =
  | { kind: 'reason'; key: `channels.reasons.${ChannelReason}`; field: ConnectField | null }
  | { kind: 'server'; key: `errors.server.${string}`; field: null };

/** The field of the connect form a reason concerns (it gets the error's outline). */
const REASON_FIELD: Partial<Record<ChannelReason, ConnectField>> = {
  'number-taken': 'phoneNumberId',
  'number-not-found': 'phoneNumberId',
  'token-refused': 'accessToken',
};

/**
 * What to say about a refused WhatsApp channel call: the reason's own words when the server sent
 * one we know (and which field it concerns), else the general mapping (permission, offline, …).
 */
export function channelErrorText(error: unknown): ChannelErrorText {
  const refusal = refusalOf(error);
  if (refusal.reason && (CHANNEL_REASONS as readonly string[]).includes(refusal.reason)) {
    const reason = refusal.reason as ChannelReason;
    const named =
      reason === 'invalid-input' && (CONNECT_FIELDS as readonly string[]).includes(refusal.field ?? '')
        ? (refusal.field as ConnectField)
        : (REASON_FIELD[reason] ?? null);
    return { kind: 'reason', key: `channels.reasons.${reason}`, field: named };
  }
  return { kind: 'server', key: `errors.server.${describeError(error).key}`, field: null };
}
