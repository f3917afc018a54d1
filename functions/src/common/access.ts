// Who may do CRM work through a function: a member of the organization, with the permission the
// work needs (the rules' `can`), while the organization's subscription is live.
import type { Firestore } from 'firebase-admin/firestore';

import { can, type Action, type Member, type Resource } from '@trato/model';

import { fail } from './errors.js';
import { directReader, readMember } from './store.js';
import { requireLiveSubscription } from './subscription.js';

/** The caller's membership, or permission-denied ('not-member', 'no-right'), or 'subscription-inactive'. */
export async function requireMemberWith(
  firestore: Firestore,
  organizationId: string,
  uid: string,
  nowMs: number,
  right?: [Resource, Action],
): Promise<Member> {
  const member = await readMember(firestore, directReader, organizationId, uid);
  if (!member)
    fail('permission-denied', 'You are not a member of this organization.', { reason: 'not-member' });
  if (right && !can(member, right[0], right[1]))
    fail('permission-denied', `This needs ${right[0]}.${right[1]}.`, { reason: 'no-right' });
  await requireLiveSubscription(firestore, organizationId, nowMs);
  return member;
}
