// What went wrong, in the customer's words: callables' refusals by `details.reason` (the model's
// PORTAL_CALL_REASONS and the common ones the portal meets), else by code; reads refused by the
// rules ('permission-denied': the access was revoked, or the record is not theirs).
import { PORTAL_CALL_REASONS, type PortalCallReason } from '@trato/model';
import type { PortalKey } from './i18n';

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** The error's code without its SDK prefix: 'permission-denied', 'unavailable', 'unauthorized'… */
export function errorCode(error: unknown): string | null {
  const code = field(error, 'code');
  return typeof code === 'string' ? code.replace(/^(functions|firestore|storage|auth)\//, '') : null;
}

/** `details.reason` of a callable's refusal. */
export function errorReason(error: unknown): string | null {
  const reason = field(field(error, 'details'), 'reason');
  return typeof reason === 'string' ? reason : null;
}

/** A read or a call the rules (or the server) refused for want of access. */
export function isAccessDenied(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'permission-denied' || code === 'unauthorized' || errorReason(error) === 'no-access';
}

/** The callables' reasons with words of their own. */
const REASON_KEYS: Record<PortalCallReason, PortalKey> = {
  'slug-taken': 'errors.portalNotFound',
  'slug-invalid': 'errors.portalNotFound',
  'portal-disabled': 'errors.portalNotFound',
  'portal-not-found': 'errors.portalNotFound',
  'no-email': 'errors.noEmail',
  'no-access': 'errors.noAccess',
  'email-unverified': 'errors.emailUnverified',
  'ticket-closed': 'errors.ticketClosed',
  'upload-missing': 'errors.uploadMissing',
  'upload-invalid': 'errors.uploadInvalid',
  'field-not-settable': 'errors.fieldNotSettable',
  'language-not-offered': 'errors.languageNotOffered',
};

const COMMON_REASON_KEYS: Record<string, PortalKey> = {
  'invalid-input': 'errors.invalidInput',
  'rate-limited': 'errors.rateLimited',
  'not-found': 'errors.notFound',
};

const CODE_KEYS: Record<string, PortalKey> = {
  unavailable: 'errors.network',
  'network-request-failed': 'errors.network',
  'deadline-exceeded': 'errors.network',
  'resource-exhausted': 'errors.rateLimited',
  'too-many-requests': 'errors.rateLimited',
  'permission-denied': 'errors.noAccess',
  unauthorized: 'errors.noAccess',
  unauthenticated: 'errors.signedOut',
  'not-found': 'errors.notFound',
  'invalid-argument': 'errors.invalidInput',
  'failed-precondition': 'errors.invalidInput',
  'quota-exceeded': 'errors.rateLimited',
};

const isPortalReason = (value: string | null): value is PortalCallReason =>
  value !== null && (PORTAL_CALL_REASONS as readonly string[]).includes(value);

/** The catalogue key of an error's message ('errors.generic' when nothing more is known). */
export function errorMessageKey(error: unknown): PortalKey {
  const reason = errorReason(error);
  if (isPortalReason(reason)) return REASON_KEYS[reason];
  if (reason && COMMON_REASON_KEYS[reason]) return COMMON_REASON_KEYS[reason];
  const code = errorCode(error);
  return (code && CODE_KEYS[code]) || 'errors.generic';
}
