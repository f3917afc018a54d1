/**
 * One error mapping for Firestore, Storage, Functions and Auth failures: their code → a text key
 * under `errors.server` (both languages). Raw SDK or server messages ("Missing or insufficient
 * permissions.") never reach the user; they are kept for the console.
 */
export const SERVER_ERROR_KEYS = [
  'permissionDenied',
  'unauthenticated',
  'notFound',
  'alreadyExists',
  'unavailable',
  'notCached',
  'quota',
  'invalid',
  'conflict',
  'tooLarge',
  'canceled',
  'unknown',
] as const;
export type ServerErrorKey = (typeof SERVER_ERROR_KEYS)[number];

const BY_CODE: Record<string, ServerErrorKey> = {
  'permission-denied': 'permissionDenied',
  unauthorized: 'permissionDenied', // storage/unauthorized
  unauthenticated: 'unauthenticated',
  'user-token-expired': 'unauthenticated',
  'requires-recent-login': 'unauthenticated',
  'not-found': 'notFound',
  'object-not-found': 'notFound',
  'bucket-not-found': 'notFound',
  'already-exists': 'alreadyExists',
  unavailable: 'unavailable',
  'deadline-exceeded': 'unavailable',
  'network-request-failed': 'unavailable',
  // Offline, and never read on this device (hooks.ts): not an empty list nor a missing record.
  'not-cached': 'notCached',
  'retry-limit-exceeded': 'unavailable',
  'resource-exhausted': 'quota',
  'quota-exceeded': 'quota',
  'too-many-requests': 'quota',
  'invalid-argument': 'invalid',
  'failed-precondition': 'invalid',
  'out-of-range': 'invalid',
  'invalid-checksum': 'invalid',
  aborted: 'conflict',
  cancelled: 'canceled',
  canceled: 'canceled',
  'server-file-wrong-size': 'tooLarge',
};

export interface DescribedError {
  key: ServerErrorKey;
  /** The SDK's code without its service prefix ('permission-denied'), or null. */
  code: string | null;
  /** The original message, for the console only. */
  message: string;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

export function describeError(error: unknown): DescribedError {
  const rawCode = field(error, 'code');
  // 'functions/permission-denied', 'storage/unauthorized', 'auth/network-request-failed', 'permission-denied'
  const code = typeof rawCode === 'string' ? rawCode.replace(/^[a-z]+\//, '') : null;
  const rawMessage = field(error, 'message');
  const message = typeof rawMessage === 'string' ? rawMessage : typeof error === 'string' ? error : '';
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const known = code ? BY_CODE[code] : undefined;
  const key: ServerErrorKey = known ?? (offline ? 'unavailable' : 'unknown');
  return { key, code, message };
}
