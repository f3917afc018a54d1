/** Enumerations of the data model: stored values (stable codes); labels live in the web's i18n. */

export const ROLES = ['admin', 'seller'] as const;
export type Role = (typeof ROLES)[number];

/** Resources of the per-member permission matrix (spec section 6). */
export const RESOURCES = [
  'dashboard',
  'companies',
  'contacts',
  'deals',
  'tasks',
  'meetings',
  'tickets',
  'marketing',
  'documents',
  // The WhatsApp inbox (issue 33): its conversations and messages.
  'conversations',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Deal (= opportunity) stages, in board order. */
export const DEAL_STAGES = ['new', 'in_progress', 'proposal', 'won', 'lost'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
export const DEFAULT_DEAL_STAGE: DealStage = 'new';

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_STATUS: TaskStatus = 'pending';
/** "Open" for notifications: everything but completed (spec section 4). */
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['pending', 'in_progress', 'cancelled'];

export const MEETING_STATUSES = ['scheduled', 'completed', 'rescheduled', 'no_show'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const DEFAULT_MEETING_STATUS: MeetingStatus = 'scheduled';

export const CONTACT_STATUSES = ['active', 'inactive'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const DEFAULT_CONTACT_STATUS: ContactStatus = 'active';

export const LIFECYCLE_STAGES = ['lead', 'prospect', 'customer', 'partner', 'other'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];
export const DEFAULT_LIFECYCLE_STAGE: LifecycleStage = 'lead';

/** Ticket statuses and priorities are stored as the spec writes them. */
export const TICKET_STATUSES = ['New', 'In Progress', 'Waiting', 'Resolved', 'Closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const DEFAULT_TICKET_STATUS: TicketStatus = 'New';
export const TICKET_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PIPELINE = 'Support Pipeline';

/** Company industries (spec section 9: Tecnología, Finanzas, ...), stored as codes. */
export const INDUSTRIES = [
  'technology',
  'finance',
  'health',
  'education',
  'retail',
  'manufacturing',
  'services',
  'construction',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
/** Spanish labels of the spec, for seeding the i18n catalogue. */
export const INDUSTRY_LABELS_ES: Record<Industry, string> = {
  technology: 'Tecnología',
  finance: 'Finanzas',
  health: 'Salud',
  education: 'Educación',
  retail: 'Retail',
  manufacturing: 'Manufactura',
  services: 'Servicios',
  construction: 'Construcción',
  other: 'Otro',
};

/** Company sizes (employees), stored as displayed. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const INVITATION_ROLES = ROLES;
export const INVITATION_STATUSES = ['pending', 'accepted'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Stripe subscription statuses mirrored in organizations/{orgId}/billing/subscription. */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A sequence step: an e-mail from the enrolling member's Gmail, a WhatsApp template from the
 * organization's number, a task for the enrolling member, or a wait (nothing but the delay).
 */
export const SEQUENCE_STEP_TYPES = ['email', 'whatsapp', 'task', 'wait'] as const;
export type SequenceStepType = (typeof SEQUENCE_STEP_TYPES)[number];

/**
 * Enrollment statuses. Clients set active (enrol, resume, retry), paused and stopped; the
 * scheduler sets completed (every step done), unsubscribed (the address opted out) and failed (a
 * step failed: no e-mail, the sender's mailbox not connected or broken, the message bounced — the
 * reason is in the step's send-log entry; resuming retries that step); the mail sync sets replied
 * (the contact answered: nothing more is sent; final).
 */
export const ENROLLMENT_STATUSES = [
  'active',
  'paused',
  'completed',
  'stopped',
  'unsubscribed',
  'failed',
  'replied',
] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
/** What a client may set an enrollment to (completion, unsubscribe and failure are the scheduler's). */
export const CLIENT_ENROLLMENT_STATUSES: readonly EnrollmentStatus[] = ['active', 'paused', 'stopped'];
/** What a client may change an enrollment from (stopped, completed and unsubscribed are final). */
export const CLIENT_ENROLLMENT_FROM: readonly EnrollmentStatus[] = ['active', 'paused', 'failed'];

/** A marketing list: contacts added by hand (static), or a saved filter over contacts (segment). */
export const LIST_KINDS = ['static', 'segment'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/**
 * A campaign's life: members write draft, scheduled, paused and canceled (and sending again when
 * they resume a paused one that had started); the sender writes sending, sent and failed.
 */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'canceled',
  'failed',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** How a lead-capture form asks for one of its optional fields (the name is always required). */
export const FORM_FIELD_MODES = ['off', 'optional', 'required'] as const;
export type FormFieldMode = (typeof FORM_FIELD_MODES)[number];

/** Channels a contact consents to marketing on: e-mail, and WhatsApp (issue 33). */
export const CONSENT_CHANNELS = ['email', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
/**
 * A contact's consent on a channel: given (`granted`), asked for and waiting for the contact's
 * click on the confirmation e-mail (`pending`, double opt-in), or taken back (`withdrawn`).
 * A contact with none recorded has no `emailConsent` at all.
 */
export const CONSENT_STATUSES = ['granted', 'pending', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
/**
 * Where a consent record came from: a form, a CSV import, a member's own entry, the contact's
 * click on the double opt-in e-mail, the contact's unsubscribe from everything, or their choice
 * of topics on the preference centre.
 */
export const CONSENT_SOURCES = [
  'form',
  'import',
  'manual',
  'confirmation',
  'unsubscribe',
  'preferences',
  // The contact wrote an opt-out keyword (STOP, BAJA) on WhatsApp.
  'keyword',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A recipient's status for one step (spec: recipient delivery status), as in the send log. */
export const SEND_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
/** What a send-log entry records: a sequence step, or a test e-mail from Ajustes. */
export const SEND_KINDS = ['sequence', 'test'] as const;
export type SendKind = (typeof SEND_KINDS)[number];

export const MAIL_PROVIDERS = ['gmail'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];
export const MAIL_CONNECTION_STATUSES = ['connected', 'broken'] as const;
export type MailConnectionStatus = (typeof MAIL_CONNECTION_STATUSES)[number];

/**
 * Kinds of timeline entries (organizations/{orgId}/timeline/{kind}_{recordId}): the records a
 * contact's or a company's timeline shows, mirrored into one collection so one query pages them.
 */
export const TIMELINE_KINDS = [
  'note',
  'task',
  'meeting',
  'deal',
  'submission',
  'consent',
  'email',
  'whatsapp',
  // A member's edit of a field of a contact, a company or a deal (model/src/changes.ts).
  'contactEdit',
  'companyEdit',
  'dealEdit',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** The permission resource whose `view` shows an entry of each kind (notes follow their contact). */
export const TIMELINE_KIND_RESOURCE = {
  note: 'contacts',
  task: 'tasks',
  meeting: 'meetings',
  deal: 'deals',
  // A form submission and a consent change are part of the contact's record.
  submission: 'contacts',
  consent: 'contacts',
  // An e-mail exchanged with the contact (two-way e-mail).
  email: 'contacts',
  // A WhatsApp message (the first of a day's exchange): the inbox's.
  whatsapp: 'conversations',
  // An edit of a record's field: the record's own resource.
  contactEdit: 'contacts',
  companyEdit: 'companies',
  dealEdit: 'deals',
} as const satisfies Record<TimelineKind, Resource>;

/** The collection each kind mirrors (notes: contacts/{contactId}/notes). */
export const TIMELINE_KIND_COLLECTION = {
  note: 'notes',
  task: 'tasks',
  meeting: 'meetings',
  deal: 'deals',
  submission: 'submissions',
  consent: 'consents',
  email: 'emailMessages',
  whatsapp: 'waMessages',
  contactEdit: 'contacts',
  companyEdit: 'companies',
  dealEdit: 'deals',
} as const satisfies Record<TimelineKind, string>;
