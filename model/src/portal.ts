/**
 * The customer portal (issue 34): an organization's public site at /portal/{slug} where its
 * contacts sign in with an e-mail link, follow and open their tickets, answer them, and download
 * the documents shared with them. What Trato keeps (the site, each contact's access, a ticket's
 * conversation, document shares) and the pure rules the server, the rules' tests and both webs
 * share. Pure: no SDK.
 *
 * Security model: a portal account is a Firebase Auth user with no membership. Its access to one
 * organization is `organizations/{orgId}/portalAccess/{uid}`, written only by functions; the rules
 * read it (status 'active', the token's e-mail verified and equal to the access's) on every read,
 * so revoking ends access at the next read. Portal writes go through callables only.
 */
import type { Language } from './constants.js';
import type { TimestampLike } from './entities.js';
import type { TicketPriority, TicketStatus } from './enums.js';

// ── Constants ────────────────────────────────────────────────────────────────

/** The site's address is /portal/{slug}: 3–40 of a-z, 0-9 and inner hyphens. */
export const PORTAL_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
export const PORTAL_SLUG_MIN = 3;
export const PORTAL_SLUG_MAX = 40;
/** Slugs nobody may take (they read as Trato's own pages or as someone official). */
export const PORTAL_RESERVED_SLUGS: readonly string[] = [
  'admin',
  'api',
  'app',
  'ayuda',
  'help',
  'login',
  'portal',
  'soporte',
  'support',
  'trato',
  'www',
  'entrar',
];
/** The logo is kept on the site as a data URL (resized in the browser): at most this many characters. */
export const PORTAL_LOGO_MAX_CHARS = 80_000;
export const PORTAL_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The logo's longest side after resizing, in pixels. */
export const PORTAL_LOGO_SIZE = 160;

/** What a customer may do with a ticket field on the portal. The subject is always settable. */
export const PORTAL_FIELD_MODES = ['hidden', 'visible', 'settable'] as const;
export type PortalFieldMode = (typeof PORTAL_FIELD_MODES)[number];
export const PORTAL_FIELDS = ['description', 'priority', 'attachments'] as const;
export type PortalField = (typeof PORTAL_FIELDS)[number];
export type PortalFields = Record<PortalField, PortalFieldMode>;
export const DEFAULT_PORTAL_FIELDS: PortalFields = {
  description: 'settable',
  priority: 'visible',
  attachments: 'settable',
};

/** Who may sign up on their own: nobody (invitation only), existing contacts, or anyone (a lead). */
export const PORTAL_SIGNUP_MODES = ['closed', 'contacts', 'anyone'] as const;
export type PortalSignupMode = (typeof PORTAL_SIGNUP_MODES)[number];

export const PORTAL_ACCESS_STATUSES = ['invited', 'active', 'revoked'] as const;
export type PortalAccessStatus = (typeof PORTAL_ACCESS_STATUSES)[number];
/** Whose tickets a portal user sees: their own, or also their company's (the site's setting). */
export const PORTAL_SCOPES = ['contact', 'company'] as const;
export type PortalScope = (typeof PORTAL_SCOPES)[number];

/** A ticket's conversation: public replies the customer sees, internal notes they never do. */
export const REPLY_VISIBILITIES = ['public', 'internal'] as const;
export type ReplyVisibility = (typeof REPLY_VISIBILITIES)[number];
export const REPLY_AUTHOR_TYPES = ['member', 'customer'] as const;
export type ReplyAuthorType = (typeof REPLY_AUTHOR_TYPES)[number];
/** Where a reply was written: in Trato, on the portal, or by e-mail (a reply in the ticket's thread). */
export const REPLY_CHANNELS = ['crm', 'portal', 'email'] as const;
export type ReplyChannel = (typeof REPLY_CHANNELS)[number];
export const REPLY_BODY_MAX = 10_000;
/** Gmail threads a ticket remembers (the newest kept). */
export const TICKET_EMAIL_THREADS_MAX = 20;

/**
 * Who the ticket waits for: the customer wrote last ('customer-replied', also a ticket opened on
 * the portal) or a member answered publicly ('waiting-on-customer'). Null: no conversation yet.
 */
export const TICKET_CONVERSATION_STATES = ['customer-replied', 'waiting-on-customer'] as const;
export type TicketConversationState = (typeof TICKET_CONVERSATION_STATES)[number];

/** The ticket's `source` when a customer opened it on the portal. */
export const PORTAL_TICKET_SOURCE = 'portal';

/** Attachments a customer uploads with a ticket or a reply. */
export const PORTAL_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const PORTAL_UPLOADS_PER_MESSAGE = 5;
export const PORTAL_UPLOAD_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
/** A staged upload may be deleted by its uploader this long after it was made (a failed send's clean-up). */
export const PORTAL_UPLOAD_UNDO_MINUTES = 60;
export const PORTAL_FILE_NAME_MAX = 200;

/** The e-mail sign-in link is valid this long (Firebase's own is one hour or less). */
export const PORTAL_LINK_MINUTES = 60;
/** Sign-in links one address may ask for per hour (more are answered the same and not sent). */
export const PORTAL_LINKS_PER_HOUR = 5;
/** The portal reads an open ticket again this often (it reads with Firestore Lite: no listeners). */
export const PORTAL_POLL_SECONDS = 20;
/** Tickets per page on 'Mis tickets'. */
export const PORTAL_PAGE_SIZE = 20;

// ── Entities ─────────────────────────────────────────────────────────────────

/**
 * portals/{slug} — the site, public to read by slug (never listed by strangers), written only by
 * `setPortalSettings`. Members of the organization list theirs by `organizationId`.
 */
export interface PortalSite<TS = TimestampLike> {
  organizationId: string;
  slug: string;
  enabled: boolean;
  /** The organization's name as shown on the portal. */
  name: string;
  /** A data URL (PORTAL_LOGO_TYPES, at most PORTAL_LOGO_MAX_CHARS), or none. */
  logo: string | null;
  /** The portal's languages; the first is the default. */
  languages: Language[];
  fields: PortalFields;
  signup: PortalSignupMode;
  /** Whether a contact also sees the tickets of their company. */
  companyTickets: boolean;
  updatedAt: TS;
  updatedBy: string;
}

/**
 * organizations/{orgId}/portalAccess/{uid} — one contact's access to the portal, by the Auth
 * user of their address. Written only by functions; read by the user it names and by members who
 * may view contacts.
 */
export interface PortalAccess<TS = TimestampLike> {
  contactId: string;
  companyId: string | null;
  /** Lower-cased; the ID token's e-mail must be this one, verified. */
  email: string;
  contactName: string;
  status: PortalAccessStatus;
  scope: PortalScope;
  language: Language;
  /** Who invited (a member's uid), or null when the contact signed up on their own. */
  invitedBy: string | null;
  invitedAt: TS;
  activatedAt: TS | null;
  lastVisitAt: TS | null;
  revokedAt: TS | null;
  revokedBy: string | null;
}

/** A file a customer attached, staged at `path` (portalUploadPath). */
export interface PortalAttachment {
  name: string;
  path: string;
  size: number;
  contentType: string;
}

/** organizations/{orgId}/tickets/{ticketId}/replies/{replyId} — written only by functions. */
export interface TicketReply<TS = TimestampLike> {
  visibility: ReplyVisibility;
  body: string;
  authorType: ReplyAuthorType;
  /** A member's uid, or the customer's contact id. */
  authorId: string;
  authorName: string;
  via: ReplyChannel;
  attachments: PortalAttachment[];
  createdAt: TS;
  /** For replies sent or received by e-mail: the Gmail message id (the same reply is kept once). */
  gmailId?: string | null;
}

/**
 * organizations/{orgId}/documentShares/{contactId}_{targetId} — a document or a folder shared with
 * a contact (a folder: the files directly in it). Members with documents.edit create and delete
 * them; the contact reads their own on the portal.
 */
export interface DocumentShare<TS = TimestampLike> {
  contactId: string;
  contactName: string;
  targetType: 'document' | 'folder';
  targetId: string;
  /** The file's or folder's name when shared (the portal lists it). */
  targetName: string;
  createdAt: TS;
  createdBy: string;
}

export function documentShareId(contactId: string, targetId: string): string {
  return `${contactId}_${targetId}`;
}

// ── Paths ────────────────────────────────────────────────────────────────────

export const portalPaths = {
  site: (slug: string) => `portals/${slug}`,
  access: (orgId: string, uid: string) => `organizations/${orgId}/portalAccess/${uid}`,
  replies: (orgId: string, ticketId: string) => `organizations/${orgId}/tickets/${ticketId}/replies`,
  reply: (orgId: string, ticketId: string, replyId: string) =>
    `organizations/${orgId}/tickets/${ticketId}/replies/${replyId}`,
  share: (orgId: string, contactId: string, targetId: string) =>
    `organizations/${orgId}/documentShares/${documentShareId(contactId, targetId)}`,
  /** Storage: where a portal user stages a file before a ticket or reply takes it. */
  upload: (orgId: string, uid: string, uploadId: string, fileName: string) =>
    `organizations/${orgId}/portalUploads/${uid}/${uploadId}/${fileName}`,
} as const;

// ── Pure rules ───────────────────────────────────────────────────────────────

export type SlugProblem = 'short' | 'long' | 'pattern' | 'reserved';

/** Why a slug may not be used (null: it may, if nobody has it). Trimmed and lower-cased first. */
export function slugProblem(raw: string): SlugProblem | null {
  const slug = normalizeSlug(raw);
  if (slug.length < PORTAL_SLUG_MIN) return 'short';
  if (slug.length > PORTAL_SLUG_MAX) return 'long';
  if (!PORTAL_SLUG_PATTERN.test(slug) || slug.includes('--')) return 'pattern';
  if (PORTAL_RESERVED_SLUGS.includes(slug)) return 'reserved';
  return null;
}

export function normalizeSlug(raw: string): string {
  return raw.trim().toLowerCase();
}

/** A slug suggested from a name: accents dropped, words joined by hyphens, within the limits. */
export function suggestSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PORTAL_SLUG_MAX)
    .replace(/-+$/g, '');
  return slug.length >= PORTAL_SLUG_MIN ? slug : `${slug || 'mi'}-portal`.slice(0, PORTAL_SLUG_MAX);
}

/** Whether a ticket is the portal user's to see. */
export function ticketVisibleTo(
  access: Pick<PortalAccess, 'contactId' | 'companyId' | 'scope' | 'status'>,
  ticket: { contactId: string | null; companyId: string | null },
): boolean {
  if (access.status !== 'active') return false;
  if (ticket.contactId !== null && ticket.contactId === access.contactId) return true;
  return access.scope === 'company' && access.companyId !== null && ticket.companyId === access.companyId;
}

/** Statuses in which the customer may still reply (a resolved ticket reopens on a reply). */
export const PORTAL_REPLYABLE_STATUSES: readonly TicketStatus[] = [
  'New',
  'In Progress',
  'Waiting',
  'Resolved',
];

/**
 * The ticket after a customer's reply: a resolved or waiting ticket is back in progress; a new
 * one stays new. Closed tickets take no replies (the callable refuses 'ticket-closed').
 */
export function statusAfterCustomerReply(status: TicketStatus): TicketStatus {
  if (status === 'Resolved' || status === 'Waiting') return 'In Progress';
  return status;
}

/** The statuses a customer may set on their own ticket: only closing it. */
export const PORTAL_SETTABLE_STATUSES: readonly TicketStatus[] = ['Closed'];

/** Whether a file may be attached on the portal; the reason otherwise. */
export function uploadProblem(file: {
  name: string;
  size: number;
  type: string;
}): 'type' | 'size' | 'empty' | 'name' | null {
  if (file.size === 0) return 'empty';
  if (file.size > PORTAL_UPLOAD_MAX_BYTES) return 'size';
  if (!PORTAL_UPLOAD_TYPES.includes(file.type)) return 'type';
  if (!file.name || file.name.length > PORTAL_FILE_NAME_MAX || file.name.includes('/')) return 'name';
  return null;
}

/** The fields a customer may set when opening a ticket, by the site's settings. */
export function settableFields(fields: PortalFields): PortalField[] {
  return PORTAL_FIELDS.filter((f) => fields[f] === 'settable');
}

/** The fields a customer sees on their tickets (settable ones are visible too). */
export function visibleFields(fields: PortalFields): PortalField[] {
  return PORTAL_FIELDS.filter((f) => fields[f] !== 'hidden');
}

// ── Callables ────────────────────────────────────────────────────────────────

// `details.reason` of the portal callables' refusals, PORTAL_CALL_REASONS and PortalCallReason, are
// in callables.ts beside FAILURE_REASONS, which every signed-in page loads (this file is not).

/** What the portal shows of the organization before anyone signs in (getPortal). */
export interface PortalView {
  slug: string;
  name: string;
  logo: string | null;
  languages: Language[];
  fields: PortalFields;
  signup: PortalSignupMode;
}

export interface PortalSettingsInput {
  organizationId: string;
  enabled: boolean;
  slug: string;
  name: string;
  logo: string | null;
  languages: Language[];
  fields: PortalFields;
  signup: PortalSignupMode;
  companyTickets: boolean;
}

export interface PortalCallables {
  /** Admins: creates or changes the organization's site; a new slug frees the old one. */
  setPortalSettings: { in: PortalSettingsInput; out: { slug: string } };
  /** contacts.edit: gives the contact access (status invited) and e-mails them a sign-in link. */
  invitePortalContact: {
    in: { organizationId: string; contactId: string; language?: Language };
    out: { uid: string; status: PortalAccessStatus };
  };
  /** contacts.edit: ends the contact's access at once (the next read is refused). */
  revokePortalAccess: { in: { organizationId: string; contactId: string }; out: { revoked: boolean } };
  /** Anyone: the site as the portal shows it (refused 'portal-not-found' when off or unknown). */
  getPortal: { in: { slug: string }; out: PortalView };
  /**
   * Anyone: e-mails a sign-in link if the address may enter (an access, or self sign-up as the
   * site allows). The answer is the same either way, so nobody learns who is a customer.
   */
  requestPortalLink: {
    in: { slug: string; email: string; language: Language; continueUrl: string };
    out: { sent: true };
  };
  /** A signed-in portal user: activates the access, notes the visit, says who they are. */
  openPortalSession: {
    in: { slug: string };
    out: {
      organizationId: string;
      contactId: string;
      contactName: string;
      companyId: string | null;
      scope: PortalScope;
    };
  };
  /** A portal user opens a ticket with the fields the site lets them set and staged uploads. */
  createPortalTicket: {
    in: {
      slug: string;
      subject: string;
      description?: string | null;
      priority?: TicketPriority | null;
      /** Upload ids under the caller's staging folder (portalPaths.upload). */
      uploadIds: string[];
    };
    out: { ticketId: string };
  };
  /** A portal user answers one of their tickets (a resolved one reopens). */
  replyPortalTicket: {
    in: { slug: string; ticketId: string; body: string; uploadIds: string[] };
    out: { replyId: string };
  };
  /** A portal user closes one of their tickets. */
  closePortalTicket: { in: { slug: string; ticketId: string }; out: { closed: true } };
  /**
   * tickets.edit: a member's reply. Public replies are e-mailed to the contact (from the member's
   * Gmail when connected, so their answer joins the ticket; else from the system mailbox with a
   * link to the portal); internal notes never leave Trato.
   */
  addTicketReply: {
    in: { organizationId: string; ticketId: string; body: string; visibility: ReplyVisibility };
    out: { replyId: string; emailed: 'gmail' | 'system' | 'none' };
  };
}
