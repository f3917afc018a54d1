// The mail sync's entry points (issue 32): the schedule that reads every readable mailbox every
// MAIL_SYNC_EVERY_MINUTES, and syncMailbox, a member's 'Sincronizar ahora'.
import type { Firestore } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';

import {
  isSubscriptionActive,
  MAIL_SYNC_EVERY_MINUTES,
  paths,
  type EmailCallables,
  type Subscription,
} from '@trato/model';

import { db } from '../common/admin.js';
import { requireCaller, type Caller } from '../common/caller.js';
import { fail } from '../common/errors.js';
import { requireLiveSubscription } from '../common/subscription.js';
import { parseInput } from '../common/validation.js';
import { requireMember } from './connection.js';
import { googleConfig, MAIL_SECRETS, type GoogleConfig } from './google.js';
import { syncMailbox, type Mailbox, type SyncOutcome } from './sync.js';

/** A member's own mailbox, now (a live subscription; the mailbox connected and readable). */
export async function syncMailboxCore(
  firestore: Firestore,
  config: GoogleConfig,
  caller: Caller,
  data: unknown,
  nowMs = Date.now(),
): Promise<EmailCallables['syncMailbox']['out']> {
  const { organizationId } = parseInput('syncMailbox', data);
  await requireMember(firestore, organizationId, caller.uid);
  await requireLiveSubscription(firestore, organizationId, nowMs);
  const { skipped, ...counts } = await syncMailbox(
    firestore,
    config,
    { organizationId, uid: caller.uid },
    nowMs,
  );
  if (skipped === 'not-readable')
    fail('failed-precondition', 'No mailbox that Trato may read is connected.', {
      reason: 'mail-not-connected',
    });
  if (skipped === 'broken')
    fail('failed-precondition', 'The mailbox connection is broken; reconnect it.', { reason: 'mail-broken' });
  return skipped ? { ...counts, skipped } : counts;
}

export const syncMailboxNow = onCall({ secrets: MAIL_SECRETS }, (request) =>
  syncMailboxCore(db, googleConfig(), requireCaller(request.auth), request.data),
);

/** Mailboxes read at once by one scheduled pass. */
const PARALLEL = 4;

/**
 * Every mailbox Trato may read, of organizations with a live subscription, once (until
 * `deadlineMs`, real time: the rest waits for the next pass). Answers the totals.
 */
export async function syncAllMailboxes(
  firestore: Firestore,
  config: GoogleConfig,
  nowMs: number,
  deadlineMs: number,
  onlyOrganizationId?: string,
): Promise<{ mailboxes: number } & Omit<SyncOutcome, 'skipped'>> {
  const connections = await firestore.collectionGroup('mailConnections').where('reads', '==', true).get();
  const boxes: Mailbox[] = connections.docs
    .filter((doc) => doc.get('status') === 'connected')
    .map((doc) => ({ organizationId: doc.ref.parent.parent!.id, uid: doc.id }))
    .filter((box) => !onlyOrganizationId || box.organizationId === onlyOrganizationId);
  const live = new Map<string, Promise<boolean>>();
  const isLive = (organizationId: string) => {
    let known = live.get(organizationId);
    if (!known)
      live.set(
        organizationId,
        (known = firestore
          .doc(paths.subscription(organizationId))
          .get()
          .then((s) =>
            isSubscriptionActive(s.data() as Subscription<FirebaseFirestore.Timestamp> | undefined, nowMs),
          )),
      );
    return known;
  };
  const totals = { mailboxes: 0, added: 0, replies: 0, bounces: 0 };
  let next = 0;
  const worker = async () => {
    while (next < boxes.length && Date.now() < deadlineMs) {
      const box = boxes[next++]!;
      if (!(await isLive(box.organizationId))) continue;
      const outcome = await syncMailbox(firestore, config, box, nowMs);
      totals.mailboxes++;
      totals.added += outcome.added;
      totals.replies += outcome.replies;
      totals.bounces += outcome.bounces;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return totals;
}

const MAIL_SYNC_TIMEOUT_SECONDS = 120;

export const mailSync = onSchedule(
  {
    schedule: `every ${MAIL_SYNC_EVERY_MINUTES} minutes`,
    timeZone: 'UTC',
    secrets: MAIL_SECRETS,
    timeoutSeconds: MAIL_SYNC_TIMEOUT_SECONDS,
    maxInstances: 1,
  },
  async () => {
    const summary = await syncAllMailboxes(
      db,
      googleConfig(),
      Date.now(),
      Date.now() + (MAIL_SYNC_TIMEOUT_SECONDS - 20) * 1000,
    );
    console.log(`mail sync: ${JSON.stringify(summary)}`);
  },
);
