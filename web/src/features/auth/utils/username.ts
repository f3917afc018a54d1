export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,20}$/;

/**
 * What the username field keeps as the user types: lower case, and only
 * letters, digits and underscores (spaces, accents, "@" and symbols are dropped).
 */
export function filterUsername(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9_]/g, '');
}

export function isValidUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value);
}
