// The sequence sender (issue 18, issue 28): one pass over the due enrolments, each step sent
// EXACTLY ONCE from the sequence OWNER's Gmail (the sequence's createdBy, whoever enrolled the
// contact).
//
// Per (enrolment, step), the unit is the send-log entry sendLogId(sequenceId, contactId, stepId):
//  1. claim — a transaction reads the enrolment, its sequence, the organization's subscription,
//     the entry, the contact and its opt-out, the owner's membership, mail connection and
//     profile; decideClaim (decide.ts, pure) says what to do and the transaction records it:
//     an outcome without sending (skipped, failed, deferred, advanced), or the entry `pending`
//     with `claimedAt = now`. A `pending` entry claimed less than SEND_CLAIM_TIMEOUT ago belongs
//     to another pass (overlapping passes): left alone. The mailbox's daily quota is not in the
//     claim: the pass holds a share of it, taken in blocks (MailboxAllowance).
//  2. send — through the SendFn (Gmail via sendAsMember), the mail carrying X-Trato-Send-Id.
//  3. record — the message id is written at once (one update), then a transaction marks the
//     entry `sent` and advances the enrolment (next step's due time, or completed).
// Recovery: an entry `pending` without a message id and claimed longer ago than the timeout was
// left by a pass that died between claim and send (or during the send): it is claimed again. An
// entry with a message id (or `sent`) is never sent again: the enrolment is only advanced. The
// one window left is a crash after Gmail accepted the message and before its id was written
// (milliseconds); Gmail offers no idempotency key, so that case may send twice until the Sent
// folder can be searched for the X-Trato-Send-Id header (two-way mail).
//
// A unit that throws is logged and counted (`errors`); the pass goes on with the next one. Run
// counters change only after a transaction committed (a retried transaction counts once).
import {
  Timestamp,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';

import {
  DEFAULT_LANGUAGE,
  LIMITS,
  RATE_LIMITED_RETRY_MINUTES,
  renderTemplate,
  timelineEntryFor,
  WHATSAPP_DAILY_CAP,
  withDerivedFields,
  type WaTemplate,
  type WhatsAppChannel,
  hasMarketingConsent,
  mergeValuesFor,
  nextDueAt,
  optOutId,
  paths,
  sendLogId,
  type Contact,
  type Enrollment,
  type Language,
  type MailConnection,
  type Member,
  type SendLogEntry,
  type Sequence,
  type SequenceStep,
  type Subscription,
  type WithId,
} from '@trato/model';

import type { OutgoingMail } from '../mail/mailer.js';
import { SendBudget, type OutboxOptions } from '../outbox/budget.js';
import { composeMarketingMail } from '../outbox/compose.js';
import { deliver, PassAborted, type Delivery, type SendFn } from '../outbox/deliver.js';
import { loadChannel } from '../whatsapp/channel.js';
import { sendToContact, templateParameters } from '../whatsapp/messages.js';
import { consentRequirements } from '../forms/consent.js';
import { decideClaim, type ClaimDecision } from './decide.js';
import { unsubscribeToken } from './unsubscribeToken.js';

export { PassAborted, type SendFn } from '../outbox/deliver.js';
export type SenderOptions = OutboxOptions;

type TS = Timestamp;
const MINUTE = 60_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** At most `max` characters (a rendered task title or description). */
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export interface RunSummary {
  /** Due enrolments looked at. */
  scanned: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Held back: daily cap, paused sequence, subscription not live, rate limit. */
  deferred: number;
  /** Claimed by another pass right now. */
  busy: number;
  /** Enrolments finished (every step done) by this pass. */
  completed: number;
  /** Units that threw (logged; left for a later pass, or failed with 'send-error'). */
  errors: number;
  /** The pass stopped at its cap (more may be due). */
  capped: boolean;
  /** The pass stopped claiming at its deadline (more may be due). */
  deadlineReached: boolean;
  /** The SendFn aborted the pass (PassAborted). */
  crashed: boolean;
}

interface Unit {
  orgId: string;
  sequenceId: string;
  contactId: string;
  enrollmentRef: DocumentReference;
  /** The step the enrolment was on when the due query read it (its type decides the quota held). */
  currentStep: number;
}

function unitOf(doc: QueryDocumentSnapshot): Unit | null {
  // organizations/{orgId}/sequences/{sequenceId}/enrollments/{contactId}
  const parts = doc.ref.path.split('/');
  if (parts.length !== 6 || parts[0] !== 'organizations' || parts[2] !== 'sequences') return null;
  const currentStep = (doc.get('currentStep') as number | undefined) ?? 0;
  return {
    orgId: parts[1]!,
    sequenceId: parts[3]!,
    contactId: parts[5]!,
    enrollmentRef: doc.ref,
    currentStep,
  };
}

type Outcome = 'sent' | 'failed' | 'skipped' | 'deferred' | 'busy' | 'advanced' | 'gone';

/** How a decision that sends nothing counts (a task step's task is its 'sent'). */
const OUTCOME: Record<Exclude<ClaimDecision['kind'], 'claim' | 'claim-whatsapp'>, Outcome> = {
  task: 'sent',
  gone: 'gone',
  stop: 'gone',
  complete: 'advanced',
  defer: 'deferred',
  advance: 'advanced',
  busy: 'busy',
  skip: 'skipped',
  fail: 'failed',
};

const millis = (ts: TS | null | undefined): number | null => (ts ? ts.toMillis() : null);
const delaysOf = (steps: readonly SequenceStep<TS>[]): number[] => steps.map((s) => s.delayDays);

/** A claim taken: what the send needs — an e-mail, or a WhatsApp template. */
type Claim = { index: number; logRef: DocumentReference; senderUid: string } & (
  | { channel: 'email'; mail: OutgoingMail }
  | {
      channel: 'whatsapp';
      waId: string;
      contact: { id: string; name: string; companyId: string | null };
      template: WaTemplate<TS> & { id: string };
      parameters: string[];
    }
);

/** What the claim transaction did: a claim to send, or the outcome without sending. */
type ClaimResult = { completed: boolean } & (
  { claim: Claim; outcome?: never } | { claim?: never; outcome: Outcome }
);

export class SequenceSender {
  private readonly summary: RunSummary = {
    scanned: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
    deferred: 0,
    busy: 0,
    completed: 0,
    errors: 0,
    capped: false,
    deadlineReached: false,
    crashed: false,
  };
  private readonly options: SenderOptions;
  /** Whether an organization sends marketing only with consent (read once per pass). */
  private readonly consentRequired: (orgId: string) => Promise<boolean>;

  constructor(
    private readonly db: Firestore,
    private readonly send: SendFn,
    private readonly budget: SendBudget,
  ) {
    this.options = budget.options;
    this.consentRequired = consentRequirements(db);
  }

  private get allowance() {
    return this.budget.allowance;
  }

  private get claimTimeoutMs() {
    return this.budget.claimTimeoutMs;
  }

  /**
   * Every enrolment due at `now`, oldest first, until the budget's cap or deadline. A PassAborted
   * (the crash simulation) ends it `crashed`: the caller then stops the pass, quota not given back.
   */
  async run(): Promise<RunSummary> {
    try {
      await this.pass();
    } catch (error) {
      if (!(error instanceof PassAborted)) throw error;
      this.summary.crashed = true;
    }
    return this.summary;
  }

  private async pass(): Promise<void> {
    const now = Timestamp.fromMillis(this.options.now);
    const pageSize = this.options.pageSize ?? 50;
    let last: QueryDocumentSnapshot | null = null;
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
        const stop = this.budget.stop();
        if (stop === 'capped') this.summary.capped = true;
        if (stop === 'deadline') this.summary.deadlineReached = true;
        if (stop) return;
        const unit = unitOf(doc);
        if (!unit || !this.budget.covers(unit.orgId)) continue;
        this.summary.scanned += 1;
        let outcome: Outcome;
        try {
          outcome = await this.process(unit);
        } catch (error) {
          if (error instanceof PassAborted) throw error;
          // One unit's trouble (contention, a write refused, …) never stops the others.
          console.error(`sequence pass: ${doc.ref.path} failed`, error);
          this.summary.errors += 1;
          continue;
        }
        if (outcome !== 'gone' && outcome !== 'advanced') this.summary[outcome] += 1;
        if (outcome === 'sent') this.budget.countSent();
      }
      if (page.size < pageSize) return;
      last = page.docs[page.docs.length - 1]!;
    }
  }

  /** A sequence's steps in stepOrder order, read once per pass. */
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

  /** A sequence's owner (createdBy, which never changes), read once per pass; null when deleted. */
  private readonly ownerCache = new Map<string, Promise<string | null>>();

  private loadOwner(orgId: string, sequenceId: string): Promise<string | null> {
    const key = `${orgId}/${sequenceId}`;
    let owner = this.ownerCache.get(key);
    if (!owner) {
      owner = this.db
        .doc(paths.doc(orgId, 'sequences', sequenceId))
        .get()
        .then((snap) => (snap.get('createdBy') as string | undefined) ?? null);
      this.ownerCache.set(key, owner);
    }
    return owner;
  }

  /** The enrolment's current step, from a claim to the recorded outcome. */
  private async process(unit: Unit): Promise<Outcome> {
    const { db } = this;
    const { orgId, contactId } = unit;
    const [steps, owner, contactPeek] = await Promise.all([
      this.loadSteps(orgId, unit.sequenceId),
      this.loadOwner(orgId, unit.sequenceId),
      db.doc(paths.doc(orgId, 'contacts', contactId)).get(),
    ]);
    // Only an e-mail step spends the owner's mailbox quota (WhatsApp has the number's own cap).
    const sendsEmail = (steps[unit.currentStep]?.type ?? 'email') === 'email';
    // The contact's address decides the opt-out document the claim reads.
    const checkedEmail = (contactPeek.get('email') as string | null | undefined)?.trim() ?? '';
    const optOutRef = checkedEmail ? db.doc(paths.optOut(orgId, await optOutId(checkedEmail))) : null;
    // Held before the transaction (which Firestore may run more than once), given back unless sent.
    const quotaHeld = sendsEmail && owner !== null && (await this.allowance.take(owner));
    let result: ClaimResult | null = null;
    try {
      result = await this.claim(unit, steps, optOutRef, checkedEmail, quotaHeld);
    } finally {
      if (quotaHeld && !result?.claim) this.allowance.giveBack(owner);
    }
    if (result.completed) this.summary.completed += 1;
    return result.claim ? this.sendClaimed(unit, steps, result.claim) : result.outcome;
  }

  /** The claim transaction: reads, decideClaim, and the writes of its decision. */
  private async claim(
    unit: Unit,
    steps: WithId<SequenceStep<TS>>[],
    optOutRef: DocumentReference | null,
    checkedEmail: string,
    quotaHeld: boolean,
  ): Promise<ClaimResult> {
    const { db } = this;
    const { orgId, sequenceId, contactId, enrollmentRef } = unit;
    const nowMs = this.options.now;
    const now = Timestamp.fromMillis(nowMs);
    const consentRequired = await this.consentRequired(orgId);
    return db.runTransaction(async (tx) => {
      const [enrollmentSnap, sequenceSnap, contactSnap, subscriptionSnap] = await Promise.all([
        tx.get(enrollmentRef),
        tx.get(db.doc(paths.doc(orgId, 'sequences', sequenceId))),
        tx.get(db.doc(paths.doc(orgId, 'contacts', contactId))),
        tx.get(db.doc(paths.subscription(orgId))),
      ]);
      const enrollment = enrollmentSnap.data() as Enrollment<TS> | undefined;
      const sequence = sequenceSnap.data() as Sequence<TS> | undefined;
      const index = enrollment?.currentStep ?? 0;
      const step = steps[index];
      // The owner speaks: every enrolment of the sequence is sent from its creator's mailbox.
      const senderUid = sequence?.createdBy ?? null;
      const logRef = step
        ? db.doc(paths.sendLogEntry(orgId, sendLogId(sequenceId, contactId, step.id)))
        : null;
      // The address's topic opt-outs (the preference centre) sit beside its opt-out, same id.
      const topicOptOutRef =
        optOutRef && sequence?.topicId ? db.doc(paths.topicOptOut(orgId, optOutRef.id)) : null;
      const [logSnap, optOutSnap, topicOptOutSnap, memberSnap, connectionSnap, userSnap] = await Promise.all([
        logRef ? tx.get(logRef) : null,
        optOutRef ? tx.get(optOutRef) : null,
        topicOptOutRef ? tx.get(topicOptOutRef) : null,
        senderUid ? tx.get(db.doc(paths.member(orgId, senderUid))) : null,
        senderUid ? tx.get(db.doc(paths.mailConnection(orgId, senderUid))) : null,
        senderUid ? tx.get(db.doc(paths.user(senderUid))) : null,
      ]);
      const log = logSnap?.data() as SendLogEntry<TS> | undefined;
      const contact = contactSnap.data() as Contact<TS> | undefined;
      const whatsapp =
        step?.type === 'whatsapp' ? await this.whatsappReads(tx, orgId, step, nowMs) : undefined;
      const member = memberSnap?.data() as Member<TS> | undefined;
      const decision = decideClaim({
        nowMs,
        claimTimeoutMs: this.claimTimeoutMs,
        enrollment,
        sequence,
        steps,
        subscription: subscriptionSnap.data() as Subscription<TS> | undefined,
        log,
        contact,
        checkedEmail,
        optedOut:
          (optOutSnap?.exists ?? false) ||
          ((topicOptOutSnap?.get('topicIds') as string[] | undefined)?.includes(sequence!.topicId!) ?? false),
        consent: hasMarketingConsent(consentRequired, contact?.emailConsent)
          ? 'ok'
          : contact?.emailConsent === 'pending'
            ? 'pending'
            : 'missing',
        member,
        connection: connectionSnap?.data() as MailConnection<TS> | undefined,
        // The owner whose quota is held is the one read here: createdBy never changes.
        quotaHeld,
        whatsapp: whatsapp?.reads,
      });
      let completed = false;
      const advance = (doneMs: number) => {
        completed = this.advance(tx, enrollmentRef, enrollment!, steps, index, doneMs, now);
      };
      // The entry of this step as this decision leaves it (the sender, the rendered subject).
      const entry = (fields: Pick<SendLogEntry<TS>, 'status' | 'error'> & Partial<SendLogEntry<TS>>) => {
        const base: SendLogEntry<TS> = {
          kind: 'sequence',
          sequenceId,
          stepId: step!.id,
          contactId,
          senderUid: senderUid!,
          to: contact?.email?.trim() ?? '',
          subject: step!.subject,
          messageId: null,
          createdAt: log?.createdAt ?? now,
          sentAt: null,
          stepIndex: index,
          claimedAt: null,
          attempts: log?.attempts ?? 0,
          updatedAt: now,
          ...fields,
        };
        tx.set(logRef!, base);
      };

      switch (decision.kind) {
        case 'gone':
        case 'busy':
          break;
        case 'stop':
          tx.update(enrollmentRef, { status: 'stopped', nextSendAt: null, updatedAt: now });
          break;
        case 'complete':
          tx.update(enrollmentRef, { status: 'completed', nextSendAt: null, updatedAt: now });
          completed = true;
          break;
        case 'defer':
          tx.update(enrollmentRef, { nextSendAt: Timestamp.fromMillis(decision.until) });
          // A hold is shown on the step (/marketing): the entry waits, unclaimed.
          if (decision.why === 'subscription-inactive') entry({ status: 'pending', error: decision.why });
          break;
        case 'advance':
          if (decision.markSent) tx.update(logRef!, { status: 'sent', updatedAt: now });
          advance(decision.doneAt);
          break;
        case 'skip':
          entry({ status: 'skipped', error: decision.error });
          if (decision.error === 'not-email') advance(nowMs);
          // Without consent the enrolment stops (it is not the contact's unsubscribe).
          else
            tx.update(enrollmentRef, {
              status: decision.error === 'no-consent' ? 'stopped' : 'unsubscribed',
              updatedAt: now,
            });
          break;
        case 'fail':
          entry({ status: 'failed', error: decision.error });
          // A deleted contact's enrolment ends (nothing to retry); other failures wait for a
          // member (fix, then resume = retry).
          tx.update(enrollmentRef, {
            status: decision.error === 'contact-missing' ? 'stopped' : 'failed',
            updatedAt: now,
          });
          break;
        case 'task': {
          // The task's id is the step's send-log id: a retried pass finds it instead of adding one.
          const taskRef = db.doc(paths.doc(orgId, 'tasks', logRef!.id));
          const assignee = enrollment!.createdBy || senderUid!;
          const values = mergeValuesFor(contact!, member?.fullName ?? '');
          const task = withDerivedFields('tasks', {
            title: clip(renderTemplate(step!.subject, values), LIMITS.title) || step!.subject,
            description: step!.body.trim()
              ? clip(renderTemplate(step!.body, values), LIMITS.description)
              : null,
            status: 'pending',
            dueDate: now,
            contactId,
            companyId: contact!.companyId ?? null,
            contactName: contact!.name,
            companyName: contact!.companyName ?? null,
            assigneeIds: [assignee],
            createdAt: now,
            createdBy: assignee,
            updatedAt: now,
          });
          tx.set(taskRef, task);
          const taskEntry = timelineEntryFor('task', taskRef.id, task);
          if (taskEntry) tx.set(db.doc(paths.doc(orgId, 'timeline', taskEntry.id)), taskEntry.data);
          entry({
            status: 'sent',
            error: null,
            to: '',
            subject: task.title,
            messageId: taskRef.id,
            sentAt: now,
          });
          advance(nowMs);
          break;
        }
        case 'claim-whatsapp': {
          const { template, route } = whatsapp!;
          entry({
            status: 'pending',
            error: null,
            to: decision.waId,
            subject: template!.name,
            claimedAt: now,
            attempts: (log?.attempts ?? 0) + 1,
          });
          // One more of the number's daily cap (the day's count starts again each UTC day).
          const day = utcDay(nowMs);
          tx.set(
            route!.ref,
            {
              quotaDay: day,
              quotaUsed: route!.get('quotaDay') === day ? ((route!.get('quotaUsed') as number) ?? 0) + 1 : 1,
            },
            { merge: true },
          );
          return {
            completed,
            claim: {
              channel: 'whatsapp',
              index,
              logRef: logRef!,
              senderUid: senderUid!,
              waId: decision.waId,
              contact: { id: contactId, name: contact!.name, companyId: contact!.companyId ?? null },
              template: { ...template!, id: step!.templateId! },
              parameters: templateParameters(template!, contact!, member?.fullName ?? null),
            },
          };
        }
        case 'claim': {
          const language = (userSnap?.get('language') as Language | undefined) ?? DEFAULT_LANGUAGE;
          const mail = await this.compose(
            unit,
            logRef!.id,
            step!,
            contact!,
            member!.fullName,
            decision.to,
            language,
          );
          entry({
            status: 'pending',
            error: null,
            to: decision.to,
            subject: mail.subject,
            claimedAt: now,
            attempts: (log?.attempts ?? 0) + 1,
          });
          return {
            completed,
            claim: { channel: 'email', index, logRef: logRef!, senderUid: senderUid!, mail },
          };
        }
      }
      return { completed, outcome: OUTCOME[decision.kind] };
    });
  }

  /** Sends a claimed step and records what came of it. */
  private async sendClaimed(unit: Unit, steps: WithId<SequenceStep<TS>>[], claim: Claim): Promise<Outcome> {
    const { db } = this;
    const { orgId, enrollmentRef } = unit;
    const nowMs = this.options.now;
    const now = Timestamp.fromMillis(nowMs);
    const delivery =
      claim.channel === 'email'
        ? await deliver(
            this.send,
            this.allowance,
            { organizationId: orgId, uid: claim.senderUid },
            claim.mail,
            claim.logRef.path,
          )
        : await this.deliverWhatsApp(orgId, unit.sequenceId, claim);
    if (delivery.kind === 'retry-later') {
      await db.runTransaction(async (tx) => {
        tx.update(claim.logRef, { claimedAt: null, updatedAt: now });
        tx.update(enrollmentRef, {
          nextSendAt: Timestamp.fromMillis(nowMs + RATE_LIMITED_RETRY_MINUTES * MINUTE),
        });
      });
      return 'deferred';
    }
    if (delivery.kind === 'failed') {
      await db.runTransaction(async (tx) => {
        const current = (await tx.get(enrollmentRef)).data() as Enrollment<TS> | undefined;
        tx.update(claim.logRef, {
          status: 'failed',
          error: delivery.failure,
          claimedAt: null,
          updatedAt: now,
        });
        if (current && (current.status === 'active' || current.status === 'paused'))
          tx.update(enrollmentRef, { status: 'failed', updatedAt: now });
      });
      return 'failed';
    }

    // The message id first, alone: from here on the step is never sent again.
    await claim.logRef.update({
      messageId: delivery.messageId,
      ...(delivery.threadId && { threadId: delivery.threadId }),
      sentAt: now,
      updatedAt: now,
    });
    const completed = await db.runTransaction(async (tx) => {
      const current = (await tx.get(enrollmentRef)).data() as Enrollment<TS> | undefined;
      tx.update(claim.logRef, { status: 'sent', claimedAt: null, updatedAt: now });
      return current && current.currentStep === claim.index
        ? this.advance(tx, enrollmentRef, current, steps, claim.index, nowMs, now)
        : false;
    });
    if (completed) this.summary.completed += 1;
    return 'sent';
  }

  /**
   * A WhatsApp step's reads in the claim transaction: the channel, the step's template, and the
   * number's route (its daily count: `quotaDay`, `quotaUsed`).
   */
  private async whatsappReads(
    tx: FirebaseFirestore.Transaction,
    orgId: string,
    step: WithId<SequenceStep<TS>>,
    nowMs: number,
  ) {
    const [channelSnap, templateSnap] = await Promise.all([
      tx.get(this.db.doc(paths.whatsappChannel(orgId))),
      step.templateId ? tx.get(this.db.doc(paths.doc(orgId, 'waTemplates', step.templateId))) : null,
    ]);
    const channel = channelSnap.data() as WhatsAppChannel<TS> | undefined;
    const template = templateSnap?.data() as WaTemplate<TS> | undefined;
    const route = channel ? await tx.get(this.db.doc(paths.whatsappNumber(channel.phoneNumberId))) : null;
    const usedToday =
      route?.get('quotaDay') === utcDay(nowMs) ? ((route.get('quotaUsed') as number) ?? 0) : 0;
    const cap = this.options.whatsappDailyCap ?? WHATSAPP_DAILY_CAP;
    return { template, route, reads: { channel, template, roomToday: usedToday < cap } };
  }

  /**
   * A claimed WhatsApp step through the organization's number: its message is kept in the
   * contact's thread under an id derived from the send-log entry (a retried claim finds it and
   * does not send again once the platform took it). The platform's 'slow down' is a retry later;
   * its refusals fail the step.
   */
  private async deliverWhatsApp(
    orgId: string,
    sequenceId: string,
    claim: Extract<Claim, { channel: 'whatsapp' }>,
  ): Promise<Delivery> {
    const config = this.options.whatsapp;
    const access = config ? await loadChannel(this.db, config, orgId).catch(() => null) : null;
    if (!config || !access) return { kind: 'failed', failure: 'whatsapp-not-connected' };
    const outcome = await sendToContact(this.db, config, access, {
      contact: claim.contact,
      waId: claim.waId,
      outgoing: { kind: 'template', template: claim.template, parameters: claim.parameters },
      sentBy: 'sequence',
      sequenceId,
      sendLogId: claim.logRef.id,
      messageId: `seq_${claim.logRef.id}`,
      nowMs: this.options.now,
    });
    if (outcome.wamid) return { kind: 'sent', messageId: outcome.wamid, threadId: '' };
    if (outcome.failure === 'rate-limited') return { kind: 'retry-later' };
    if (outcome.failure === 'auth') return { kind: 'failed', failure: 'whatsapp-not-connected' };
    if (outcome.failure === 'template-missing' || outcome.failure === 'template-paused')
      return { kind: 'failed', failure: 'template-unavailable' };
    return { kind: 'failed', failure: 'whatsapp-failed' };
  }

  /**
   * Step `index` done at `doneMs`: schedule the next one, or complete the enrolment. True when
   * this completed it (counted by the caller once the transaction committed).
   */
  private advance(
    tx: FirebaseFirestore.Transaction,
    ref: DocumentReference,
    enrollment: Enrollment<TS>,
    steps: WithId<SequenceStep<TS>>[],
    index: number,
    doneMs: number,
    now: TS,
  ): boolean {
    const next = index + 1;
    if (next >= steps.length) {
      const ended = enrollment.status === 'active' || enrollment.status === 'paused';
      tx.update(ref, {
        currentStep: next,
        nextSendAt: null,
        ...(ended && { status: 'completed' }),
        updatedAt: now,
      });
      return ended;
    }
    const start = millis(enrollment.createdAt) ?? doneMs;
    tx.update(ref, {
      currentStep: next,
      nextSendAt: Timestamp.fromMillis(nextDueAt(start, delaysOf(steps), next, doneMs)),
      updatedAt: now,
    });
    return false;
  }

  private async compose(
    unit: Unit,
    sendId: string,
    step: SequenceStep<TS>,
    contact: Contact<TS>,
    senderName: string,
    to: string,
    lang: Language,
  ): Promise<OutgoingMail> {
    const token = unsubscribeToken(this.options.unsubscribeSecret, {
      organizationId: unit.orgId,
      sequenceId: unit.sequenceId,
      campaignId: null,
      contactId: unit.contactId,
      emailHash: await optOutId(to),
      lang,
    });
    return composeMarketingMail({
      senderName,
      to,
      subject: step.subject,
      body: step.body,
      values: mergeValuesFor(contact, senderName),
      unsubscribeLink: `${this.options.unsubscribeUrl}?t=${token}`,
      sendId,
      lang,
    });
  }
}

/** A pass over the due enrolments (the scheduled function, and the emulator's test hook). */
export async function runSequences(db: Firestore, send: SendFn, options: SenderOptions): Promise<RunSummary> {
  const budget = new SendBudget(db, options);
  const summary = await new SequenceSender(db, send, budget).run();
  // Like a killed process, a crashed pass gives no quota back (the day sends less).
  if (!summary.crashed) await budget.close();
  return summary;
}
