/** Business constants from the product specification (section 9), shared by web, functions and tests. */

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const PRICE_USD_PER_MONTH = 20;
export const TRIAL_DAYS = 14;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,20}$/;

export const INVITATION_EXPIRY_DAYS = 7;

export const PROJECT_ID_FOR_EMULATORS = 'demo-trato';
