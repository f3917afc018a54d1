/** Business constants from the product specification (section 9), shared by web, functions and tests. */

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** A member's clock (issue 30); without a choice, the language's: 24 h in Spanish, 12 h in English. */
export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const DEFAULT_TIME_FORMAT: Record<Language, TimeFormat> = { es: '24h', en: '12h' };
/**
 * An IANA time-zone name as stored ('America/Tegucigalpa', 'UTC', 'America/Argentina/Buenos_Aires',
 * 'Etc/GMT+6'): the shape only — whether the zone exists is Intl's to say, in the browser.
 */
export const TIME_ZONE_PATTERN = /^(?:UTC|[A-Z][A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * Meeting preferences (issue 30): the length a new meeting gets, and the member's work hours and
 * days (ISO weekdays, 1 = Monday … 7 = Sunday), against which the meeting dialog warns.
 */
export const MEETING_MINUTES_CHOICES = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_MEETING_MINUTES = 60;
export const MEETING_MINUTES_MIN = 5;
export const MEETING_MINUTES_MAX = 480;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DEFAULT_WORK_DAYS: readonly number[] = [1, 2, 3, 4, 5];
export const DEFAULT_WORK_START = '08:00';
export const DEFAULT_WORK_END = '17:00';
/** 'HH:mm' on a 24-hour clock, as stored (shown in the member's clock). */
/**
 * Notification preferences (issue 30): the catalogue's task and meeting notifications, each shown
 * in the bell (unless muted) and, when chosen, in a daily e-mail digest at the member's hour.
 */
export const NOTIFICATION_KINDS = ['tasks', 'meetings'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The digest's hour in the member's time zone when they have not chosen one. */
export const DEFAULT_DIGEST_HOUR = 7;
/** The zone of a digest whose member never saved one (the web saves the device's on opting in). */
export const DIGEST_FALLBACK_TIME_ZONE = 'UTC';
/** Items of each kind a digest lists (the rest are counted: 'y 4 más'). */
export const DIGEST_ITEMS_MAX = 20;
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const PRICE_USD_PER_MONTH = 20;
export const TRIAL_DAYS = 14;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
/**
 * 3–20 lower-case letters, digits and underscores, and not `__…__`: a username is the id of its
 * usernames/{username} reservation, and Firestore refuses ids of that shape (paths.ts isValidId),
 * so web, functions and model refuse them here with the username message.
 */
export const USERNAME_PATTERN = /^(?!__.*__$)[a-z0-9_]{3,20}$/;

export const INVITATION_EXPIRY_DAYS = 7;
/** Organizations one person may create or join (an agency serving its clients stays well inside). */
export const ORGANIZATIONS_PER_USER_MAX = 20;

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
/**
 * Counts stop here: a list says "1.000+" beyond it. Production bills a count one read per 1,000
 * index entries, so an uncapped count of 100,000 contacts costs 100 reads on every visit.
 */
export const COUNT_LIMIT = 1000;

/** Search tokens: word prefixes of at least SEARCH_MIN_CHARS, each at most this long (code points). */
export const SEARCH_TOKEN_MAX_LENGTH = 20;
/** Cap on tokens per document; firestore.rules enforces the same number. */
export const SEARCH_TOKENS_MAX = 120;
/**
 * Words of a search the server matches together (one equality filter on `searchIndex` each;
 * Firestore allows 100 filters, orders and parents per query). Beyond it the longest are kept.
 */
export const SEARCH_WORDS_MAX = 10;

// ── Value patterns (firestore.rules writes the same ones in RE2; lengths count code points) ──
/**
 * One search token: letters and digits only (what `normalizeText` keeps), SEARCH_MIN_CHARS to
 * SEARCH_TOKEN_MAX_LENGTH code points. Rules: `'[\\p{L}\\p{N}]{2,20}'`.
 */
export const SEARCH_TOKEN_PATTERN = /^[\p{L}\p{N}]{2,20}$/u;
/**
 * An id stored in a field or a list (companyId, ownerId, assigneeIds, …): 1–128 code points,
 * no '/' (no Firestore document id or Auth uid used in a path can contain one).
 */
export const ID_PATTERN = /^[^/]{1,128}$/u;
/** `local@domain.tld` without whitespace (RE2's `\s` is exactly [ \t\n\f\r]). */
export const EMAIL_PATTERN = /^[^@ \t\n\f\r]+@[^@ \t\n\f\r]+\.[^@ \t\n\f\r]+$/u;
/** http or https only (no `javascript:`), no whitespace. */
export const URL_PATTERN = /^https?:\/\/[^ \t\n\f\r]+$/u;

// ── Subscription gate ─────────────────────────────────────────────────────────
/**
 * An `active` subscription keeps working this long after `currentPeriodEnd`, so a renewal whose
 * webhook arrives late does not lock a paying team out. firestore.rules and storage.rules use
 * the same value (48 h). Trials get no grace: `trialEnd` is exact.
 */
export const ACTIVE_GRACE_HOURS = 48;

// ── Mail ──────────────────────────────────────────────────────────────────────
/**
 * Test e-mails ('Enviar prueba') a member may send in any 60 minutes; each one also counts on
 * the mailbox's daily quota (the sequences' SEQUENCE_DAILY_CAP).
 */
export const TEST_EMAILS_PER_HOUR = 10;

// ── Documents ─────────────────────────────────────────────────────────────────
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/**
 * Folders nest at most this many levels (a root folder is level 1). The rules walk a new
 * folder's ancestors with getAfter(), one document read per level, so the bound keeps a
 * folder create within the 10-read budget of a request.
 */
export const FOLDER_MAX_DEPTH = 5;
/**
 * Content types a file may be stored with and served inline: passive formats a browser never
 * runs script in. Any other type (HTML, SVG, XML, JavaScript, Office files, …) must be uploaded
 * with `contentDisposition: attachment…`, so opening it from the bucket downloads it
 * (storage.rules; `uploadMetadata` in write.ts builds the metadata).
 */
export const INLINE_CONTENT_TYPES = [
  'application/pdf',
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
] as const;

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
/** Static marketing lists a contact may be on (Contact.listIds). */
export const LIST_MEMBERSHIPS_MAX = 50;

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
  /** A form's consent checkbox text (one language). */
  consentText: 1000,
  /** A marketing topic's name and description (the preference centre shows them). */
  topicName: 100,
  topicDescription: 300,
} as const;

/**
 * Contacts of one recordImportConsent call: an import's batch (the client sends a bigger import
 * in calls of this many).
 */
export const IMPORT_CONSENT_BATCH = 500;
