// previewCampaignAudience: who a campaign to a list would reach now, asked for before sending
// (the schedule dialog). Reads the list's contacts a page at a time (only their addresses) and
// their opt-outs; writes nothing.
import type { DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';

import {
  AUDIENCE_PAGE_SIZE,
  EMPTY_AUDIENCE,
  addVerdict,
  can,
  paths,
  type AudienceCounts,
  type CallableContract,
  type MarketingList,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { directReader, readMember } from '../common/store.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';
import { marketingConsentRequired } from '../forms/consent.js';
import { audienceQuery, classifyPage, optOutLookup } from './audience.js';

type Result = CallableContract['previewCampaignAudience']['out'];

export async function previewCampaignAudienceCore(
  firestore: Firestore,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<Result> {
  const { organizationId, listId, topicId } = parseInput('previewCampaignAudience', data);
  const member = await readMember(firestore, directReader, organizationId, caller.uid);
  if (!member)
    fail('permission-denied', 'You are not a member of this organization.', { reason: 'not-member' });
  // The audience is contacts: who may not read them may not count them either.
  if (!can(member, 'marketing', 'view') || !can(member, 'contacts', 'view'))
    fail('permission-denied', 'Reading an audience needs marketing.view and contacts.view.', {
      reason: 'no-right',
    });
  await requireLiveSubscription(firestore, organizationId, nowMs);
  const listSnap = await firestore.doc(paths.doc(organizationId, 'lists', listId)).get();
  if (!listSnap.exists) fail('not-found', 'This list does not exist.', { reason: 'not-found' });
  const list = listSnap.data() as MarketingList<Timestamp>;

  const consentRequired = await marketingConsentRequired(firestore, organizationId);
  let counts: AudienceCounts = EMPTY_AUDIENCE;
  const seen = new Set<string>();
  const lookup = optOutLookup(firestore, organizationId, topicId ?? null);
  let cursor: { createdAt: Timestamp; contactId: string } | null = null;
  for (;;) {
    const page: FirebaseFirestore.QuerySnapshot = await audienceQuery(
      firestore,
      organizationId,
      listId,
      list,
      cursor,
      AUDIENCE_PAGE_SIZE,
    )
      .select('email', 'emailConsent', 'createdAt')
      .get();
    for (const c of await classifyPage(page.docs as DocumentSnapshot[], seen, lookup, consentRequired))
      counts = addVerdict(counts, c.verdict);
    if (page.size < AUDIENCE_PAGE_SIZE) return counts;
    const last: FirebaseFirestore.QueryDocumentSnapshot = page.docs[page.docs.length - 1]!;
    cursor = { createdAt: last.get('createdAt') as Timestamp, contactId: last.id };
  }
}

export const previewCampaignAudience = onCall({ timeoutSeconds: 300 }, (request) =>
  previewCampaignAudienceCore(db, requireCaller(request.auth), request.data),
);
