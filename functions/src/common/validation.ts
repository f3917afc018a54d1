// Input checks for the callables. Every value arrives from an untrusted client, so each parser
// checks the type, trims, and applies the same limits as firestore.rules / the web's yup schemas.
import {
  ACTIONS,
  LANGUAGES,
  LIMITS,
  RESOURCES,
  ROLES,
  isValidId,
  isValidPermissionMap,
  isValidUsername,
  permissionsForRole,
  type Language,
  type PermissionMap,
  type Role,
} from '@trato/model';

import { fail } from './errors.js';

function invalid(field: string, message: string): never {
  fail('invalid-argument', message, { reason: 'invalid-input', field });
}

/** The callable's `data` must be a plain object (the web SDK sends `{}` at least). */
export function asRecord(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) invalid('data', 'Expected an object.');
  return data as Record<string, unknown>;
}

/** Required, non-blank text of at most `max` characters, trimmed. */
export function parseText(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') invalid(field, `${field} must be a string.`);
  const text = value.trim();
  if (!text) invalid(field, `${field} is required.`);
  if (text.length > max) invalid(field, `${field} must be at most ${max} characters.`);
  return text;
}

/**
 * Usernames are unique regardless of case: the web lowercases as the user types, and the server
 * lowercases too, so 'Ana' and 'ana' are the same reservation. Other characters are refused,
 * never stripped (the user must see what they get).
 */
export function parseUsername(value: unknown): string {
  if (typeof value !== 'string') invalid('username', 'username must be a string.');
  const username = value.trim().toLowerCase();
  if (!isValidUsername(username)) {
    invalid('username', 'username must be 3-20 letters, digits or underscores.');
  }
  return username;
}

export function parseFullName(value: unknown): string {
  return parseText(value, 'fullName', LIMITS.fullName);
}

export function parseCompanyName(value: unknown): string {
  return parseText(value, 'companyName', LIMITS.orgName);
}

export function parseLanguage(value: unknown): Language {
  if (!(LANGUAGES as readonly unknown[]).includes(value))
    invalid('language', "language must be 'es' or 'en'.");
  return value as Language;
}

/** Same shape test as firestore.rules' isEmail; stored lower-case (Auth compares case-insensitively). */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function parseEmail(value: unknown, field = 'email'): string {
  if (typeof value !== 'string') invalid(field, `${field} must be a string.`);
  const email = value.trim().toLowerCase();
  if (email.length > LIMITS.email || !EMAIL_PATTERN.test(email))
    invalid(field, `${field} is not a valid e-mail.`);
  return email;
}

export function parseRole(value: unknown): Role {
  if (!(ROLES as readonly unknown[]).includes(value)) invalid('role', "role must be 'admin' or 'seller'.");
  return value as Role;
}

/**
 * Admins store `{}` whatever was sent (spec section 5). A seller's map may name only the nine
 * resources and four actions with boolean values; absent means "view only everywhere".
 */
export function parsePermissions(role: Role, value: unknown): PermissionMap {
  if (role === 'admin') return {};
  if (value === undefined || value === null) return {};
  if (!isValidPermissionMap(value)) {
    invalid(
      'permissions',
      `permissions must map ${RESOURCES.join('/')} to {${ACTIONS.join(', ')}: boolean}.`,
    );
  }
  // Copy only the known keys so nothing else reaches Firestore.
  const copy: PermissionMap = {};
  for (const [resource, entry] of Object.entries(value)) {
    copy[resource as keyof PermissionMap] = { ...entry };
  }
  return permissionsForRole(role, copy);
}

export function parseId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > LIMITS.id || !isValidId(value)) {
    invalid(field, `${field} is not a valid id.`);
  }
  return value;
}
