/**
 * Marketing lists and one-off campaigns (issue 31): which contacts a list or segment holds, as
 * Firestore constraints that the web (count, preview) and the sender (the audience) both run;
 * a campaign's transitions; the audience's exclusions. Pure.
 */
import type { CampaignStatus, ConsentStatus, ContactStatus, LifecycleStage, ListKind } from './enums.js';
import type { TimestampLike } from './entities.js';

// ── Lists and segments ───────────────────────────────────────────────────────

/**
 * The criteria a segment may save, each an equality on the contact field of the same name
 * (`contactStatus` is the contact's `status`). Any combination is served without a composite
 * index of its own: Firestore merges the (field, createdAt desc) indexes that
 * firestore.indexes.json declares for each one (docs/data-model.md, "Segments").
 */
export const SEGMENT_EQUALITIES = [
  { key: 'lifecycleStage', field: 'lifecycleStage' },
  { key: 'contactStatus', field: 'status' },
  { key: 'isCustomer', field: 'isCustomer' },
  { key: 'companyId', field: 'companyId' },
  { key: 'ownerId', field: 'ownerId' },
  { key: 'city', field: 'city' },
  { key: 'country', field: 'country' },
  { key: 'emailConsent', field: 'emailConsent' },
  { key: 'hasEmail', field: 'hasEmail' },
] as const;
export type SegmentEqualityKey = (typeof SEGMENT_EQUALITIES)[number]['key'];

/** A segment's saved criteria (absent or null: any). Dates bound `createdAt`: from ≤ t < to. */
export interface SegmentCriteria<TS = TimestampLike> {
  lifecycleStage?: LifecycleStage | null;
  contactStatus?: ContactStatus | null;
  isCustomer?: boolean | null;
  companyId?: string | null;
  ownerId?: string | null;
  city?: string | null;
  country?: string | null;
  emailConsent?: ConsentStatus | null;
  /** With an address (true) or without (false). */
  hasEmail?: boolean | null;
  createdFrom?: TS | null;
  createdTo?: TS | null;
}
export const SEGMENT_KEYS = [
  ...SEGMENT_EQUALITIES.map((e) => e.key),
  'createdFrom',
  'createdTo',
] as const satisfies readonly (keyof SegmentCriteria)[];

/** One filter of an audience query, in the SDKs' terms. */
export interface AudienceFilter<TS = TimestampLike> {
  field: string;
  op: '==' | 'array-contains' | '>=' | '<';
  value: string | boolean | TS;
}

/**
 * The contacts of a list, newest first: a static list's members (`listIds` holds its id), or a
 * segment's matches. Both SDKs run it as `where(...)` × n, `orderBy('createdAt', 'desc')`.
 */
export function audienceFilters<TS>(
  list: { kind: ListKind } & SegmentCriteria<TS>,
  listId: string,
): AudienceFilter<TS>[] {
  if (list.kind === 'static') return [{ field: 'listIds', op: 'array-contains', value: listId }];
  const out: AudienceFilter<TS>[] = [];
  for (const { key, field } of SEGMENT_EQUALITIES) {
    const value = list[key];
    if (value !== null && value !== undefined && value !== '') out.push({ field, op: '==', value });
  }
  if (list.createdFrom) out.push({ field: 'createdAt', op: '>=', value: list.createdFrom });
  if (list.createdTo) out.push({ field: 'createdAt', op: '<', value: list.createdTo });
  return out;
}

/** How many criteria a segment sets (a segment with none holds every contact). */
export function criteriaCount(list: SegmentCriteria<unknown>): number {
  return SEGMENT_KEYS.filter((k) => list[k] !== null && list[k] !== undefined && list[k] !== '').length;
}

// ── Campaigns ────────────────────────────────────────────────────────────────

/** What a member may change a campaign's status from, to (the rules hold the same table). */
export const CLIENT_CAMPAIGN_MOVES: Readonly<Partial<Record<CampaignStatus, readonly CampaignStatus[]>>> = {
  draft: ['scheduled', 'canceled'],
  // Back to draft to edit it; paused before its time keeps it from starting.
  scheduled: ['draft', 'paused', 'canceled'],
  sending: ['paused', 'canceled'],
  // Resumed: to 'scheduled' if it never started, 'sending' if it had (the run says which).
  paused: ['scheduled', 'sending', 'canceled'],
};

export function clientMayMoveCampaign(from: CampaignStatus, to: CampaignStatus): boolean {
  return CLIENT_CAMPAIGN_MOVES[from]?.includes(to) ?? false;
}

/** A campaign's content is edited while a draft only (what is scheduled is what goes). */
export const CAMPAIGN_EDITABLE_STATUSES: readonly CampaignStatus[] = ['draft'];
/** Statuses after which nothing more is sent. */
export const CAMPAIGN_FINAL_STATUSES: readonly CampaignStatus[] = ['sent', 'canceled', 'failed'];

/**
 * Why a campaign (as a whole) failed (`CampaignRun.failureReason`; the UI labels them as
 * `marketing.campaigns.failure.{reason}`).
 */
export const CAMPAIGN_FAILURE_REASONS = [
  /** Its author (whose Gmail sends it) is no longer a member. */
  'sender-missing',
  /** Its author has no connected mailbox, or Google disconnected it. */
  'mail-not-connected',
  /** Its list was deleted before it started. */
  'list-missing',
] as const;
export type CampaignFailureReason = (typeof CAMPAIGN_FAILURE_REASONS)[number];

/** Why a running campaign waits (`CampaignRun.holdReason`), shown with its status. */
export const CAMPAIGN_HOLD_REASONS = [
  /** The author's mailbox reached its daily cap: it goes on the next (UTC) day. */
  'daily-cap',
  /** The organization's subscription is not live. */
  'subscription-inactive',
] as const;
export type CampaignHoldReason = (typeof CAMPAIGN_HOLD_REASONS)[number];

/**
 * The audience as the sender counted it while writing the recipients: contacts read, and those
 * left out (no address, unsubscribed, without consent where the organization requires it, a
 * second contact with an address already counted). `noConsent` is absent from runs before it.
 */
export interface AudienceCounts {
  contacts: number;
  recipients: number;
  noEmail: number;
  unsubscribed: number;
  noConsent?: number;
  duplicates: number;
}

export const EMPTY_AUDIENCE: Required<AudienceCounts> = {
  contacts: 0,
  recipients: 0,
  noEmail: 0,
  unsubscribed: 0,
  noConsent: 0,
  duplicates: 0,
};

/** Where one contact goes in an audience (its address normalised, its opt-out looked up). */
export type AudienceVerdict = 'recipient' | 'noEmail' | 'unsubscribed' | 'noConsent' | 'duplicate';

export function audienceVerdict(
  email: string | null | undefined,
  optedOut: boolean,
  alreadyCounted: boolean,
  consented = true,
): AudienceVerdict {
  if (!email?.trim()) return 'noEmail';
  if (alreadyCounted) return 'duplicate';
  if (optedOut) return 'unsubscribed';
  if (!consented) return 'noConsent';
  return 'recipient';
}

export function addVerdict(counts: AudienceCounts, verdict: AudienceVerdict): AudienceCounts {
  const key = verdict === 'recipient' ? 'recipients' : verdict === 'duplicate' ? 'duplicates' : verdict;
  return { ...counts, contacts: counts.contacts + 1, [key]: (counts[key] ?? 0) + 1 };
}

/** The topics the preference centre offers (an organization keeps at most this many). */
export const TOPICS_MAX = 20;

/**
 * What a contact's choices on the preference centre change: the topics to opt out of, and the
 * ones opted out of before that the contact chose again. `kept`: the topics left ticked.
 */
export function topicChanges(
  topicIds: readonly string[],
  optedOutBefore: readonly string[],
  kept: readonly string[],
): { optOut: string[]; optIn: string[]; after: string[] } {
  const known = new Set(topicIds);
  const keep = new Set(kept.filter((id) => known.has(id)));
  const before = new Set(optedOutBefore);
  const optOut = topicIds.filter((id) => !keep.has(id) && !before.has(id));
  const optIn = topicIds.filter((id) => keep.has(id) && before.has(id));
  // Opt-outs of topics deleted since stay: harmless, and the topic may come back.
  const after = [...optedOutBefore.filter((id) => !optIn.includes(id)), ...optOut];
  return { optOut, optIn, after };
}

/** Contacts read per page while the audience is written (one batch: the recipients and the run). */
export const AUDIENCE_PAGE_SIZE = 200;
/** A paused campaign is looked at again after this long (so a resume takes effect by then). */
export const PAUSED_CAMPAIGN_RECHECK_MINUTES = 5;
/** Recipients of one campaign a pass sends at most before giving the others a turn. */
export const CAMPAIGN_SLICE = 50;
