/**
 * The Cloud Functions callables (region us-central1), declared once for the functions that
 * answer them and the web that calls them: what each takes and returns, and the machine-readable
 * failure reasons the functions send as `details.reason` of an HttpsError.
 */
import type { BillingCallables } from './billing.js';
import type { EmailCallables } from './email.js';
import type { WhatsAppCallables } from './whatsapp.js';
import type { PortalCallables } from './portal.js';
import type { MailCallables } from './mail.js';
import type { Language } from './constants.js';
import type { AudienceCounts } from './marketing.js';
import type { PublicFormView } from './forms.js';
import type { PermissionMap } from './entities.js';
import type { ConsentChannel, Role, SubscriptionStatus } from './enums.js';

/** Every callable: accounts, organizations, invitations, billing (billing.ts) and mail (mail.ts). */
export interface CallableContract
  extends BillingCallables, MailCallables, EmailCallables, WhatsAppCallables, PortalCallables {
  /** Whether a username is free (sign-up asks before creating anything). */
  checkUsername: { in: { username: string }; out: { available: boolean } };
  /** Administrador sign-up: username, profile, organization and admin membership at once. */
  createOrganization: {
    in: { fullName: string; username: string; companyName: string; language: Language };
    out: { organizationId: string };
  };
  /**
   * An administrator opens another organization (issue 30), with its own trial. The id is the
   * client's (a new Firestore id), so a retried request finds what the first one created.
   */
  addOrganization: {
    in: { organizationId: string; companyName: string; language: Language };
    out: { organizationId: string };
  };
  createInvitation: {
    in: { organizationId: string; email: string; role: Role; permissions: PermissionMap };
    out: {
      invitationId: string;
      /** The link is `${origin}/invite/${token}`; the token is returned, never stored. */
      token: string;
      /** ISO 8601. */
      expiresAt: string;
    };
  };
  getInvitationLink: { in: { organizationId: string; invitationId: string }; out: { token: string } };
  /** The invitation page before sign-up: no auth needed, the token is the credential. */
  getInvitation: {
    in: { token: string };
    out: {
      organizationName: string;
      role: Role;
      email: string;
      /** ISO 8601. */
      expiresAt: string;
      permissions: PermissionMap;
    };
  };
  /** fullName and username are for a new account: an existing one joins with its own. */
  acceptInvitation: {
    in: { token: string; fullName?: string; username?: string; language?: Language };
    out: { organizationId: string };
  };
  /**
   * /admin (superadmin): what the organizations of a page have that the rules do not show the
   * superadmin — member count, last activity (the newest change to a CRM record) and the
   * subscription — without reading any record's content.
   */
  adminOrganizationStats: {
    in: { organizationIds: string[] };
    out: { organizations: AdminOrganizationStats[] };
  };
  /**
   * /marketing (marketing.view and contacts.view, live subscription): who a campaign to this list
   * would reach now — the list's contacts, and those left out (no address, unsubscribed, an
   * address already counted). Reads the whole audience: asked for before sending, not on load.
   */
  previewCampaignAudience: {
    /** With the campaign's topic, the addresses that opted out of it count as unsubscribed. */
    in: { organizationId: string; listId: string; topicId?: string };
    out: AudienceCounts;
  };
  /** The public form page (no login): a published form as the visitor's language shows it. */
  getPublicForm: { in: { formKey: string; language: Language }; out: PublicFormView };
  /**
   * A visitor sends a form (no login): the contact is created or updated, the consent recorded,
   * the follow-ups run. `values` holds the form's fields by key (FormValueKey); `website` is the
   * honeypot (empty from a person). Answers what the page shows next.
   */
  submitForm: {
    in: {
      formKey: string;
      language: Language;
      values: Record<string, string>;
      consent: boolean;
      website: string;
    };
    out: {
      /** The form's thanks in the visitor's language (null: the page's own). */
      thankYou: string | null;
      redirectUrl: string | null;
      /** A double opt-in e-mail went to the visitor: the page asks them to confirm. */
      confirmationSent: boolean;
    };
  };
  /**
   * A member with contacts.edit records a contact's consent given or withdrawn, on e-mail (the
   * default) or WhatsApp (which needs a phone).
   */
  setContactConsent: {
    in: {
      organizationId: string;
      contactId: string;
      status: 'granted' | 'withdrawn';
      channel?: ConsentChannel;
      /** What the contact agreed to, or how they said it (e.g. 'by phone, 12 May'). */
      text: string;
    };
    out: { consentId: string };
  };
  /**
   * 'Importar CSV' of contacts, after its writes (contacts.edit, live subscription): the member
   * states that the file's contacts agreed to e-mail marketing, and how (`text`). Each contact
   * with an address gets a consent record of source 'import' (its id made of `importId` and the
   * contact's, so a retry records nothing twice); those without one, or already consenting,
   * are skipped. At most IMPORT_CONSENT_BATCH contacts a call.
   */
  recordImportConsent: {
    in: { organizationId: string; importId: string; contactIds: string[]; text: string };
    out: { recorded: number; skipped: number };
  };
  /** /debug/db (admins): runs the spec's test query — a count of the organization's send log. */
  debugQuery: {
    in: { organizationId: string };
    out: { collection: 'sendLog'; count: number; tookMs: number };
  };
}

/** One organization's figures on /admin (dates ISO 8601). */
export interface AdminOrganizationStats {
  id: string;
  memberCount: number;
  lastActivityAt: string | null;
  subscription: {
    status: SubscriptionStatus;
    trialEnd: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}

export type CallableName = keyof CallableContract;
export type CallableInput<N extends CallableName> = CallableContract[N]['in'];
export type CallableOutput<N extends CallableName> = CallableContract[N]['out'];

/** The mail connection's causes (mail.ts callables; settings has a hint for each). */
export const MAIL_FAILURE_REASONS = [
  // The state of an OAuth return: unknown or another member's, already used, older than
  // OAUTH_STATE_TTL_MS.
  'state-invalid',
  'state-used',
  'state-expired',
  /** The provider refused the authorization code, or the grant lacks a scope we need. */
  'oauth-failed',
  'mail-not-connected',
  /** The stored refresh token no longer works (revoked, expired): reconnect. */
  'mail-broken',
  /** The provider's sending limit was reached. */
  'mail-rate-limited',
  'mail-send-failed',
  /** The member sent TEST_EMAILS_PER_HOUR test e-mails within the last hour. */
  'test-email-quota',
  /** The mailbox reached its daily quota (SEQUENCE_DAILY_CAP, shared with the sequences). */
  'mail-daily-quota',
  /** Gmail could not give a message's part (two-way e-mail): try again. */
  'mail-read-failed',
  /** An e-mail attachment beyond EMAIL_ATTACHMENT_MAX_BYTES: open it in Gmail. */
  'attachment-too-large',
] as const;

/**
 * Machine-readable causes the functions send as `details.reason`, so the web can show the spec's
 * own messages (e.g. 'Invitación inválida o expirada') instead of server text.
 */
/**
 * `details.reason` of the WhatsApp callables' refusals (besides the common not-member, no-right,
 * not-admin, subscription-inactive, rate-limited, not-found): connecting — the number is another
 * organization's, the platform refused the token or does not know the number/account; templates
 * — `template-invalid` (templateProblems, in the message), `template-exists` (same name and
 * language), `too-many-templates`; sending — what is known before the platform is asked (a
 * refusal by the platform is the answer's `failure`, the message kept as failed).
 */
// Here, not in whatsapp.ts: FAILURE_REASONS is in every signed-in page (callableErrors), whatsapp.ts
// is not.
export const WHATSAPP_CALL_REASONS = [
  'number-taken',
  'token-refused',
  'number-not-found',
  'template-invalid',
  'template-exists',
  'too-many-templates',
  'not-connected',
  'window-closed',
  'no-consent',
  'opted-out',
  'no-phone',
  'template-missing',
] as const;
export type WhatsAppCallReason = (typeof WHATSAPP_CALL_REASONS)[number];

/**
 * `details.reason` of the customer portal's callables' refusals (portal.ts; besides the common
 * ones). Here, not in portal.ts, for the same reason as WHATSAPP_CALL_REASONS: FAILURE_REASONS
 * is in every signed-in page, portal.ts (~0.7 KB) is not.
 */
export const PORTAL_CALL_REASONS = [
  'slug-taken',
  'slug-invalid',
  'portal-disabled',
  'portal-not-found',
  'no-email',
  'no-access',
  'email-unverified',
  'ticket-closed',
  'upload-missing',
  'upload-invalid',
  'field-not-settable',
  'language-not-offered',
] as const;
export type PortalCallReason = (typeof PORTAL_CALL_REASONS)[number];

export const FAILURE_REASONS = [
  /** A request field was refused (`details.field` names it). */
  'invalid-input',
  'username-taken',
  /** Invitations: no such invitation (or link), already used, expired, for another e-mail. */
  'invalid',
  'used',
  'expired',
  'wrong-email',
  'no-email',
  /** The person already has ORGANIZATIONS_PER_USER_MAX organizations. */
  'organization-limit',
  /** A superadmin-only callable called by someone else. */
  'not-superadmin',
  'not-admin',
  /** The caller's permissions do not include what the call does (e.g. marketing.view). */
  'no-right',
  /** The record the call names does not exist (e.g. a campaign's list). */
  'not-found',
  'already-member',
  'stale-link',
  /** A secret or parameter of the deployment is missing. */
  'not-configured',
  /** Too many calls from one network address in a short time (checkUsername): wait and retry. */
  'rate-limited',
  // Billing.
  'not-member',
  'already-subscribed',
  'no-customer',
  'no-url',
  /** The organization's subscription is not live: server work for the CRM is refused. */
  'subscription-inactive',
  /**
   * A form submission's values do not fit the form (`details.fields`: each refused field's
   * FormValueError, e.g. { email: 'email' }).
   */
  'invalid-values',
  /** Too many submissions to this form in the last hour (FORM_HOURLY_LIMIT): try later. */
  'form-busy',
  ...MAIL_FAILURE_REASONS,
  ...WHATSAPP_CALL_REASONS,
  // The customer portal's (portal.ts), but 'no-email', declared above.
  ...PORTAL_CALL_REASONS.filter((r): r is Exclude<PortalCallReason, 'no-email'> => r !== 'no-email'),
] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

export function isFailureReason(value: unknown): value is FailureReason {
  return typeof value === 'string' && (FAILURE_REASONS as readonly string[]).includes(value);
}
