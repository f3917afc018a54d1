/**
 * Entity types as stored in Firestore (field names are the stored keys). Timestamps are typed
 * with a minimal interface that firebase's and firebase-admin's `Timestamp` both satisfy, so this
 * package needs neither SDK. The document id is never a stored field: readers add it as `id`.
 */
import type {
  DocumentShare,
  PortalAccess,
  PortalAttachment,
  PortalSite,
  TicketConversationState,
  TicketReply,
} from './portal.js';
import type {
  Action,
  CampaignStatus,
  CompanySize,
  ConsentChannel,
  ConsentSource,
  ConsentStatus,
  ContactStatus,
  DealStage,
  EnrollmentStatus,
  Industry,
  InvitationStatus,
  LifecycleStage,
  ListKind,
  MailConnectionStatus,
  MailProvider,
  MeetingStatus,
  Resource,
  Role,
  SendKind,
  SendStatus,
  SequenceStepType,
  SubscriptionStatus,
  TaskStatus,
  TicketPriority,
  TicketStatus,
  TimelineKind,
} from './enums.js';
import type { Language, NotificationKind, TimeFormat } from './constants.js';
import type { EmailBody, EmailMessage, EmailThread, MailPrivacy } from './email.js';
import type {
  AudienceCounts,
  CampaignFailureReason,
  CampaignHoldReason,
  SegmentCriteria,
} from './marketing.js';
import type { OptOutMethod } from './sequences.js';
import type { WaConversation, WaMessage, WaTemplate, WhatsAppChannel } from './whatsapp.js';
import type { FormFieldModes, FormValues } from './forms.js';

export interface TimestampLike {
  readonly seconds: number;
  readonly nanoseconds: number;
  toMillis(): number;
  toDate(): Date;
}

/** A document as read, with its id. */
export type WithId<T> = T & { id: string };

/** Bookkeeping on every CRM document: set on create, immutable except updatedAt. */
export interface Audit<TS = TimestampLike> {
  createdAt: TS;
  createdBy: string;
  updatedAt: TS;
}

// ── Accounts and organizations ───────────────────────────────────────────────

/**
 * users/{uid} — written by the server; the user may change fullName and the preferences: language,
 * time zone and clock (absent or null: the device's zone, the language's clock).
 */
export interface UserProfile<TS = TimestampLike> {
  fullName: string;
  email: string;
  username: string;
  language: Language;
  timeZone?: string | null;
  timeFormat?: TimeFormat | null;
  /** Meeting preferences (absent or null: an hour, 08:00–17:00, Monday to Friday). */
  meetingMinutes?: number | null;
  workStart?: string | null;
  workEnd?: string | null;
  workDays?: number[] | null;
  /** Notification kinds left out of the bell (absent: none). */
  mutedNotifications?: NotificationKind[] | null;
  /** Notification kinds in the daily e-mail digest (absent: none — the digest is opt-in). */
  emailNotifications?: NotificationKind[] | null;
  /** The digest's hour, 0–23, in the member's time zone (absent: DEFAULT_DIGEST_HOUR). */
  digestHour?: number | null;
  /** The organization a device without a choice of its own opens (the last one joined or created). */
  organizationId: string | null;
  /**
   * Every organization the person joined or created, server-written (issue 30); profiles from
   * before it have only organizationId. A removal leaves the id here: the member document decides.
   */
  organizationIds?: string[];
  createdAt: TS;
}

/** The organizations a profile names, the default one first, without repeats. */
export function organizationsOf(
  profile: Pick<UserProfile<unknown>, 'organizationId' | 'organizationIds'> | null,
): string[] {
  if (!profile) return [];
  const ids = [profile.organizationId, ...(profile.organizationIds ?? [])];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/** usernames/{username} — server-only reservation. */
export interface UsernameReservation<TS = TimestampLike> {
  uid: string;
  createdAt: TS;
}

/** organizations/{orgId} */
export interface Organization<TS = TimestampLike> {
  name: string;
  /**
   * The name lower-cased, for the superadmin's search by its start (issue 30): written with the
   * name (the rules keep the two together); absent on organizations from before it.
   */
  nameKey?: string;
  country: string | null;
  rtn: string | null;
  /**
   * 'Send marketing only to contacts with consent' (Ajustes → Organización): campaigns and
   * sequences then leave out every contact whose `emailConsent` is not 'granted'. Absent: off.
   */
  marketingConsentRequired?: boolean;
  createdAt: TS;
  createdBy: string;
}

/** An organization's nameKey: what the rules' `name.lower()` gives. */
export function organizationNameKey(name: string): string {
  return name.toLowerCase();
}

export type ResourcePermissions = Partial<Record<Action, boolean>>;
/** Missing resource (or action) = only view (spec: "with no record only can_view shows on"). */
export type PermissionMap = Partial<Record<Resource, ResourcePermissions>>;

/** organizations/{orgId}/members/{uid} — created by the server; admins edit role/permissions of others. */
export interface Member<TS = TimestampLike> {
  role: Role;
  fullName: string;
  email: string;
  username: string;
  permissions: PermissionMap;
  joinedAt: TS;
  invitedBy: string | null;
}

/** organizations/{orgId}/invitations/{invitationId} — callables only; admins read and delete. */
export interface Invitation<TS = TimestampLike> {
  email: string;
  role: Role;
  permissions: PermissionMap;
  invitedBy: string;
  status: InvitationStatus;
  expiresAt: TS;
  createdAt: TS;
  /** sha256 (hex) of the invitation token; the token itself is never stored. */
  tokenHash: string;
  acceptedBy?: string;
  acceptedAt?: TS;
}

/** invitationTokens/{tokenHash} — server-only lookup from a link to its invitation. */
export interface InvitationToken {
  organizationId: string;
  invitationId: string;
}

/** organizations/{orgId}/billing/subscription — Stripe mirror, server-only writes. */
export interface Subscription<TS = TimestampLike> {
  status: SubscriptionStatus;
  trialEnd: TS | null;
  currentPeriodEnd: TS | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  priceId: string | null;
  /** Canceled in the portal, still usable until currentPeriodEnd. */
  cancelAtPeriodEnd?: boolean;
  updatedAt: TS;
}

// ── CRM ───────────────────────────────────────────────────────────────────────

/** organizations/{orgId}/companies/{companyId} (spec: company) */
export interface Company<TS = TimestampLike> extends Audit<TS> {
  name: string;
  website?: string | null;
  phone?: string | null;
  linkedinUrl?: string | null;
  industry?: Industry | null;
  size?: CompanySize | null;
  country?: string | null;
  city?: string | null;
  address?: string | null;
  notes?: string | null;
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
}

/** organizations/{orgId}/contacts/{contactId} (spec: client / contact) */
export interface Contact<TS = TimestampLike> extends Audit<TS> {
  name: string;
  email?: string | null;
  phone?: string | null;
  companyId: string | null;
  /** Denormalised company name (spec's `company` text); cleared with companyId. */
  companyName?: string | null;
  jobTitle?: string | null;
  city?: string | null;
  country?: string | null;
  rtn?: string | null;
  status: ContactStatus;
  isCustomer: boolean;
  lifecycleStage: LifecycleStage;
  linkedinUrl?: string | null;
  ownerId: string;
  /** The static marketing lists the contact is on (at most LIST_MEMBERSHIPS_MAX). */
  listIds?: string[];
  /**
   * The contact's e-mail marketing consent as its newest consent record says (absent: none
   * recorded). Server-written only (the consent functions), so it always has a record behind it.
   */
  emailConsent?: ConsentStatus | null;
  /** The same for WhatsApp (its consent records of channel 'whatsapp'). Server-written only. */
  whatsappConsent?: ConsentStatus | null;
  /** Derived: whether `email` is set (a segment's 'has e-mail'). Absent on older contacts. */
  hasEmail?: boolean;
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
}

/** organizations/{orgId}/contacts/{contactId}/notes/{noteId} (spec: note) */
export interface Note<TS = TimestampLike> extends Audit<TS> {
  content: string;
  /** Author's name when written, for the list (the author may leave the org). */
  authorName?: string | null;
}

/** organizations/{orgId}/deals/{dealId} — the spec's deal and contact opportunity, one entity. */
export interface Deal<TS = TimestampLike> extends Audit<TS> {
  title: string;
  amount: number | null;
  stage: DealStage;
  probability?: number | null;
  closeDate?: TS | null;
  companyId: string | null;
  primaryContactId: string | null;
  companyName?: string | null;
  primaryContactName?: string | null;
  ownerId: string;
  notes?: string | null;
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
}

/** organizations/{orgId}/tasks/{taskId} */
export interface Task<TS = TimestampLike> extends Audit<TS> {
  title: string;
  description?: string | null;
  status: TaskStatus;
  dueDate: TS | null;
  contactId: string | null;
  companyId: string | null;
  contactName?: string | null;
  companyName?: string | null;
  assigneeIds: string[];
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
}

/** organizations/{orgId}/meetings/{meetingId} */
export interface Meeting<TS = TimestampLike> extends Audit<TS> {
  title: string;
  notes?: string | null;
  startTime: TS;
  endTime: TS;
  status: MeetingStatus;
  contactId: string | null;
  companyId: string | null;
  contactName?: string | null;
  companyName?: string | null;
  participantIds: string[];
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
}

/** organizations/{orgId}/tickets/{ticketId} */
export interface Ticket<TS = TimestampLike> extends Audit<TS> {
  ticketName: string;
  pipeline: string;
  status: TicketStatus;
  description?: string | null;
  source?: string | null;
  ownerId: string | null;
  priority: TicketPriority | null;
  contactId: string | null;
  companyId: string | null;
  contactName?: string | null;
  companyName?: string | null;
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
  /** The conversation (issue 34): who the ticket waits for, and when its last reply was written. */
  conversationState?: TicketConversationState | null;
  lastReplyAt?: TS | null;
  /** Files the customer attached when opening it on the portal. */
  attachments?: PortalAttachment[];
  /**
   * Gmail threads of the public replies e-mailed from members' mailboxes (at most
   * TICKET_EMAIL_THREADS_MAX): the mail sync adds a contact's answer in one of them to the ticket.
   */
  emailThreadIds?: string[];
}

/** organizations/{orgId}/folders/{folderId} (spec: document folder) */
export interface Folder<TS = TimestampLike> extends Audit<TS> {
  name: string;
  parentId: string | null;
}

/** organizations/{orgId}/documents/{documentId}; the file is at `storagePath`. */
export interface DocumentFile<TS = TimestampLike> extends Audit<TS> {
  fileName: string;
  /** organizations/{orgId}/documents/{documentId}/{fileName} */
  storagePath: string;
  size: number;
  mimeType: string;
  folderId: string | null;
  searchTokens: string[];
  /** The same tokens as map keys (search.ts): a search of several words matches them all. */
  searchIndex: Record<string, true>;
}

/** organizations/{orgId}/sequences/{sequenceId} (spec: email sequence) */
export interface Sequence<TS = TimestampLike> extends Audit<TS> {
  name: string;
  description?: string | null;
  isActive: boolean;
  /** The topic its e-mails speak of (contacts who opted out of it get none), and its name. */
  topicId?: string | null;
  topicName?: string | null;
}

/** organizations/{orgId}/sequences/{sequenceId}/steps/{stepId} */
export interface SequenceStep<TS = TimestampLike> extends Audit<TS> {
  stepOrder: number;
  type: SequenceStepType;
  /** E-mail: its subject; task: the task's title; WhatsApp and wait: ''. */
  subject: string;
  /** E-mail: its body; task: the task's description; WhatsApp and wait: ''. */
  body: string;
  delayDays: number;
  /** A WhatsApp step's template (waTemplates id); absent or null for the other types. */
  templateId?: string | null;
}

/** organizations/{orgId}/sequences/{sequenceId}/enrollments/{contactId} — id = contact id. */
export interface Enrollment<TS = TimestampLike> extends Audit<TS> {
  contactId: string;
  status: EnrollmentStatus;
  /** Index of the next step to run (0 = first); advanced by the scheduler only. */
  currentStep: number;
  nextSendAt: TS | null;
}

/**
 * organizations/{orgId}/lists/{listId} — a marketing list: `static` (its contacts carry the id in
 * `listIds`) or a `segment` (the criteria, evaluated on the server whenever it is used; see
 * marketing.ts `audienceFilters`). A static list has no criteria.
 */
export interface MarketingList<TS = TimestampLike> extends Audit<TS>, SegmentCriteria<TS> {
  name: string;
  description?: string | null;
  kind: ListKind;
}

/**
 * organizations/{orgId}/campaigns/{campaignId} — a one-off e-mail to a list, sent from its
 * author's (createdBy) Gmail. Members write the content while a draft, and the status as
 * CLIENT_CAMPAIGN_MOVES allows; the sender writes sending, sent and failed. The sender's
 * bookkeeping is in campaignRuns/{campaignId}.
 */
export interface Campaign<TS = TimestampLike> extends Audit<TS> {
  name: string;
  listId: string;
  /** The list's name when chosen (the list may be renamed or deleted later). */
  listName: string;
  subject: string;
  body: string;
  status: CampaignStatus;
  /** When it starts (send now: the moment it was scheduled); null while a draft. */
  scheduledAt: TS | null;
  /** The topic it speaks of (contacts who opted out of it get nothing), and its name when chosen. */
  topicId?: string | null;
  topicName?: string | null;
}

/**
 * organizations/{orgId}/topics/{topicId} — a subject of the organization's marketing e-mails
 * (e.g. 'Promociones', 'Boletín'): each campaign and sequence may name one, and the preference
 * centre lets a contact opt out of each on its own (at most TOPICS_MAX are offered).
 */
export interface Topic<TS = TimestampLike> extends Audit<TS> {
  name: string;
  description?: string | null;
}

/**
 * organizations/{orgId}/topicOptOuts/{optOutId(email)} — server-only: the topics an address
 * opted out of on the preference centre (an opt-out of everything is its `optOuts` document).
 */
export interface TopicOptOut<TS = TimestampLike> {
  topicIds: string[];
  contactId: string | null;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/campaignRuns/{campaignId} — server-only: a started campaign's progress.
 * The audience is written page by page (`cursor`: the last contact read; `audienceDone` once all
 * are), then the recipients are sent; `nextRunAt` is when a pass looks at it again (null: never).
 */
export interface CampaignRun<TS = TimestampLike> {
  audience: AudienceCounts;
  audienceDone: boolean;
  /** The last contact written, to go on from after a pass ends mid-audience (createdAt desc order). */
  cursor: { createdAt: TS; contactId: string } | null;
  nextRunAt: TS | null;
  holdReason: CampaignHoldReason | null;
  failureReason: CampaignFailureReason | null;
  startedAt: TS;
  finishedAt: TS | null;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/campaigns/{campaignId}/recipients/{optOutId(email)} — server-only: one
 * address of the audience (two contacts with one address are one recipient), claimed once by
 * the sender like a sequence step: `pending` (claimedAt while being sent), then `sent` (with
 * `messageId`), `failed` (`error` a SendFailureReason: 'contact-missing' when the contact was
 * deleted before its turn) or `skipped` (`error` 'unsubscribed').
 */
export interface CampaignRecipient<TS = TimestampLike> {
  contactId: string;
  name: string;
  to: string;
  status: SendStatus;
  error: string | null;
  messageId: string | null;
  claimedAt: TS | null;
  attempts: number;
  sentAt: TS | null;
  createdAt: TS;
  updatedAt: TS;
}

/**
 * organizations/{orgId}/forms/{formId} — a lead-capture form (forms.ts). Its public address is
 * `/f/{publicFormKey(orgId, formId)}`; visitors submit through the submitForm function only.
 * The name is always asked (required); each other field is asked as its `…Field` mode says.
 */
export interface Form<TS = TimestampLike> extends Audit<TS>, FormFieldModes {
  name: string;
  /** Only a published form is shown and accepts submissions. */
  published: boolean;
  /** The consent checkbox's text in each language; both null: the form asks no consent. */
  consentTextEs?: string | null;
  consentTextEn?: string | null;
  /** A ticked consent stays 'pending' until the contact clicks the confirmation e-mail's link. */
  doubleOptIn: boolean;
  /** What the visitor reads after sending (null: the default thanks), unless redirected. */
  thankYouEs?: string | null;
  thankYouEn?: string | null;
  /** Where the visitor's browser goes after sending (https), instead of the thanks. */
  redirectUrl?: string | null;
  /** A static list the contact is added to, and its name when chosen. */
  listId?: string | null;
  listName?: string | null;
  /** A sequence the contact is enrolled in (when active and the contact has an address). */
  sequenceId?: string | null;
  sequenceName?: string | null;
  /** The member told of each submission (a follow-up task in their bell). */
  notifyUid?: string | null;
}

/**
 * organizations/{orgId}/submissions/{submissionId} — server-only: one form submission, as the
 * visitor sent it (the values the form asked for), and the contact it created or updated.
 */
export interface FormSubmission<TS = TimestampLike> {
  formId: string;
  formName: string;
  contactId: string;
  contactName: string;
  /** True when the submission created the contact, false when it matched one by e-mail. */
  createdContact: boolean;
  values: FormValues;
  /** Whether the visitor ticked the consent box (null: the form asked none). */
  consent: boolean | null;
  language: Language;
  createdAt: TS;
}

/**
 * organizations/{orgId}/consents/{consentId} — server-only, never changed or deleted: one change
 * of a contact's marketing consent on a channel, with what proves it (where, when, the text the
 * contact saw, and who recorded it). The contact's `emailConsent` is the newest one's status.
 */
export interface ConsentRecord<TS = TimestampLike> {
  contactId: string;
  channel: ConsentChannel;
  status: ConsentStatus;
  source: ConsentSource;
  /** The form, campaign or sequence it came from (null for a member's entry or an import). */
  sourceId: string | null;
  /** The consent text shown to the contact (or typed by the member), as it was. */
  text: string | null;
  language: Language | null;
  /** The member who recorded it; null when it was the contact's own act. */
  recordedBy: string | null;
  /** A topic's consent (preference centre), and its name then; absent or null: all marketing. */
  topicId?: string | null;
  topicName?: string | null;
  createdAt: TS;
}

/**
 * organizations/{orgId}/sendLog/{sendId} — server-only. A sequence step's id is
 * `sendLogId(sequenceId, contactId, stepId)` = `${sequenceId}_${contactId}_${stepId}` (claimed
 * once, in a transaction, before Gmail is called); a test e-mail's is `test_{messageId}`.
 * A sequence step's entry: `pending` while claimed (being sent), then `sent` (with `messageId`),
 * `failed` (`error` = a SendFailureReason; the enrolment is then 'failed') or `skipped`
 * (`error` = a SendSkipReason). A `pending` entry without a claim may carry a SendHoldReason
 * (`subscription-inactive`): the step waits, the enrolment stays active on it.
 */
export interface SendLogEntry<TS = TimestampLike> {
  kind: SendKind;
  sequenceId: string | null;
  stepId: string | null;
  contactId: string | null;
  senderUid: string;
  to: string;
  subject: string;
  status: SendStatus;
  /** Why it failed or was skipped (SendFailureReason | SendSkipReason); null otherwise. */
  error: string | null;
  /** The provider's message id once sent. */
  messageId: string | null;
  /** Its Gmail thread (a reply or a bounce in it ends the enrolment; absent before issue 32). */
  threadId?: string | null;
  createdAt: TS;
  sentAt: TS | null;
  /** Sequence steps: the step's index (0-based, stepOrder order) when claimed. */
  stepIndex?: number;
  /** Sequence steps: when the current claim was taken (a claim older than the timeout is retried). */
  claimedAt?: TS | null;
  /** Sequence steps: how many times the step was claimed. */
  attempts?: number;
  /** When the entry last changed (failed, skipped, sent). */
  updatedAt?: TS;
}

/**
 * organizations/{orgId}/optOuts/{optOutId(email)} — the organization's unsubscribed addresses
 * (sha256 hex of the trimmed lower-case address; no address in clear). Server-only writes (the
 * unsubscribe page); read with marketing.view. Every later step to that address is skipped.
 */
export interface OptOut<TS = TimestampLike> {
  method: OptOutMethod;
  /** The link's sequence and contact (the enrolment that carried it). */
  sequenceId: string | null;
  /** The campaign whose e-mail carried the link (null for a sequence's). */
  campaignId?: string | null;
  contactId: string | null;
  createdAt: TS;
}

/**
 * mailQuotas/{uid} — server-only: how many e-mails (sequence steps and test e-mails) the member's
 * mailbox was given on `day` (UTC, YYYY-MM-DD); the sender stops at the daily cap and holds steps
 * to the next day. A sender pass takes its share in blocks and gives back what it did not use.
 */
export interface MailQuota<TS = TimestampLike> {
  day: string;
  count: number;
  /** When the member's test e-mails of the last hour were sent (at most TEST_EMAILS_PER_HOUR). */
  testSends?: TS[];
  updatedAt: TS;
}

/** organizations/{orgId}/mailConnections/{uid} — public part; server-only writes. */
export interface MailConnection<TS = TimestampLike> {
  provider: MailProvider;
  email: string;
  status: MailConnectionStatus;
  connectedAt: TS;
  /** When and why the provider stopped accepting the stored token (status 'broken'). */
  brokenAt: TS | null;
  brokenReason: string | null;
  /** What the member shares of their mailbox (absent: DEFAULT_MAIL_PRIVACY). */
  privacy?: MailPrivacy;
  /**
   * Whether the grant lets Trato read the mailbox as `privacy` wants (false: connected before
   * two-way e-mail, or metadata granted and bodies wanted — the page asks to reconnect).
   */
  reads?: boolean;
  /** The last sync that finished, and why the last one failed (null: it did not). */
  syncedAt?: TS | null;
  syncError?: string | null;
  /** Gmail's historyId the next incremental sync starts from (server bookkeeping). */
  historyId?: string | null;
  /** After a 429, no sync before this time; and that wait's length (the next one doubles it). */
  syncBackoffUntil?: TS | null;
  syncBackoffMs?: number | null;
}

/**
 * organizations/{orgId}/timeline/{kind}_{recordId} — the mirror of one note, task, meeting or
 * deal that references a contact or a company, so a contact's or a company's timeline is one
 * paged query. Written by the client in the same batch as its record (`timelineEntryFor`); the
 * rules require every field to equal the record's (no forgery). No `updatedAt`: an entry only
 * changes with its record.
 */
export interface TimelineEntry<TS = TimestampLike> {
  kind: TimelineKind;
  /** The record's id (for a note, the note id; its contact is `contactId`). */
  recordId: string;
  /** task / meeting / deal `title`; note `content` (whole, ≤ 10,000). */
  title: string;
  /** task `status`, meeting `status`, deal `stage`; null for a note. */
  detail: string | null;
  /** task `dueDate`, meeting `startTime`, deal `closeDate` (null when absent); null for a note. */
  at: TS | null;
  /** deal `amount`; null for the other kinds. */
  amount: number | null;
  /** task / meeting `contactId`, deal `primaryContactId`; a note's contact (from its path). */
  contactId: string | null;
  /** task / meeting / deal `companyId`; a note: its contact's `companyId` when written. */
  companyId: string | null;
  /** The record's `createdAt` (the timeline's order) and `createdBy`. */
  createdAt: TS;
  createdBy: string;
}

/**
 * A timeline entry as written: timestamps as given (Timestamps, Dates or serverTimestamp()). A
 * mapped type, so it is assignable to `Record<string, unknown>` / the SDKs' `DocumentData`.
 */
export type TimelineEntryData = { [K in keyof TimelineEntry<unknown>]: TimelineEntry<unknown>[K] };

/** Derived, never stored: one row of the notifications dropdown. */
export interface NotificationItem {
  id: string;
  type: 'task' | 'meeting';
  title: string;
  contactName: string | null;
  dueDate: Date;
  isOverdue: boolean;
  status?: TaskStatus;
}

/**
 * What the documents of each collection that a declared query reads hold (model/src/queries.ts:
 * a query's id starts with its collection), so a query's rows have their entity's type.
 */
export interface CollectionEntities {
  organizations: Organization;
  members: Member;
  invitations: Invitation;
  companies: Company;
  contacts: Contact;
  notes: Note;
  deals: Deal;
  tasks: Task;
  meetings: Meeting;
  tickets: Ticket;
  replies: TicketReply;
  portalAccess: PortalAccess;
  documentShares: DocumentShare;
  portals: PortalSite;
  folders: Folder;
  documents: DocumentFile;
  sequences: Sequence;
  steps: SequenceStep;
  enrollments: Enrollment;
  sendLog: SendLogEntry;
  optOuts: OptOut;
  lists: MarketingList;
  campaigns: Campaign;
  campaignRuns: CampaignRun;
  emailThreads: EmailThread;
  emailMessages: EmailMessage;
  emailBodies: EmailBody;
  channels: WhatsAppChannel;
  waTemplates: WaTemplate;
  waConversations: WaConversation;
  waMessages: WaMessage;
  recipients: CampaignRecipient;
  forms: Form;
  topics: Topic;
  topicOptOuts: TopicOptOut;
  submissions: FormSubmission;
  consents: ConsentRecord;
  mailConnections: MailConnection;
  timeline: TimelineEntry;
}
