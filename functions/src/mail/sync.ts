// Reading a member's Gmail (issue 32): what their mailbox exchanged with the organization's
// contacts becomes conversations, messages and bodies under the organization (model/src/email.ts),
// each with its timeline entry; a reply from an enrolled contact ends the enrolment ('replied')
// before its next step, and a delivery failure about a sequence e-mail fails it ('bounced').
//
// The first sync reads the last MAIL_SYNC_WINDOW_DAYS (at most MAIL_SYNC_INITIAL_MAX messages);
// later ones read Gmail's history from the stored historyId, at most MAIL_SYNC_PASS_MAX messages
// a pass (the rest the next pass). Every message is written once, by its Gmail id, in one
// transaction with its conversation and entry, so passes that overlap or repeat change nothing.
// A historyId Gmail no longer knows (404) starts the window again; a 429 puts the mailbox on a
// doubling back-off; a grant Google no longer accepts marks the connection broken, as sending does.
// A contact's answer in the Gmail thread of a ticket's public reply is added to that ticket.
import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { gmail_v1 } from 'googleapis';

import {
  counterparts,
  DEFAULT_MAIL_PRIVACY,
  directionOf,
  emailMessageKey,
  emailThreadKey,
  isBounceMessage,
  keepsBodies,
  MAIL_SYNC_BACKOFF_MAX_MS,
  MAIL_SYNC_BACKOFF_MS,
  MAIL_SYNC_INITIAL_MAX,
  MAIL_SYNC_PASS_MAX,
  MAIL_SYNC_WINDOW_DAYS,
  normalizeAddress,
  paths,
  searchIndexOf,
  searchTokens,
  serverTimelineEntry,
  shownHeaders,
  type EmailBody,
  type EmailMessage,
  type EmailThread,
  type MailConnection,
  type MailPrivacy,
  type SendLogEntry,
} from '@trato/model';

import { addEmailTicketReplies } from '../portal/emailReplies.js';
import type { StoredMailToken } from './connection.js';
import {
  boundedBody,
  parseAddresses,
  parseGmailMessage,
  sanitizeEmailHtml,
  SYNC_HEADERS,
  type ParsedMail,
} from './gmailMessage.js';
import { gmailApi, googleFailure, oauthClient, type GoogleConfig } from './google.js';
import { markBroken } from './mailer.js';
import { decryptToken, parseTokenKey } from './tokenCrypto.js';

export interface Mailbox {
  organizationId: string;
  uid: string;
}

export interface SyncOutcome {
  /** Messages written (new ones involving a contact). */
  added: number;
  /** Enrolments ended because their contact replied. */
  replies: number;
  /** Sequence e-mails that came back undelivered. */
  bounces: number;
  /** Why nothing was read: not connected or not readable, backing off, broken, rate-limited, failed. */
  skipped?: 'not-readable' | 'backoff' | 'broken' | 'rate-limited' | 'no-access' | 'failed';
}

const DAY_MS = 86_400_000;
/** Labels whose messages are not an exchange with a contact. */
const IGNORED_LABELS = ['DRAFT', 'SPAM', 'TRASH'];
/** Contacts looked up by address in one query (Firestore's `in` takes 30 values). */
const IN_LIMIT = 30;

/** Gmail's authenticated client for the member's stored grant. */
export async function gmailFor(config: GoogleConfig, stored: StoredMailToken, uid: string) {
  const auth = await oauthClient(config);
  auth.setCredentials({
    refresh_token: decryptToken(parseTokenKey(config.tokenKey), stored.refreshToken, uid),
  });
  return gmailApi(config, auth);
}

/** The member's stored grant and connection when the mailbox may be read now, else why not. */
export async function readableMailbox(
  db: Firestore,
  box: Mailbox,
  nowMs: number,
): Promise<
  | { stored: StoredMailToken; connection: MailConnection<Timestamp> }
  | { skipped: NonNullable<SyncOutcome['skipped']> }
> {
  const [tokenSnap, connectionSnap] = await Promise.all([
    db.doc(paths.mailToken(box.uid)).get(),
    db.doc(paths.mailConnection(box.organizationId, box.uid)).get(),
  ]);
  const stored = tokenSnap.data() as StoredMailToken | undefined;
  const connection = connectionSnap.data() as MailConnection<Timestamp> | undefined;
  if (!stored || !connection || stored.organizationId !== box.organizationId)
    return { skipped: 'not-readable' };
  if (connection.status !== 'connected') return { skipped: 'broken' };
  if (!connection.reads) return { skipped: 'not-readable' };
  if (connection.syncBackoffUntil && connection.syncBackoffUntil.toMillis() > nowMs)
    return { skipped: 'backoff' };
  return { stored, connection };
}

/** The message ids of the first sync's window, newest first, and the history point after them. */
async function windowIds(
  gmail: gmail_v1.Gmail,
  privacy: MailPrivacy,
): Promise<{ ids: string[]; historyId: string }> {
  // The history point first: what arrives while the window is read comes in the next pass.
  const profile = await gmail.users.getProfile({ userId: 'me' });
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await gmail.users.messages.list({
      userId: 'me',
      maxResults: Math.min(100, MAIL_SYNC_INITIAL_MAX - ids.length),
      pageToken,
      // gmail.metadata allows no `q`: the window is then applied to each message's date.
      ...(privacy !== 'metadata' && { q: `newer_than:${MAIL_SYNC_WINDOW_DAYS}d` }),
    });
    for (const m of page.data.messages ?? []) if (m.id) ids.push(m.id);
    pageToken = page.data.nextPageToken ?? undefined;
  } while (pageToken && ids.length < MAIL_SYNC_INITIAL_MAX);
  return { ids, historyId: profile.data.historyId ?? '0' };
}

/**
 * The ids of the messages added since `startHistoryId`, oldest first, at most `max`; and where the
 * next pass starts (the last record read, or Gmail's current point when every record was read).
 */
async function historyIds(
  gmail: gmail_v1.Gmail,
  startHistoryId: string,
  max: number,
): Promise<{ ids: string[]; historyId: string }> {
  const ids: string[] = [];
  let historyId = startHistoryId;
  let pageToken: string | undefined;
  for (;;) {
    const page = await gmail.users.history.list({
      userId: 'me',
      startHistoryId,
      historyTypes: ['messageAdded'],
      maxResults: 100,
      pageToken,
    });
    for (const record of page.data.history ?? []) {
      if (ids.length >= max) return { ids, historyId };
      for (const added of record.messagesAdded ?? []) if (added.message?.id) ids.push(added.message.id);
      historyId = record.id ?? historyId;
    }
    pageToken = page.data.nextPageToken ?? undefined;
    if (!pageToken) return { ids, historyId: page.data.historyId ?? historyId };
  }
}

/** The organization's contacts with these addresses (as typed or lower-cased): address → contacts. */
async function contactsByAddress(
  db: Firestore,
  organizationId: string,
  addresses: Iterable<string>,
): Promise<Map<string, Array<{ id: string; companyId: string | null }>>> {
  const wanted = [...new Set([...addresses].flatMap((a) => [a, normalizeAddress(a)]))];
  const out = new Map<string, Array<{ id: string; companyId: string | null }>>();
  const contacts = db.collection(paths.collection(organizationId, 'contacts'));
  for (let i = 0; i < wanted.length; i += IN_LIMIT) {
    const page = await contacts.where('email', 'in', wanted.slice(i, i + IN_LIMIT)).get();
    for (const doc of page.docs) {
      const email = doc.get('email') as string | null;
      if (!email) continue;
      const key = normalizeAddress(email);
      const list = out.get(key) ?? [];
      if (!list.some((c) => c.id === doc.id))
        list.push({ id: doc.id, companyId: (doc.get('companyId') as string | null | undefined) ?? null });
      out.set(key, list);
    }
  }
  return out;
}

/** The sequence e-mails this mailbox sent in a Gmail thread. */
async function sequenceSendsInThread(
  db: Firestore,
  box: Mailbox,
  threadId: string,
): Promise<Array<{ ref: DocumentReference; entry: SendLogEntry<Timestamp> }>> {
  const page = await db
    .collection(paths.collection(box.organizationId, 'sendLog'))
    .where('senderUid', '==', box.uid)
    .where('threadId', '==', threadId)
    .get();
  return page.docs
    .map((doc) => ({ ref: doc.ref, entry: doc.data() as SendLogEntry<Timestamp> }))
    .filter(({ entry }) => entry.kind === 'sequence' && entry.sequenceId && entry.contactId);
}

const uniq = <T>(values: T[]) => [...new Set(values)];

/** What one message becomes, or null when it involves no contact (nothing is kept). */
interface Kept {
  mail: ParsedMail;
  direction: 'in' | 'out';
  contactIds: string[];
  companyIds: string[];
  isBounce: boolean;
}

/**
 * Writes one message with its body, conversation and timeline entry, once: a message already
 * written (another pass) changes nothing. Answers whether it was written now.
 */
async function writeMessage(
  db: Firestore,
  box: Mailbox,
  mailbox: string,
  privacy: MailPrivacy,
  kept: Kept,
): Promise<boolean> {
  const { mail, direction, contactIds, companyIds, isBounce } = kept;
  const org = box.organizationId;
  const key = emailMessageKey(box.uid, mail.gmailId);
  const threadKey = emailThreadKey(box.uid, mail.threadId);
  const messageRef = db.doc(paths.doc(org, 'emailMessages', key));
  const threadRef = db.doc(paths.doc(org, 'emailThreads', threadKey));
  const open = privacy !== 'private';
  const date = Timestamp.fromMillis(mail.dateMs);
  const now = FieldValue.serverTimestamp();
  const body = keepsBodies(privacy)
    ? await boundedBody(mail.text, mail.html === null ? null : await sanitizeEmailHtml(mail.html))
    : null;
  const message: EmailMessage<Timestamp | FieldValue> = {
    ownerUid: box.uid,
    mailbox,
    gmailId: mail.gmailId,
    gmailThreadId: mail.threadId,
    threadKey,
    direction,
    visibility: privacy,
    ...shownHeaders(privacy, mail),
    date,
    contactIds,
    companyIds,
    hasBody: body !== null,
    isBounce,
    messageIdHeader: mail.messageIdHeader,
    inReplyTo: mail.inReplyTo,
    createdAt: now,
  };
  const participants = uniq(
    [mail.from, ...mail.to, ...mail.cc].filter((p) => !!p).map((p) => normalizeAddress(p!.address)),
  );
  return db.runTransaction(async (tx) => {
    const [existing, threadSnap] = await Promise.all([tx.get(messageRef), tx.get(threadRef)]);
    if (existing.exists) return false;
    const thread = threadSnap.data() as EmailThread<Timestamp> | undefined;
    const newest = !thread || thread.lastMessageAt.toMillis() <= mail.dateMs;
    const subject = open ? (thread?.subject ?? mail.subject) : null;
    const allParticipants = open ? uniq([...(thread?.participants ?? []), ...participants]) : null;
    const tokens = open ? searchTokens(subject, ...(allParticipants ?? [])) : [];
    const updated: EmailThread<Timestamp | FieldValue> = {
      ownerUid: box.uid,
      mailbox,
      gmailThreadId: mail.threadId,
      visibility: privacy,
      subject,
      snippet: open ? (newest ? mail.snippet : (thread?.snippet ?? mail.snippet)) : null,
      participants: allParticipants,
      contactIds: uniq([...(thread?.contactIds ?? []), ...contactIds]),
      companyIds: uniq([...(thread?.companyIds ?? []), ...companyIds]),
      messageCount: (thread?.messageCount ?? 0) + 1,
      lastMessageAt: newest ? date : thread!.lastMessageAt,
      lastDirection: newest ? direction : thread!.lastDirection,
      searchTokens: tokens,
      searchIndex: searchIndexOf(tokens),
      createdAt: thread?.createdAt ?? now,
      updatedAt: now,
    };
    tx.create(messageRef, message);
    tx.set(threadRef, updated);
    if (body) {
      const stored: EmailBody<Timestamp | FieldValue> = {
        ownerUid: box.uid,
        visibility: privacy,
        from: mail.from,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        text: body.text,
        html: body.html,
        attachments: mail.attachments,
        truncated: body.truncated,
        createdAt: now,
      };
      tx.set(db.doc(paths.doc(org, 'emailBodies', key)), stored);
    }
    const entry = serverTimelineEntry('email', key, {
      title: open ? mail.subject : '',
      detail: direction,
      contactId: contactIds[0]!,
      companyId: companyIds[0] ?? null,
      createdAt: date,
      createdBy: box.uid,
    });
    tx.set(db.doc(paths.doc(org, 'timeline', entry.id)), entry.data);
    return true;
  });
}

/** The sequences of the organization (ids), read once a pass when a reply needs them. */
function sequenceIdsOnce(db: Firestore, organizationId: string): () => Promise<string[]> {
  let ids: Promise<string[]> | undefined;
  return () =>
    (ids ??= db
      .collection(paths.collection(organizationId, 'sequences'))
      .select()
      .get()
      .then((page) => page.docs.map((d) => d.id)));
}

const STOPPABLE = ['active', 'paused'];

/**
 * A contact answered: each of their enrolments still running that began before the reply ends
 * 'replied' (nothing more is sent), as does the enrolment of a sequence e-mail in the reply's
 * thread. Answers how many ended.
 */
async function stopOnReply(
  db: Firestore,
  box: Mailbox,
  kept: Kept,
  sequenceIds: () => Promise<string[]>,
): Promise<number> {
  const org = box.organizationId;
  const targets = new Map<string, DocumentReference>();
  for (const sequenceId of await sequenceIds())
    for (const contactId of kept.contactIds)
      targets.set(
        `${sequenceId}/${contactId}`,
        db.doc(`${paths.doc(org, 'sequences', sequenceId)}/enrollments/${contactId}`),
      );
  for (const { entry } of await sequenceSendsInThread(db, box, kept.mail.threadId))
    targets.set(
      `${entry.sequenceId}/${entry.contactId}`,
      db.doc(`${paths.doc(org, 'sequences', entry.sequenceId!)}/enrollments/${entry.contactId}`),
    );
  let stopped = 0;
  for (const ref of targets.values()) {
    const ended = await db.runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const status = snap.get('status') as string | undefined;
      const since = snap.get('createdAt') as Timestamp | undefined;
      if (!snap.exists || !STOPPABLE.includes(status ?? '') || (since && since.toMillis() > kept.mail.dateMs))
        return false;
      tx.update(ref, { status: 'replied', nextSendAt: null, updatedAt: FieldValue.serverTimestamp() });
      return true;
    });
    if (ended) stopped++;
  }
  return stopped;
}

/**
 * A delivery failure came back in the thread of sequence e-mails: each sent one fails 'bounced'
 * and its enrolment, still running, fails. Answers how many sends it failed.
 */
async function failOnBounce(db: Firestore, box: Mailbox, kept: Kept): Promise<number> {
  const org = box.organizationId;
  let failed = 0;
  for (const { ref, entry } of await sequenceSendsInThread(db, box, kept.mail.threadId)) {
    if (entry.status !== 'sent') continue;
    const enrolment = db.doc(
      `${paths.doc(org, 'sequences', entry.sequenceId!)}/enrollments/${entry.contactId}`,
    );
    await db.runTransaction(async (tx) => {
      const snap = await tx.get(enrolment);
      tx.update(ref, { status: 'failed', error: 'bounced', updatedAt: FieldValue.serverTimestamp() });
      if (snap.exists && STOPPABLE.includes(snap.get('status') as string))
        tx.update(enrolment, { status: 'failed', nextSendAt: null, updatedAt: FieldValue.serverTimestamp() });
    });
    failed++;
  }
  return failed;
}

/**
 * Reads, keeps and acts on the messages `ids` of the mailbox (those already kept are skipped);
 * `withContact`: a contact the messages belong to whatever their addresses (an e-mail written
 * from that contact's page, to an address that is not theirs).
 */
export async function ingest(
  db: Firestore,
  gmail: gmail_v1.Gmail,
  box: Mailbox,
  mailbox: string,
  privacy: MailPrivacy,
  ids: string[],
  windowStartMs: number | null,
  withContact?: { id: string; companyId: string | null },
): Promise<Omit<SyncOutcome, 'skipped'>> {
  const org = box.organizationId;
  const outcome = { added: 0, replies: 0, bounces: 0 };
  const unique = uniq(ids);
  // Already kept (an earlier pass): not fetched again.
  const known = new Set<string>();
  for (let i = 0; i < unique.length; i += 100) {
    const refs = unique
      .slice(i, i + 100)
      .map((id) => db.doc(paths.doc(org, 'emailMessages', emailMessageKey(box.uid, id))));
    for (const snap of await db.getAll(...refs)) if (snap.exists) known.add(snap.get('gmailId') as string);
  }
  const mails: ParsedMail[] = [];
  for (const id of unique.filter((id) => !known.has(id))) {
    try {
      const response = await gmail.users.messages.get({
        userId: 'me',
        id,
        format: keepsBodies(privacy) ? 'full' : 'metadata',
        ...(!keepsBodies(privacy) && { metadataHeaders: [...SYNC_HEADERS] }),
      });
      mails.push(parseGmailMessage(response.data));
    } catch (error) {
      // Deleted between the list and the read: nothing to keep.
      if (googleFailure(error).status === 404) continue;
      throw error;
    }
  }
  const relevant = mails.filter(
    (m) =>
      !m.labelIds.some((label) => IGNORED_LABELS.includes(label)) &&
      (windowStartMs === null || m.dateMs >= windowStartMs),
  );
  const bounces = new Set(
    relevant.filter((m) => isBounceMessage({ from: m.from, contentType: m.contentType, headers: m.headers })),
  );
  // A bounce is about the address that failed, not the mail system that wrote it.
  const addressesOf = (m: ParsedMail) =>
    bounces.has(m)
      ? parseAddresses(m.headers['x-failed-recipients']).map((p) => normalizeAddress(p.address))
      : counterparts(mailbox, m);
  const contacts = await contactsByAddress(db, org, relevant.flatMap(addressesOf));
  const sequenceIds = sequenceIdsOnce(db, org);
  // Oldest first: a conversation's newest message is written last.
  for (const mail of relevant.sort((a, b) => a.dateMs - b.dateMs)) {
    const isBounce = bounces.has(mail);
    const matched = addressesOf(mail).flatMap((a) => contacts.get(a) ?? []);
    // A bounce whose recipient is not named still belongs to the thread's sequence contacts.
    const threadContacts =
      isBounce && !matched.length ? await sequenceSendsInThread(db, box, mail.threadId) : [];
    const contactIds = uniq([
      ...(withContact ? [withContact.id] : []),
      ...matched.map((c) => c.id),
      ...threadContacts.map((s) => s.entry.contactId!),
    ]);
    if (!contactIds.length) continue;
    const kept: Kept = {
      mail,
      direction: directionOf(mailbox, mail.from),
      contactIds,
      companyIds: uniq(
        [withContact?.companyId ?? null, ...matched.map((c) => c.companyId)].filter((c): c is string => !!c),
      ),
      isBounce,
    };
    // The contact's answer in a ticket's thread becomes a reply on the ticket (issue 34); before
    // the message is kept, so a pass that fails after it still leaves the reply (written once).
    if (!isBounce && kept.direction === 'in') await addEmailTicketReplies(db, box, mail);
    if (!(await writeMessage(db, box, mailbox, privacy, kept))) continue;
    outcome.added++;
    if (isBounce) outcome.bounces += await failOnBounce(db, box, kept);
    else if (kept.direction === 'in') outcome.replies += await stopOnReply(db, box, kept, sequenceIds);
  }
  return outcome;
}

/** The next back-off after a 429: the base, then doubling up to the maximum. */
export function nextBackoffMs(previousMs: number | null): number {
  return previousMs ? Math.min(previousMs * 2, MAIL_SYNC_BACKOFF_MAX_MS) : MAIL_SYNC_BACKOFF_MS;
}

/**
 * One sync of one mailbox at `nowMs`: the first (the window) or the next (history); a history
 * point Gmail no longer has starts the window again. Never throws for Gmail's answers: what went
 * wrong is recorded on the connection (syncError) and answered as `skipped`.
 */
export async function syncMailbox(
  db: Firestore,
  config: GoogleConfig,
  box: Mailbox,
  nowMs = Date.now(),
): Promise<SyncOutcome> {
  const readable = await readableMailbox(db, box, nowMs);
  if ('skipped' in readable) return { added: 0, replies: 0, bounces: 0, skipped: readable.skipped };
  const { stored, connection } = readable;
  const privacy = connection.privacy ?? DEFAULT_MAIL_PRIVACY;
  const connectionRef = db.doc(paths.mailConnection(box.organizationId, box.uid));
  try {
    const gmail = await gmailFor(config, stored, box.uid);
    let read: { ids: string[]; historyId: string };
    let windowStartMs: number | null = null;
    try {
      if (!connection.historyId) throw Object.assign(new Error('first sync'), { firstSync: true });
      read = await historyIds(gmail, connection.historyId, MAIL_SYNC_PASS_MAX);
    } catch (error) {
      const firstSync = (error as { firstSync?: boolean }).firstSync === true;
      // A history point too old for Gmail (404): the window again, bounded like the first.
      if (!firstSync && googleFailure(error).status !== 404) throw error;
      if (!firstSync)
        console.warn(`mail sync: history ${connection.historyId} expired, reading the window again`);
      read = await windowIds(gmail, privacy);
      windowStartMs = nowMs - MAIL_SYNC_WINDOW_DAYS * DAY_MS;
    }
    const outcome = await ingest(db, gmail, box, stored.email, privacy, read.ids, windowStartMs);
    await connectionRef.update({
      historyId: read.historyId,
      syncedAt: FieldValue.serverTimestamp(),
      syncError: null,
      syncBackoffUntil: null,
      syncBackoffMs: null,
    });
    return outcome;
  } catch (error) {
    const { oauthError, status } = googleFailure(error);
    const nothing = { added: 0, replies: 0, bounces: 0 };
    if (oauthError === 'invalid_grant') {
      await markBroken(db, box.organizationId, box.uid, 'invalid_grant');
      return { ...nothing, skipped: 'broken' };
    }
    if (status === 429) {
      const previous = connection.syncBackoffMs ?? null;
      const waitMs = nextBackoffMs(previous);
      await connectionRef.update({
        syncError: 'rate-limited',
        syncBackoffUntil: Timestamp.fromMillis(nowMs + waitMs),
        syncBackoffMs: waitMs,
      });
      return { ...nothing, skipped: 'rate-limited' };
    }
    if (status === 401 || status === 403) {
      // The grant no longer covers reading (a scope unticked, a narrower grant): ask to reconnect.
      await connectionRef.update({ reads: false, syncError: 'no-access' });
      return { ...nothing, skipped: 'no-access' };
    }
    console.error(`mail sync of ${box.organizationId}/${box.uid} failed`, error);
    await connectionRef.update({ syncError: 'failed' }).catch(() => undefined);
    return { ...nothing, skipped: 'failed' };
  }
}
