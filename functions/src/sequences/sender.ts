// The sequence sender (issue 18): one pass over the due enrolments, each step sent EXACTLY ONCE
// from the enrolling member's Gmail.
//
// Per (enrolment, step), the unit is the send-log entry sendLogId(sequenceId, contactId, stepId):
//  1. claim — a transaction reads the enrolment, its sequence, the entry, the opt-out, the
//     member's mail connection and daily quota; it either records the outcome without sending
//     (skipped: opted out / not an e-mail step; failed: no e-mail, no or broken mailbox; held:
//     daily cap) or creates/takes the entry as `pending` with `claimedAt = now` and counts one
//     e-mail on the quota. A `pending` entry claimed less than SEND_CLAIM_TIMEOUT ago belongs to
//     another run (overlapping runs): left alone.
//  2. send — Gmail via sendAsMember.
//  3. record — the message id is written at once (one update), then a transaction marks the
//     entry `sent` and advances the enrolment (next step's due time, or completed).
// Recovery: an entry `pending` without a message id and claimed longer ago than the timeout was
// left by a run that died between claim and send (or during the send): it is claimed again. An
// entry with a message id (or `sent`) is never sent again: the enrolment is only advanced. The
// one window left is a crash after Gmail accepted the message and before its id was written
// (milliseconds); Gmail offers no idempotency key, so that case may send twice.
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';

import {
  DAY_MS,
  DEFAULT_LANGUAGE,
  EMAIL_PATTERN,
  PAUSED_SEQUENCE_RECHECK_MINUTES,
  RATE_LIMITED_RETRY_MINUTES,
  SEND_CLAIM_TIMEOUT_MINUTES,
  escapeHtml,
  mergeValuesFor,
  nextDueAt,
  optOutId,
  paths,
  renderTemplate,
  sendLogId,
  stepDueAt,
  type Contact,
  type Enrollment,
  type Language,
  type MailConnection,
  type MailQuota,
  type Member,
  type SendFailureReason,
  type SendLogEntry,
  type SendSkipReason,
  type Sequence,
  type SequenceStep,
  type WithId,
} from '@trato/model';

import type { OutgoingMail, SentMail } from '../mail/mailer.js';
import { unsubscribeToken } from './unsubscribeToken.js';

type TS = Timestamp;
const MINUTE = 60_000;

export interface SenderOptions {
  /** The clock of this run (ms). Tests pass another one (sequencesRunNow). */
  now: number;
  /** E-mails per mailbox per UTC day. */
  dailyCap: number;
  /** E-mails this run sends at most. */
  runCap: number;
  /** Where unsubscribe links point (the public page; `?t=` is appended). */
  unsubscribeUrl: string;
  /** HMAC key of the unsubscribe links. */
  unsubscribeSecret: string;
  /** Due enrolments read per page. */
  pageSize?: number;
  claimTimeoutMs?: number;
  /**
   * Test hook (emulator only): the run stops dead right after its first claim, as if the process
   * had crashed between claim and send.
   */
  crashAfterClaim?: boolean;
  /**
   * Test hook (emulator only): wait this long between each claim and its send, so that another
   * run started meanwhile meets the claims (overlapping runs).
   */
  pauseAfterClaimMs?: number;
  /** Test hook (emulator only): only this organization's enrolments (tests share one cloud). */
  onlyOrganizationId?: string;
}

export type SendFn = (
  member: { organizationId: string; uid: string },
  mail: OutgoingMail,
) => Promise<SentMail>;

export interface RunSummary {
  /** Due enrolments looked at. */
  scanned: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Held back: daily cap, paused sequence, rate limit. */
  deferred: number;
  /** Claimed by another run right now. */
  busy: number;
  /** Enrolments finished (every step done) by this run. */
  completed: number;
  /** The run stopped at its cap (more may be due). */
  capped: boolean;
  /** crashAfterClaim: the run stopped after a claim. */
  crashed: boolean;
}

class SimulatedCrash extends Error {}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function startOfNextUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;
}

const millis = (ts: TS | null | undefined): number | null => (ts ? ts.toMillis() : null);
const delaysOf = (steps: SequenceStep<TS>[]): number[] => steps.map((s) => s.delayDays);

interface Unit {
  orgId: string;
  sequenceId: string;
  contactId: string;
  enrollmentRef: DocumentReference;
}

function unitOf(ref: DocumentReference): Unit | null {
  // organizations/{orgId}/sequences/{sequenceId}/enrollments/{contactId}
  const parts = ref.path.split('/');
  if (parts.length !== 6 || parts[0] !== 'organizations' || parts[2] !== 'sequences') return null;
  return { orgId: parts[1]!, sequenceId: parts[3]!, contactId: parts[5]!, enrollmentRef: ref };
}

type Outcome = 'sent' | 'failed' | 'skipped' | 'deferred' | 'busy' | 'advanced' | 'gone';

export class SequenceSender {
  private readonly summary: RunSummary = {
    scanned: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    deferred: 0,
    busy: 0,
    completed: 0,
    capped: false,
    crashed: false,
  };
  private readonly claimTimeoutMs: number;

  constructor(
    private readonly db: Firestore,
    private readonly send: SendFn,
    private readonly options: SenderOptions,
  ) {
    this.claimTimeoutMs = options.claimTimeoutMs ?? SEND_CLAIM_TIMEOUT_MINUTES * MINUTE;
  }

  /** One pass: every enrolment due at `now`, oldest first, until the run cap. */
  async run(): Promise<RunSummary> {
    const now = Timestamp.fromMillis(this.options.now);
    const pageSize = this.options.pageSize ?? 50;
    let last: QueryDocumentSnapshot | null = null;
    try {
      for (;;) {
        // APP_QUERIES 'enrollments.due' (collection group, status asc + nextSendAt asc).
        let q = this.db
          .collectionGroup('enrollments')
          .where('status', '==', 'active')
          .where('nextSendAt', '<=', now)
          .orderBy('nextSendAt', 'asc')
          .limit(pageSize);
        if (last) q = q.startAfter(last);
        const page = await q.get();
        for (const doc of page.docs) {
          if (this.summary.sent >= this.options.runCap) {
            this.summary.capped = true;
            return this.summary;
          }
          const unit = unitOf(doc.ref);
          if (!unit) continue;
          if (this.options.onlyOrganizationId && unit.orgId !== this.options.onlyOrganizationId) continue;
          this.summary.scanned += 1;
          const outcome = await this.process(unit);
          if (outcome === 'sent' || outcome === 'failed' || outcome === 'skipped' || outcome === 'deferred')
            this.summary[outcome] += 1;
          else if (outcome === 'busy') this.summary.busy += 1;
        }
        if (page.size < pageSize) break;
        last = page.docs[page.docs.length - 1]!;
      }
    } catch (error) {
      if (error instanceof SimulatedCrash) {
        this.summary.crashed = true;
        return this.summary;
      }
      throw error;
    }
    return this.summary;
  }

  /** A sequence's steps in stepOrder order, read once per run. */
  private readonly stepsCache = new Map<string, Promise<WithId<SequenceStep<TS>>[]>>();

  private loadSteps(orgId: string, sequenceId: string): Promise<WithId<SequenceStep<TS>>[]> {
    const key = `${orgId}/${sequenceId}`;
    let steps = this.stepsCache.get(key);
    if (!steps) {
      steps = this.db
        .collection(paths.steps(orgId, sequenceId))
        .orderBy('stepOrder', 'asc')
        .get()
        .then((snap) => snap.docs.map((d) => ({ ...(d.data() as SequenceStep<TS>), id: d.id })));
      this.stepsCache.set(key, steps);
    }
    return steps;
  }

  /** The enrolment's current step, from a claim to the recorded outcome. */
  private async process(unit: Unit): Promise<Outcome> {
    const { db } = this;
    const { orgId, sequenceId, contactId, enrollmentRef } = unit;
    const nowMs = this.options.now;
    const now = Timestamp.fromMillis(nowMs);
    const steps = await this.loadSteps(orgId, sequenceId);
    const sequenceRef = db.doc(paths.doc(orgId, 'sequences', sequenceId));
    const contactRef = db.doc(paths.doc(orgId, 'contacts', contactId));

    // The contact's address decides the opt-out document the claim reads.
    const contactPeek = await contactRef.get();
    const peekEmail = (contactPeek.get('email') as string | null | undefined)?.trim() ?? '';
    const optOutRef = peekEmail ? db.doc(paths.optOut(orgId, await optOutId(peekEmail))) : null;

    interface Claimed {
      kind: 'claimed';
      step: WithId<SequenceStep<TS>>;
      index: number;
      logRef: DocumentReference;
      to: string;
      mail: OutgoingMail;
      senderUid: string;
      enrollment: Enrollment<TS>;
    }
    type Decision = { kind: 'done'; outcome: Outcome } | Claimed;

    const decision = await db.runTransaction<Decision>(async (tx) => {
      const [enrollmentSnap, sequenceSnap, contactSnap] = await Promise.all([
        tx.get(enrollmentRef),
        tx.get(sequenceRef),
        tx.get(contactRef),
      ]);
      const enrollment = enrollmentSnap.data() as Enrollment<TS> | undefined;
      if (!enrollment || enrollment.status !== 'active') return { kind: 'done', outcome: 'gone' };
      const due = millis(enrollment.nextSendAt);
      if (due === null || due > nowMs) return { kind: 'done', outcome: 'gone' };
      const sequence = sequenceSnap.data() as Sequence<TS> | undefined;
      if (!sequence) {
        // Deleted sequence whose enrolments were left behind: nothing can be sent.
        tx.update(enrollmentRef, { status: 'stopped', nextSendAt: null, updatedAt: now });
        return { kind: 'done', outcome: 'gone' };
      }
      if (!sequence.isActive) {
        // Paused sequence: look again later, keep the step (so the due query is not filled with
        // enrolments that cannot be sent).
        tx.update(enrollmentRef, {
          nextSendAt: Timestamp.fromMillis(nowMs + PAUSED_SEQUENCE_RECHECK_MINUTES * MINUTE),
        });
        return { kind: 'done', outcome: 'deferred' };
      }
      const index = enrollment.currentStep;
      const step = steps[index];
      if (!step) {
        tx.update(enrollmentRef, { status: 'completed', nextSendAt: null, updatedAt: now });
        this.summary.completed += 1;
        return { kind: 'done', outcome: 'advanced' };
      }
      if (index === 0) {
        // Enrolments are created due at once (nextSendAt = serverTimestamp()); the first step
        // may have a delay of its own.
        const firstDue = stepDueAt(millis(enrollment.createdAt) ?? nowMs, delaysOf(steps), 0);
        if (firstDue > nowMs) {
          tx.update(enrollmentRef, { nextSendAt: Timestamp.fromMillis(firstDue) });
          return { kind: 'done', outcome: 'deferred' };
        }
      }
      const logRef = db.doc(paths.sendLogEntry(orgId, sendLogId(sequenceId, contactId, step.id)));
      const senderUid = enrollment.createdBy;
      const memberRef = db.doc(paths.member(orgId, senderUid));
      const connectionRef = db.doc(paths.mailConnection(orgId, senderUid));
      const quotaRef = db.doc(paths.mailQuota(senderUid));
      const userRef = db.doc(paths.user(senderUid));
      const [logSnap, optOutSnap, memberSnap, connectionSnap, quotaSnap, userSnap] = await Promise.all([
        tx.get(logRef),
        optOutRef ? tx.get(optOutRef) : Promise.resolve(null),
        tx.get(memberRef),
        tx.get(connectionRef),
        tx.get(quotaRef),
        tx.get(userRef),
      ]);
      const log = logSnap.data() as SendLogEntry<TS> | undefined;

      const advance = (sentAtMs: number) =>
        this.advance(tx, enrollmentRef, enrollment, steps, index, sentAtMs, now);

      if (log?.status === 'sent' || (log?.status === 'pending' && log.messageId)) {
        // Sent by a run that did not finish its bookkeeping: never again, just move on.
        if (log.status !== 'sent') tx.update(logRef, { status: 'sent', updatedAt: now });
        advance(millis(log.sentAt) ?? millis(log.claimedAt) ?? nowMs);
        return { kind: 'done', outcome: 'advanced' };
      }
      if (log?.status === 'skipped') {
        advance(nowMs);
        return { kind: 'done', outcome: 'advanced' };
      }
      if (log?.status === 'pending') {
        const claimedAt = millis(log.claimedAt);
        if (claimedAt !== null && nowMs - claimedAt < this.claimTimeoutMs)
          return { kind: 'done', outcome: 'busy' };
        // else: a released claim, or a stale one (its run died before sending): claim again.
      }
      // Absent, stale/released pending, or failed and resumed by a member (status active again).

      const contact = contactSnap.data() as Contact<TS> | undefined;
      const to = contact?.email?.trim() ?? '';
      const base: Omit<SendLogEntry<FieldValue | TS>, 'status' | 'error'> = {
        kind: 'sequence',
        sequenceId,
        stepId: step.id,
        contactId,
        senderUid,
        to,
        subject: step.subject,
        messageId: null,
        createdAt: log?.createdAt ?? now,
        sentAt: null,
        stepIndex: index,
        claimedAt: null,
        attempts: log?.attempts ?? 0,
        updatedAt: now,
      };
      const finish = (status: 'skipped' | 'failed', error: SendSkipReason | SendFailureReason): Decision => {
        tx.set(logRef, { ...base, status, error });
        if (status === 'skipped' && error === 'not-email') {
          advance(nowMs);
          return { kind: 'done', outcome: 'skipped' };
        }
        tx.update(enrollmentRef, {
          // A deleted contact's enrolment ends (nothing to retry); other failures wait for the
          // member (fix, then resume = retry).
          status:
            error === 'unsubscribed' ? 'unsubscribed' : error === 'contact-missing' ? 'stopped' : 'failed',
          updatedAt: now,
        });
        return { kind: 'done', outcome: status };
      };

      if (step.type !== 'email') return finish('skipped', 'not-email');
      if (!contact) return finish('failed', 'contact-missing');
      if (!to || !EMAIL_PATTERN.test(to)) return finish('failed', 'no-email');
      if (optOutSnap?.exists && to.toLowerCase() === peekEmail.toLowerCase())
        return finish('skipped', 'unsubscribed');
      if (optOutRef === null || to.toLowerCase() !== peekEmail.toLowerCase()) {
        // The address changed between the peek and the transaction: try again next run.
        return { kind: 'done', outcome: 'busy' };
      }
      const member = memberSnap.data() as Member<TS> | undefined;
      if (!member) return finish('failed', 'sender-missing');
      const connection = connectionSnap.data() as MailConnection<TS> | undefined;
      if (!connection) return finish('failed', 'mail-not-connected');
      if (connection.status === 'broken') return finish('failed', 'mail-broken');

      const day = utcDay(nowMs);
      const quota = quotaSnap.data() as MailQuota<TS> | undefined;
      const used = quota?.day === day ? quota.count : 0;
      if (used >= this.options.dailyCap) {
        // Over the mailbox's daily cap: the step waits for the next (UTC) day.
        tx.update(enrollmentRef, { nextSendAt: Timestamp.fromMillis(startOfNextUtcDay(nowMs)) });
        return { kind: 'done', outcome: 'deferred' };
      }

      const language = (userSnap.get('language') as Language | undefined) ?? DEFAULT_LANGUAGE;
      const mail = await this.compose(unit, step, contact, member.fullName, to, language);
      tx.set(logRef, {
        ...base,
        subject: mail.subject,
        status: 'pending',
        error: null,
        claimedAt: now,
        attempts: (log?.attempts ?? 0) + 1,
      });
      const quotaDoc: MailQuota<TS> = { day, count: used + 1, updatedAt: now };
      tx.set(quotaRef, quotaDoc);
      return { kind: 'claimed', step, index, logRef, to, mail, senderUid, enrollment };
    });

    if (decision.kind === 'done') return decision.outcome;
    if (this.options.crashAfterClaim) throw new SimulatedCrash('crash injected after the claim');
    if (this.options.pauseAfterClaimMs)
      await new Promise((resolve) => setTimeout(resolve, this.options.pauseAfterClaimMs));

    let sent: SentMail;
    try {
      sent = await this.send({ organizationId: orgId, uid: decision.senderUid }, decision.mail);
    } catch (error) {
      const reason =
        error instanceof HttpsError ? (error.details as { reason?: string } | undefined)?.reason : null;
      if (reason === 'mail-rate-limited') {
        // Not sent: release the claim, try again later.
        await db.runTransaction(async (tx) => {
          tx.update(decision.logRef, { claimedAt: null, updatedAt: now });
          tx.update(enrollmentRef, {
            nextSendAt: Timestamp.fromMillis(nowMs + RATE_LIMITED_RETRY_MINUTES * MINUTE),
          });
        });
        return 'deferred';
      }
      if (reason === 'mail-not-connected' || reason === 'mail-broken' || reason === 'mail-send-failed') {
        await db.runTransaction(async (tx) => {
          const current = (await tx.get(enrollmentRef)).data() as Enrollment<TS> | undefined;
          tx.update(decision.logRef, { status: 'failed', error: reason, claimedAt: null, updatedAt: now });
          if (current && (current.status === 'active' || current.status === 'paused'))
            tx.update(enrollmentRef, { status: 'failed', updatedAt: now });
        });
        return 'failed';
      }
      // Unknown: leave the claim; it is retried after the timeout (no message id recorded).
      throw error;
    }

    // The message id first, alone: from here on the step is never sent again.
    await decision.logRef.update({ messageId: sent.messageId, sentAt: now, updatedAt: now });
    await db.runTransaction(async (tx) => {
      const current = (await tx.get(enrollmentRef)).data() as Enrollment<TS> | undefined;
      tx.update(decision.logRef, { status: 'sent', claimedAt: null, updatedAt: now });
      if (current && current.currentStep === decision.index)
        this.advance(tx, enrollmentRef, current, steps, decision.index, nowMs, now);
    });
    return 'sent';
  }

  /** Step `index` done at `doneMs`: schedule the next one, or complete the enrolment. */
  private advance(
    tx: FirebaseFirestore.Transaction,
    ref: DocumentReference,
    enrollment: Enrollment<TS>,
    steps: WithId<SequenceStep<TS>>[],
    index: number,
    doneMs: number,
    now: TS,
  ): void {
    const next = index + 1;
    if (next >= steps.length) {
      const ended = enrollment.status === 'active' || enrollment.status === 'paused';
      tx.update(ref, {
        currentStep: next,
        nextSendAt: null,
        ...(ended && { status: 'completed' }),
        updatedAt: now,
      });
      if (ended) this.summary.completed += 1;
      return;
    }
    const start = millis(enrollment.createdAt) ?? doneMs;
    tx.update(ref, {
      currentStep: next,
      nextSendAt: Timestamp.fromMillis(nextDueAt(start, delaysOf(steps), next, doneMs)),
      updatedAt: now,
    });
  }

  private async compose(
    unit: Unit,
    step: SequenceStep<TS>,
    contact: Contact<TS>,
    senderName: string,
    to: string,
    lang: Language,
  ): Promise<OutgoingMail> {
    const values = mergeValuesFor(contact, senderName);
    const token = unsubscribeToken(this.options.unsubscribeSecret, {
      organizationId: unit.orgId,
      sequenceId: unit.sequenceId,
      contactId: unit.contactId,
      emailHash: await optOutId(to),
      lang,
    });
    const link = `${this.options.unsubscribeUrl}?t=${token}`;
    const subject = renderTemplate(step.subject, values)
      .replace(/[\r\n]+/g, ' ')
      .trim();
    const body = renderTemplate(step.body, values);
    const footer = FOOTER[lang];
    const text = `${body}\n\n--\n${footer.text}: ${link}\n`;
    const html =
      `<div>${renderTemplate(escapeHtml(step.body), values, escapeHtml).replace(/\r?\n/g, '<br>\n')}</div>\n` +
      `<hr><p style="font-size:12px;color:#666">${escapeHtml(footer.html)} ` +
      `<a href="${escapeHtml(link)}">${escapeHtml(footer.link)}</a></p>\n`;
    return {
      fromName: senderName,
      to,
      subject,
      text,
      html,
      headers: {
        // RFC 2369 + RFC 8058: mail clients show "Unsubscribe" and POST to the link in one click.
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }
}

const FOOTER: Record<Language, { text: string; html: string; link: string }> = {
  es: {
    text: 'Para no recibir más correos como este',
    html: '¿No quiere recibir más correos como este?',
    link: 'Darse de baja',
  },
  en: {
    text: 'To stop receiving e-mails like this one',
    html: 'Don’t want these e-mails?',
    link: 'Unsubscribe',
  },
};

/** A pass over the due enrolments (the scheduled function, and the emulator's test hook). */
export function runSequences(db: Firestore, send: SendFn, options: SenderOptions): Promise<RunSummary> {
  return new SequenceSender(db, send, options).run();
}
