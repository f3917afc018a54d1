import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from './constants.js';

/** What the username input keeps as the user types: lower case, letters/digits/underscore only. */
export function normalizeUsernameInput(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
}

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}
