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

// ── Search, notifications, lists (spec section 9) ────────────────────────────
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_RESULTS_PER_TYPE = 5;
export const CONTACT_SEARCH_DEBOUNCE_MS = 300;
export const NOTIFICATIONS_MAX = 10;
export const NOTIFICATIONS_WINDOW_HOURS = 24;
export const NOTIFICATIONS_REFETCH_MS = 60_000;
export const SUBSCRIPTION_REFETCH_MS = 60_000;
export const PAGE_SIZE = 25;

/** Search tokens: word prefixes of at least SEARCH_MIN_CHARS, each at most this long. */
export const SEARCH_TOKEN_MAX_LENGTH = 20;
/** Cap on tokens per document; firestore.rules enforces the same number. */
export const SEARCH_TOKENS_MAX = 120;

// ── Subscription gate ─────────────────────────────────────────────────────────
/**
 * An `active` subscription keeps working this long after `currentPeriodEnd`, so a renewal whose
 * webhook arrives late does not lock a paying team out. firestore.rules and storage.rules use
 * the same value (48 h). Trials get no grace: `trialEnd` is exact.
 */
export const ACTIVE_GRACE_HOURS = 48;

// ── Documents ─────────────────────────────────────────────────────────────────
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

// ── Numbers ───────────────────────────────────────────────────────────────────
export const PROBABILITY_MIN = 0;
export const PROBABILITY_MAX = 100;
/** Upper bound for money amounts, far above any deal, to refuse nonsense such as 1e300. */
export const AMOUNT_MAX = 1_000_000_000_000;
export const DELAY_DAYS_MIN = 0;
export const DELAY_DAYS_MAX = 365;
export const STEP_ORDER_MAX = 100;

// ── List sizes ────────────────────────────────────────────────────────────────
export const ASSIGNEES_MAX = 20;
export const PARTICIPANTS_MAX = 50;

/**
 * Maximum string lengths (characters) enforced by firestore.rules and by the yup schemas.
 * `*_MIN` of 1 means "required, non-blank".
 */
export const LIMITS = {
  name: 200,
  title: 200,
  shortText: 100, // city, country, job title, pipeline, source, industry text
  phone: 50,
  rtn: 50,
  email: 254,
  url: 2048,
  address: 500,
  notes: 5000,
  description: 5000,
  noteContent: 10_000,
  ticketDescription: 10_000,
  folderName: 100,
  fileName: 255,
  mimeType: 255,
  storagePath: 1024,
  subject: 300,
  body: 50_000,
  sequenceDescription: 2000,
  id: 128,
  fullName: 100,
  orgName: 200,
  country: 100,
} as const;
