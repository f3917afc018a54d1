// The daily digest (issue 30): each hour, the members who chose e-mail notifications and whose
// chosen hour it is in their time zone get one e-mail with their overdue and due-today tasks and
// today's meetings, across their organizations (those they still belong to, with a live
// subscription). Exactly once per member and local day: a claim document digests/{uid}_{day}
// is created in a transaction before sending, so overlapping runs send one e-mail. An empty
// digest is not sent (its claim says so).
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';

import {
  DEFAULT_DIGEST_HOUR,
  DIGEST_FALLBACK_TIME_ZONE,
  DIGEST_ITEMS_MAX,
  instantOf,
  isSubscriptionActive,
  NOTIFICATION_KINDS,
  organizationsOf,
  paths,
  TIME_ZONE_PATTERN,
  TOP,
  wallClockAt,
  type Meeting,
  type Organization,
  type Subscription,
  type Task,
  type UserProfile,
} from '@trato/model';

import type { OutgoingMail, SentMail } from '../mail/mailer.js';
import { composeDigest, type DigestItem, type DigestSection } from './digestText.js';

export type SystemSendFn = (mail: OutgoingMail) => Promise<SentMail>;

export interface DigestOptions {
  now: number;
  send: SystemSendFn;
  /** The app's address, for the digest's links. */
  appUrl: string;
  /** Only this member (tests). */
  onlyUid?: string;
}

export interface DigestSummary {
  candidates: number;
  notDue: number;
  alreadyDone: number;
  empty: number;
  sent: number;
  failed: number;
}

/** Open task statuses the digest lists (a cancelled task is not something to do). */
const TASKS_TO_DO = ['pending', 'in_progress'];
/** Members looked at per page of the candidates' query. */
const PAGE = 200;

/** The member's zone: theirs when the runtime knows it, else the fallback. */
export function zoneOf(profile: Pick<UserProfile, 'timeZone'>): string {
  const zone = profile.timeZone;
  if (typeof zone === 'string' && TIME_ZONE_PATTERN.test(zone)) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return zone;
    } catch {
      // An IANA name this runtime does not know.
    }
  }
  return DIGEST_FALLBACK_TIME_ZONE;
}

/** Where `now` falls for the member: their local day ('2026-11-26'), its bounds, and whether it is their hour. */
export function digestMoment(
  now: number,
  timeZone: string,
  hour: number,
): { due: boolean; day: string; dayStart: number; dayEnd: number } {
  const wall = wallClockAt(now, timeZone);
  const day = `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
  const dayStart = instantOf(
    { year: wall.year, month: wall.month, day: wall.day, hour: 0, minute: 0 },
    timeZone,
  );
  // The next day's midnight (Date.UTC rolls the month and year over).
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  const dayEnd = instantOf(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
    },
    timeZone,
  );
  return { due: wall.hour === hour, day, dayStart, dayEnd };
}

const millisOf = (value: unknown): number =>
  value instanceof Timestamp ? value.toMillis() : value instanceof Date ? value.getTime() : Number.NaN;

/** The member's items in one organization (null: not a member any more, or no live subscription). */
async function sectionOf(
  firestore: Firestore,
  uid: string,
  organizationId: string,
  kinds: readonly string[],
  moment: { now: number; dayStart: number; dayEnd: number },
): Promise<DigestSection | null> {
  const [memberSnap, orgSnap, billingSnap] = await Promise.all([
    firestore.doc(paths.member(organizationId, uid)).get(),
    firestore.doc(paths.organization(organizationId)).get(),
    firestore.doc(paths.subscription(organizationId)).get(),
  ]);
  if (!memberSnap.exists || !orgSnap.exists) return null;
  const mirror = billingSnap.exists ? (billingSnap.data() as Subscription<Timestamp>) : null;
  if (!isSubscriptionActive(mirror, moment.now)) return null;
  const section: DigestSection = {
    organizationId,
    organizationName: (orgSnap.data() as Organization).name,
    overdue: [],
    dueToday: [],
    meetings: [],
    more: 0,
  };
  if (kinds.includes('tasks')) {
    // The bell's declared query ('tasks.notifications.assigned'): its index serves this.
    const tasks = await firestore
      .collection(paths.collection(organizationId, 'tasks'))
      .where('assigneeIds', 'array-contains', uid)
      .where('status', 'in', TASKS_TO_DO)
      .where('dueDate', '<', Timestamp.fromMillis(moment.dayEnd))
      .orderBy('dueDate', 'asc')
      .limit(DIGEST_ITEMS_MAX * 2 + 1)
      .get();
    for (const doc of tasks.docs) {
      const task = doc.data() as Task;
      const item: DigestItem = { title: task.title, at: millisOf(task.dueDate) };
      const list = item.at < moment.now ? section.overdue : section.dueToday;
      if (list.length < DIGEST_ITEMS_MAX) list.push(item);
      else section.more++;
    }
  }
  if (kinds.includes('meetings')) {
    const meetings = await firestore
      .collection(paths.collection(organizationId, 'meetings'))
      .where('participantIds', 'array-contains', uid)
      .where('status', '==', 'scheduled')
      .where('startTime', '>=', Timestamp.fromMillis(moment.dayStart))
      .where('startTime', '<', Timestamp.fromMillis(moment.dayEnd))
      .orderBy('startTime', 'asc')
      .limit(DIGEST_ITEMS_MAX + 1)
      .get();
    for (const doc of meetings.docs) {
      const meeting = doc.data() as Meeting;
      if (section.meetings.length < DIGEST_ITEMS_MAX)
        section.meetings.push({ title: meeting.title, at: millisOf(meeting.startTime) });
      else section.more++;
    }
  }
  return section;
}

type Claim = 'claimed' | 'taken';

/** The day's claim: one run wins; a failed send may be tried again by a later run of the hour. */
async function claim(firestore: Firestore, uid: string, day: string, now: number): Promise<Claim> {
  const ref = firestore.doc(paths.digest(uid, day));
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('status') !== 'failed') return 'taken';
    tx.set(ref, { uid, day, status: 'sending', claimedAt: Timestamp.fromMillis(now) });
    return 'claimed';
  });
}

async function digestFor(
  firestore: Firestore,
  profileSnap: DocumentSnapshot,
  options: DigestOptions,
  summary: DigestSummary,
): Promise<void> {
  const uid = profileSnap.id;
  const profile = profileSnap.data() as UserProfile;
  const kinds = (profile.emailNotifications ?? []).filter((k) =>
    (NOTIFICATION_KINDS as readonly string[]).includes(k),
  );
  if (!kinds.length || !profile.email) return;
  const timeZone = zoneOf(profile);
  const moment = digestMoment(options.now, timeZone, profile.digestHour ?? DEFAULT_DIGEST_HOUR);
  if (!moment.due) {
    summary.notDue++;
    return;
  }
  if ((await claim(firestore, uid, moment.day, options.now)) === 'taken') {
    summary.alreadyDone++;
    return;
  }
  const ref = firestore.doc(paths.digest(uid, moment.day));
  try {
    const sections = (
      await Promise.all(
        organizationsOf(profile).map((id) =>
          sectionOf(firestore, uid, id, kinds, { now: options.now, ...moment }),
        ),
      )
    ).filter((section): section is DigestSection => section !== null);
    const mail = composeDigest(
      {
        email: profile.email,
        fullName: profile.fullName,
        language: profile.language,
        timeZone,
        timeFormat: profile.timeFormat ?? null,
      },
      sections,
      {
        app: (organizationId) => `${options.appUrl}/tareas?org=${encodeURIComponent(organizationId)}`,
        settings: `${options.appUrl}/ajustes`,
      },
    );
    if (!mail) {
      await ref.update({ status: 'empty', doneAt: FieldValue.serverTimestamp() });
      summary.empty++;
      return;
    }
    const sent = await options.send(mail);
    await ref.update({ status: 'sent', messageId: sent.messageId, doneAt: FieldValue.serverTimestamp() });
    summary.sent++;
  } catch (error) {
    console.error(`digest for ${uid} failed`, error);
    await ref.update({ status: 'failed', reason: String((error as Error).message).slice(0, 200) });
    summary.failed++;
  }
}

/** One run at `now`: every member with e-mail notifications, a page at a time. */
export async function runDigests(firestore: Firestore, options: DigestOptions): Promise<DigestSummary> {
  const summary: DigestSummary = { candidates: 0, notDue: 0, alreadyDone: 0, empty: 0, sent: 0, failed: 0 };
  let query = firestore
    .collection(TOP.users)
    .where('emailNotifications', 'array-contains-any', [...NOTIFICATION_KINDS])
    .orderBy('__name__')
    .limit(PAGE);
  if (options.onlyUid) {
    query = firestore
      .collection(TOP.users)
      .where('__name__', '==', firestore.doc(paths.user(options.onlyUid)))
      .limit(1);
  }
  for (;;) {
    const page = await query.get();
    summary.candidates += page.size;
    for (const profileSnap of page.docs) await digestFor(firestore, profileSnap, options, summary);
    if (options.onlyUid || page.size < PAGE) return summary;
    query = query.startAfter(page.docs[page.docs.length - 1]!);
  }
}
