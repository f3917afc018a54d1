/**
 * E-mail sequences (issue 18): merge fields and their rendering, the due-time rule, the send-log
 * id, a recipient's status per step, the opt-out key and the failure reasons — shared by the
 * scheduled sender (functions/src/sequences) and the /marketing screens.
 */
import type { Language } from './constants.js';
import type { EnrollmentStatus, SendStatus } from './enums.js';

// ── Merge fields ─────────────────────────────────────────────────────────────

/**
 * The merge fields a step's subject and body may use, in chip order. `key` is i18n-neutral (the
 * UI labels it as `marketing.mergeFields.{key}`); `token` is what is inserted (`{{nombre}}`);
 * `aliases` are also understood (English names).
 */
export const MERGE_FIELDS = [
  { key: 'firstName', token: 'nombre', aliases: ['first_name'] },
  { key: 'fullName', token: 'nombre_completo', aliases: ['full_name'] },
  { key: 'company', token: 'empresa', aliases: ['company'] },
  { key: 'jobTitle', token: 'cargo', aliases: ['job_title'] },
  { key: 'email', token: 'email', aliases: ['correo'] },
  { key: 'city', token: 'ciudad', aliases: ['city'] },
  { key: 'senderName', token: 'remitente', aliases: ['sender_name'] },
] as const satisfies readonly { key: string; token: string; aliases: readonly string[] }[];

export type MergeFieldKey = (typeof MERGE_FIELDS)[number]['key'];
export type MergeValues = Partial<Record<MergeFieldKey, string | null | undefined>>;

/** `{{nombre}}`: what a chip inserts. */
export function mergeTag(key: MergeFieldKey): string {
  const field = MERGE_FIELDS.find((f) => f.key === key)!;
  return `{{${field.token}}}`;
}

const FIELD_BY_NAME = new Map<string, MergeFieldKey>(
  MERGE_FIELDS.flatMap((f) => [f.token, ...f.aliases].map((name) => [name, f.key] as const)),
);

/** `{{ name }}`: letters, digits and `_`, spaces allowed inside the braces. */
const TAG = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/**
 * Replaces every known merge tag (token or alias, case-insensitive, `{{ nombre }}` spacing
 * tolerated) with its value ('' when the value is missing). Unknown tags are left as written.
 * Pure: no escaping — escape the values yourself for HTML (`renderTemplate(t, values, escapeHtml)`).
 */
export function renderTemplate(
  template: string,
  values: MergeValues,
  encode: (value: string) => string = (v) => v,
): string {
  return template.replace(TAG, (whole, name: string) => {
    const key = FIELD_BY_NAME.get(name.toLowerCase());
    return key === undefined ? whole : encode(values[key] ?? '');
  });
}

/** The merge tags a template uses that are not merge fields (the editor may warn). */
export function unknownMergeTags(template: string): string[] {
  const out = new Set<string>();
  for (const m of template.matchAll(TAG)) if (!FIELD_BY_NAME.has(m[1]!.toLowerCase())) out.add(m[0]);
  return [...out];
}

/** The contact fields the merge values come from (a Contact satisfies it). */
export interface MergeContact {
  name: string;
  email?: string | null;
  companyName?: string | null;
  jobTitle?: string | null;
  city?: string | null;
}

/** The values of every merge field for a contact; `senderName` is the sending member's full name. */
export function mergeValuesFor(contact: MergeContact, senderName: string): Record<MergeFieldKey, string> {
  const full = (contact.name ?? '').trim().replace(/\s+/g, ' ');
  return {
    firstName: full.split(' ')[0] ?? '',
    fullName: full,
    company: contact.companyName?.trim() ?? '',
    jobTitle: contact.jobTitle?.trim() ?? '',
    email: contact.email?.trim() ?? '',
    city: contact.city?.trim() ?? '',
    senderName: senderName.trim(),
  };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// ── Schedule ─────────────────────────────────────────────────────────────────

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When step `index` (0-based, in stepOrder) is due: the enrolment's start (its `createdAt`) plus
 * the delays of steps 0..index. Delays beyond the list count as 0.
 */
export function stepDueAt(startMs: number, delayDays: readonly number[], index: number): number {
  let days = 0;
  for (let i = 0; i <= index && i < delayDays.length; i++) days += Math.max(0, delayDays[i] ?? 0);
  return startMs + days * DAY_MS;
}

/**
 * When the sender schedules step `index` after step `index - 1` went out at `previousSentMs`:
 * the step's nominal due time (`stepDueAt`), but never sooner than its own delay after the
 * previous e-mail — so a sequence resumed late, or a step held back by the daily cap, does not
 * send the rest of the sequence at once.
 */
export function nextDueAt(
  startMs: number,
  delayDays: readonly number[],
  index: number,
  previousSentMs: number,
): number {
  return Math.max(
    stepDueAt(startMs, delayDays, index),
    previousSentMs + Math.max(0, delayDays[index] ?? 0) * DAY_MS,
  );
}

// ── Send log and recipient status ────────────────────────────────────────────

/** organizations/{orgId}/sendLog/{id} of one (enrolment, step): claimed once by the sender. */
export function sendLogId(sequenceId: string, contactId: string, stepId: string): string {
  return `${sequenceId}_${contactId}_${stepId}`;
}

/**
 * Why a step failed or was skipped (`SendLogEntry.error`; the UI labels them as
 * `marketing.sendErrors.{reason}`). The mail-* reasons are sendAsMember's. The mailbox that
 * sends is the sequence OWNER's (`Sequence.createdBy`), whoever enrolled the contact.
 */
export const SEND_FAILURE_REASONS = [
  /** The contact has no e-mail address (or it is not one). */
  'no-email',
  /** The contact was deleted. */
  'contact-missing',
  /** The sequence's owner has no connected mailbox in the organization. */
  'mail-not-connected',
  /** The owner's mailbox was disconnected by Google (reconnect in Ajustes). */
  'mail-broken',
  /** Gmail refused the message for another reason. */
  'mail-send-failed',
  /** The sequence's owner is no longer a member of the organization. */
  'sender-missing',
  /**
   * An unexpected error while sending (not one of Gmail's answers above). The step is not retried
   * by itself: Gmail may have taken the message, so a member decides (resume = retry).
   */
  'send-error',
  /**
   * Sent, then a delivery-failure report about it came back (two-way e-mail): the address does
   * not take mail; the enrolment fails.
   */
  'bounced',
  /** A WhatsApp step: the contact has no phone WhatsApp can take. */
  'no-phone',
  /** A WhatsApp step: the organization has no connected number (or the platform refused its token). */
  'whatsapp-not-connected',
  /** A WhatsApp step: its template is missing, not approved or paused. */
  'template-unavailable',
  /** A WhatsApp step: the platform refused or failed the message (not on WhatsApp, parameters…). */
  'whatsapp-failed',
] as const;
export type SendFailureReason = (typeof SEND_FAILURE_REASONS)[number];

export const SEND_SKIP_REASONS = [
  /** The address opted out (unsubscribe link): never sent, the enrolment ends 'unsubscribed'. */
  'unsubscribed',
  /** A 'wait' step: nothing to send (a 'task' step is 'sent' with the task's id). */
  'not-email',
  /**
   * The organization sends marketing only with consent and the contact has none (or withdrew
   * it): never sent; the enrolment stops, the campaign's recipient is skipped.
   */
  'no-consent',
  /** The contact replied before this step's turn (two-way e-mail): the enrolment ended 'replied'. */
  'replied',
] as const;
export type SendSkipReason = (typeof SEND_SKIP_REASONS)[number];

/**
 * Why a step waits without failing (`SendLogEntry.error` of a `pending` entry): the enrolment
 * stays active on the same step and is sent by a later pass once the cause is gone.
 */
export const SEND_HOLD_REASONS = [
  /** The organization's subscription is not live (`isSubscriptionActive`): nothing is sent. */
  'subscription-inactive',
] as const;
export type SendHoldReason = (typeof SEND_HOLD_REASONS)[number];

/**
 * A recipient's status for step `index` of an enrolment, as the sequence screen shows it: the
 * send-log entry's status when there is one; else skipped when the enrolment ended before the
 * step (unsubscribed, stopped, failed, completed); else pending.
 */
export function recipientStepStatus(
  enrollment: { status: EnrollmentStatus; currentStep: number },
  index: number,
  logStatus: SendStatus | null | undefined,
): SendStatus {
  if (logStatus) return logStatus;
  if (index >= enrollment.currentStep && ENDED_ENROLLMENT_STATUSES.includes(enrollment.status))
    return 'skipped';
  return 'pending';
}

/** Enrolment statuses after which nothing more is sent (until a client resumes a failed one). */
export const ENDED_ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = [
  'completed',
  'stopped',
  'unsubscribed',
  'failed',
  'replied',
];

// ── Opt-outs and unsubscribe links ───────────────────────────────────────────

/** The address as opted out: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * organizations/{orgId}/optOuts/{id}: the id is sha256 (hex) of the normalised address, so the
 * store holds no address in clear. Uses Web Crypto (browsers and Node ≥ 20).
 */
export async function optOutId(email: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalizeEmail(email));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** How an opt-out was recorded: the page's button, or the mail client's one-click (RFC 8058). */
export const OPT_OUT_METHODS = ['page', 'one-click'] as const;
export type OptOutMethod = (typeof OPT_OUT_METHODS)[number];

/**
 * What an unsubscribe link carries (signed by the server; the page's language is `lang`): the
 * sequence or the campaign whose e-mail carried it (exactly one of the two).
 */
export interface UnsubscribePayload {
  organizationId: string;
  sequenceId: string | null;
  campaignId: string | null;
  contactId: string;
  /** optOutId of the address the e-mail went to. */
  emailHash: string;
  lang: Language;
}

/** The public page (a function; production: hosting rewrite of this path). Query: `?t={token}`. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

// ── Sender settings (defaults; the functions' params may override the caps) ─

/** Enrolments of a paused sequence are looked at again after this long (see data-model.md). */
export const PAUSED_SEQUENCE_RECHECK_MINUTES = 15;
/** Per-mailbox e-mails a day (below consumer Gmail's ~500). Param SEQUENCE_DAILY_CAP. */
export const SEQUENCE_DAILY_CAP_DEFAULT = 400;
/** E-mails one run sends at most (a run every 5 minutes). Param SEQUENCE_RUN_CAP. */
export const SEQUENCE_RUN_CAP_DEFAULT = 100;
/** A claim with no message id older than this is taken to be a crashed run's, and retried. */
export const SEND_CLAIM_TIMEOUT_MINUTES = 10;
/** Gmail said "slow down" (429): the step waits this long. */
export const RATE_LIMITED_RETRY_MINUTES = 30;
/** Enrolments of an organization without a live subscription are looked at again after this long. */
export const INACTIVE_SUBSCRIPTION_RECHECK_MINUTES = 60;
/**
 * A pass takes a mailbox's daily quota in blocks of this many e-mails (one transaction on
 * `mailQuotas/{uid}` per block, not per e-mail) and gives back what it did not use at its end.
 */
export const SEQUENCE_QUOTA_BLOCK = 20;
/** The scheduled sender's timeout (Cloud Functions `timeoutSeconds`). */
export const SEQUENCE_RUN_TIMEOUT_SECONDS = 300;
/** A pass stops claiming this long before its timeout, so a send is never cut in the middle. */
export const SEQUENCE_RUN_DEADLINE_MARGIN_SECONDS = 60;
/**
 * Header carried by every sequence e-mail: the send-log id of its (enrolment, step), so that a
 * claim left by a run that died after Gmail took the message can be found in Sent (two-way mail).
 */
export const SEND_ID_HEADER = 'X-Trato-Send-Id';
