// The campaign sender (issue 31), one part of the outbox pass (outbox/run.ts) that also sends the
// sequence steps: the same budget (run cap, deadline, each mailbox's daily quota), the same
// composition (merge fields, unsubscribe link and one-click headers), the same delivery and the
// same claim discipline as sequences/sender.ts.
//
// A pass:
//  1. starts the scheduled campaigns whose time has come: in one transaction the campaign becomes
//     'sending' and its run (campaignRuns/{id}) is created, due at once;
//  2. works on each run that is due (`nextRunAt <= now`):
//     - the audience first, a page of contacts at a time: each page's recipients (id = optOutId of
//       the address, so two contacts with one address are one recipient) and the run's counts and
//       cursor are written in ONE transaction that also checks the cursor is still the one the
//       page was read after — a page is never counted twice, even by overlapping passes;
//     - then the pending recipients, each claimed once like a sequence step: a transaction reads
//       the recipient, the campaign, the address's opt-out and the contact (decideRecipient), marks
//       the claim, then Gmail sends, the message id is written alone, then `sent`. A claim older
//       than the timeout without a message id is a dead pass's and is claimed again; one with a
//       message id is only marked sent.
//     - the mailbox's daily cap reached: the run waits for the next UTC day ('daily-cap' shown);
//       paused: looked at again later; no live subscription: held ('subscription-inactive');
//       the author gone or their Gmail disconnected: the campaign fails with that reason.
//     - nothing pending left once the audience is written: the campaign is 'sent'.
import {
  FieldPath,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
} from 'firebase-admin/firestore';

import {
  AUDIENCE_PAGE_SIZE,
  CAMPAIGN_SLICE,
  DEFAULT_LANGUAGE,
  EMPTY_AUDIENCE,
  INACTIVE_SUBSCRIPTION_RECHECK_MINUTES,
  PAUSED_CAMPAIGN_RECHECK_MINUTES,
  RATE_LIMITED_RETRY_MINUTES,
  addVerdict,
  hasMarketingConsent,
  mergeValuesFor,
  paths,
  type AudienceCounts,
  type Campaign,
  type CampaignFailureReason,
  type CampaignRecipient,
  type CampaignRun,
  type Contact,
  type Language,
  type MailConnection,
  type MarketingList,
  type Member,
  type Subscription,
} from '@trato/model';

import type { OutgoingMail } from '../mail/mailer.js';
import type { SendBudget } from '../outbox/budget.js';
import { composeMarketingMail } from '../outbox/compose.js';
import { deliver, PassAborted, type SendFn } from '../outbox/deliver.js';
import { unsubscribeToken } from '../sequences/unsubscribeToken.js';
import { consentRequirements } from '../forms/consent.js';
import { audienceQuery, classifyPage, optedOutAmong } from './audience.js';
import { startOfNextUtcDay } from '../sequences/decide.js';
import { decideCampaign, decideRecipient } from './decide.js';

type TS = Timestamp;
const MINUTE = 60_000;

export interface CampaignSummary {
  /** Scheduled campaigns started by this pass. */
  started: number;
  /** Audience contacts read and written (recipients or left out). */
  audience: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Recipients claimed by another pass right now. */
  busy: number;
  /** Campaigns finished ('sent') by this pass. */
  finished: number;
  /** Campaigns that failed as a whole (author gone, Gmail disconnected, list deleted). */
  campaignsFailed: number;
  /** Campaigns held: daily cap, subscription, paused. */
  held: number;
  /** Units that threw (logged; left for a later pass). */
  errors: number;
}

const emptySummary = (): CampaignSummary => ({
  started: 0,
  audience: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  busy: 0,
  finished: 0,
  campaignsFailed: 0,
  held: 0,
  errors: 0,
});

interface RunRef {
  orgId: string;
  campaignId: string;
}

/** organizations/{orgId}/campaignRuns/{campaignId} or organizations/{orgId}/campaigns/{id}. */
function refOf(ref: DocumentReference): RunRef | null {
  const parts = ref.path.split('/');
  if (parts.length !== 4 || parts[0] !== 'organizations') return null;
  return { orgId: parts[1]!, campaignId: parts[3]! };
}

/** Why working on one campaign stopped before its end. */
type Halt = 'budget' | 'held' | 'stopped' | 'failed';

export class CampaignSender {
  private readonly summary = emptySummary();
  private readonly now: Timestamp;
  /** Whether an organization sends marketing only with consent (read once per pass). */
  private readonly consentRequired: (orgId: string) => Promise<boolean>;

  constructor(
    private readonly db: Firestore,
    private readonly send: SendFn,
    private readonly budget: SendBudget,
  ) {
    this.now = Timestamp.fromMillis(budget.options.now);
    this.consentRequired = consentRequirements(db);
  }

  async run(): Promise<CampaignSummary> {
    await this.startDue();
    await this.workDue();
    return this.summary;
  }

  private get nowMs(): number {
    return this.budget.options.now;
  }

  private get pageSize(): number {
    return this.budget.options.pageSize ?? 50;
  }

  // ── 1. Start ──────────────────────────────────────────────────────────────

  private startDue(): Promise<void> {
    // APP_QUERIES 'campaigns.dueToStart' (collection group, status + scheduledAt).
    const due = this.db
      .collectionGroup('campaigns')
      .where('status', '==', 'scheduled')
      .where('scheduledAt', '<=', this.now)
      .orderBy('scheduledAt', 'asc');
    return this.scan(due, 'starting', async (unit) => {
      if (await this.start(unit)) this.summary.started += 1;
    });
  }

  /**
   * Each document of a collection-group query of this pass's organizations, a page at a time,
   * until the budget stops the pass; one unit's error is logged and counted, the others go on.
   */
  private async scan(query: Query, what: string, handle: (unit: RunRef) => Promise<void>): Promise<void> {
    let last: QueryDocumentSnapshot | null = null;
    for (;;) {
      const page: QuerySnapshot = await (last ? query.startAfter(last) : query).limit(this.pageSize).get();
      for (const doc of page.docs) {
        if (this.budget.stop()) return;
        const unit = refOf(doc.ref);
        if (!unit || !this.budget.covers(unit.orgId)) continue;
        try {
          await handle(unit);
        } catch (error) {
          if (error instanceof PassAborted) throw error;
          console.error(`campaign pass: ${what} ${doc.ref.path} failed`, error);
          this.summary.errors += 1;
        }
      }
      if (page.size < this.pageSize) return;
      last = page.docs[page.docs.length - 1]!;
    }
  }

  /** scheduled → sending, its run created (or, resumed after a pause, due again). */
  private start({ orgId, campaignId }: RunRef): Promise<boolean> {
    const { db, now } = this;
    const campaignRef = db.doc(paths.doc(orgId, 'campaigns', campaignId));
    const runRef = db.doc(paths.campaignRun(orgId, campaignId));
    return db.runTransaction(async (tx) => {
      const [campaignSnap, runSnap] = await Promise.all([tx.get(campaignRef), tx.get(runRef)]);
      const campaign = campaignSnap.data() as Campaign<TS> | undefined;
      if (campaign?.status !== 'scheduled' || !campaign.scheduledAt) return false;
      if (campaign.scheduledAt.toMillis() > this.nowMs) return false;
      tx.update(campaignRef, { status: 'sending', updatedAt: now });
      if (runSnap.exists) {
        tx.update(runRef, { nextRunAt: now, holdReason: null, updatedAt: now });
      } else {
        const run: CampaignRun<TS> = {
          audience: EMPTY_AUDIENCE,
          audienceDone: false,
          cursor: null,
          nextRunAt: now,
          holdReason: null,
          failureReason: null,
          startedAt: now,
          finishedAt: null,
          updatedAt: now,
        };
        tx.create(runRef, run);
      }
      return true;
    });
  }

  // ── 2. Work ───────────────────────────────────────────────────────────────

  private workDue(): Promise<void> {
    // APP_QUERIES 'campaignRuns.due' (collection group, nextRunAt).
    const due = this.db
      .collectionGroup('campaignRuns')
      .where('nextRunAt', '<=', this.now)
      .orderBy('nextRunAt', 'asc');
    return this.scan(due, 'working on', (unit) => this.work(unit));
  }

  private async work(unit: RunRef): Promise<void> {
    const { db } = this;
    const { orgId, campaignId } = unit;
    const campaignRef = db.doc(paths.doc(orgId, 'campaigns', campaignId));
    const campaignSnap = await campaignRef.get();
    const campaign = campaignSnap.data() as Campaign<TS> | undefined;
    const author = campaign?.createdBy;
    const [subscriptionSnap, memberSnap, connectionSnap, userSnap] = await Promise.all([
      db.doc(paths.subscription(orgId)).get(),
      author ? db.doc(paths.member(orgId, author)).get() : null,
      author ? db.doc(paths.mailConnection(orgId, author)).get() : null,
      author ? db.doc(paths.user(author)).get() : null,
    ]);
    const decision = decideCampaign({
      nowMs: this.nowMs,
      status: campaign?.status,
      subscription: subscriptionSnap.data() as Subscription<TS> | undefined,
      author: memberSnap?.data() as Member<TS> | undefined,
      connection: connectionSnap?.data() as MailConnection<TS> | undefined,
    });
    switch (decision.kind) {
      case 'idle':
        return this.updateRun(unit, { nextRunAt: null });
      case 'wait': {
        this.summary.held += 1;
        const minutes =
          decision.why === 'paused' ? PAUSED_CAMPAIGN_RECHECK_MINUTES : INACTIVE_SUBSCRIPTION_RECHECK_MINUTES;
        return this.updateRun(unit, {
          nextRunAt: Timestamp.fromMillis(this.nowMs + minutes * MINUTE),
          holdReason: decision.why === 'subscription-inactive' ? decision.why : null,
        });
      }
      case 'fail':
        return this.failCampaign(unit, decision.failure);
      case 'work':
        break;
    }
    const sender = {
      uid: author!,
      name: (memberSnap!.data() as Member<TS>).fullName,
      lang: (userSnap?.get('language') as Language | undefined) ?? DEFAULT_LANGUAGE,
    };

    const runRef = db.doc(paths.campaignRun(orgId, campaignId));
    let run = (await runRef.get()).data() as CampaignRun<TS> | undefined;
    if (!run) return;
    while (!run.audienceDone) {
      if (this.budget.stop()) return;
      const next = await this.writeAudiencePage(unit, campaign!, run);
      if (next === 'list-missing') return this.failCampaign(unit, 'list-missing');
      if (next === null) {
        // Another pass wrote this page meanwhile: read where it is now.
        run = (await runRef.get()).data() as CampaignRun<TS> | undefined;
        if (!run) return;
      } else {
        run = next;
      }
    }

    const halt = await this.sendPending(unit, campaign!, sender);
    if (halt === 'budget' || halt === 'held' || halt === 'stopped' || halt === 'failed') return;
    await this.finish(unit);
  }

  private updateRun(unit: RunRef, fields: Partial<CampaignRun<TS>>): Promise<void> {
    return this.db
      .doc(paths.campaignRun(unit.orgId, unit.campaignId))
      .update({ ...fields, updatedAt: this.now })
      .then(() => undefined);
  }

  private async failCampaign(unit: RunRef, reason: CampaignFailureReason): Promise<void> {
    if (await this.endCampaign(unit, 'failed', { failureReason: reason })) this.summary.campaignsFailed += 1;
  }

  /** Nothing pending: the campaign is sent (if nobody paused or canceled it meanwhile). */
  private async finish(unit: RunRef): Promise<void> {
    if (await this.endCampaign(unit, 'sent', { holdReason: null })) this.summary.finished += 1;
  }

  /** Ends a campaign still 'sending' as `status`, its run closed; false when it was not sending. */
  private endCampaign(
    unit: RunRef,
    status: 'sent' | 'failed',
    runFields: Partial<CampaignRun<TS>>,
  ): Promise<boolean> {
    const { db, now } = this;
    const campaignRef = db.doc(paths.doc(unit.orgId, 'campaigns', unit.campaignId));
    const runRef = db.doc(paths.campaignRun(unit.orgId, unit.campaignId));
    return db.runTransaction(async (tx) => {
      if ((await tx.get(campaignRef)).get('status') !== 'sending') return false;
      tx.update(campaignRef, { status, updatedAt: now });
      tx.update(runRef, { ...runFields, nextRunAt: null, finishedAt: now, updatedAt: now });
      return true;
    });
  }

  // ── The audience ──────────────────────────────────────────────────────────

  /**
   * Reads the page after the run's cursor and writes its recipients with the run's new counts
   * and cursor in one transaction. Returns the run as written, null when another pass moved the
   * cursor first (nothing written), or 'list-missing'.
   */
  private async writeAudiencePage(
    unit: RunRef,
    campaign: Campaign<TS>,
    run: CampaignRun<TS>,
  ): Promise<CampaignRun<TS> | null | 'list-missing'> {
    const { db, now } = this;
    const { orgId, campaignId } = unit;
    const listSnap = await db.doc(paths.doc(orgId, 'lists', campaign.listId)).get();
    if (!listSnap.exists) return 'list-missing';
    const list = listSnap.data() as MarketingList<TS>;
    const page = await audienceQuery(db, orgId, campaign.listId, list, run.cursor, AUDIENCE_PAGE_SIZE).get();
    const consentRequired = await this.consentRequired(orgId);
    const runRef = db.doc(paths.campaignRun(orgId, campaignId));
    const cursorKey = (c: CampaignRun<TS>['cursor']) => (c ? `${c.createdAt.toMillis()}/${c.contactId}` : '');
    const written = await db.runTransaction(async (tx) => {
      const current = (await tx.get(runRef)).data() as CampaignRun<TS> | undefined;
      if (!current || current.audienceDone || cursorKey(current.cursor) !== cursorKey(run.cursor))
        return null;
      // Addresses already made recipients (earlier pages, another contact) are duplicates.
      const classified = await classifyPage(
        page.docs,
        new Set(),
        async (hashes) => {
          if (!hashes.length) return { optedOut: new Set(), counted: new Set() };
          // Opted out of everything, or of the campaign's topic.
          const [optedOut, recipients] = await Promise.all([
            optedOutAmong(db, (...refs) => tx.getAll(...refs), orgId, hashes, campaign.topicId ?? null),
            tx.getAll(...hashes.map((h) => db.doc(paths.recipient(orgId, campaignId, h)))),
          ]);
          return { optedOut, counted: new Set(recipients.filter((s) => s.exists).map((s) => s.id)) };
        },
        consentRequired,
      );
      let audience: AudienceCounts = current.audience;
      for (const c of classified) {
        audience = addVerdict(audience, c.verdict);
        if (c.verdict !== 'recipient' && c.verdict !== 'unsubscribed') continue;
        const recipient: CampaignRecipient<TS> = {
          contactId: c.contact.id,
          name: (c.contact.get('name') as string | undefined) ?? '',
          to: c.email!,
          // An unsubscribed address is a recipient skipped at once: the results show it.
          status: c.verdict === 'recipient' ? 'pending' : 'skipped',
          error: c.verdict === 'recipient' ? null : 'unsubscribed',
          messageId: null,
          claimedAt: null,
          attempts: 0,
          sentAt: null,
          createdAt: now,
          updatedAt: now,
        };
        tx.set(db.doc(paths.recipient(orgId, campaignId, c.emailHash!)), recipient);
      }
      const lastContact = page.docs[page.docs.length - 1];
      const next: CampaignRun<TS> = {
        ...current,
        audience,
        audienceDone: page.size < AUDIENCE_PAGE_SIZE,
        cursor: lastContact
          ? { createdAt: lastContact.get('createdAt') as TS, contactId: lastContact.id }
          : current.cursor,
        updatedAt: now,
      };
      tx.set(runRef, next);
      return next;
    });
    if (written) this.summary.audience += page.size;
    return written;
  }

  // ── Sending ───────────────────────────────────────────────────────────────

  private async sendPending(
    unit: RunRef,
    campaign: Campaign<TS>,
    sender: { uid: string; name: string; lang: Language },
  ): Promise<Halt | 'done'> {
    const { db } = this;
    const { orgId, campaignId } = unit;
    let busy = false;
    let last: DocumentSnapshot | null = null;
    for (;;) {
      // APP_QUERIES 'recipients.pending' (equality only, in id order).
      let q = db
        .collection(paths.recipients(orgId, campaignId))
        .where('status', '==', 'pending')
        .orderBy(FieldPath.documentId())
        .limit(CAMPAIGN_SLICE);
      if (last) q = q.startAfter(last);
      const page = await q.get();
      for (const doc of page.docs) {
        if (this.budget.stop()) return 'budget';
        if (!(await this.budget.allowance.take(sender.uid))) {
          this.summary.held += 1;
          await this.updateRun(unit, {
            nextRunAt: Timestamp.fromMillis(startOfNextUtcDay(this.nowMs)),
            holdReason: 'daily-cap',
          });
          return 'held';
        }
        let outcome: Awaited<ReturnType<CampaignSender['sendOne']>>;
        try {
          outcome = await this.sendOne(unit, campaign, sender, doc.ref);
        } catch (error) {
          this.budget.allowance.giveBack(sender.uid);
          throw error;
        }
        if (outcome === 'busy') busy = true;
        if (outcome === 'stopped' || outcome === 'held' || outcome === 'failed-campaign')
          return outcome === 'failed-campaign' ? 'failed' : outcome;
      }
      if (page.size < CAMPAIGN_SLICE) break;
      last = page.docs[page.docs.length - 1]!;
    }
    if (busy) {
      // Another pass holds some recipients: look again once their claims may have expired.
      await this.updateRun(unit, {
        nextRunAt: Timestamp.fromMillis(this.nowMs + this.budget.claimTimeoutMs),
      });
      return 'held';
    }
    return 'done';
  }

  /** One recipient, from the claim to the recorded outcome (the quota unit is held by the caller). */
  private async sendOne(
    unit: RunRef,
    campaign: Campaign<TS>,
    sender: { uid: string; name: string; lang: Language },
    recipientRef: DocumentReference,
  ): Promise<'sent' | 'failed' | 'skipped' | 'busy' | 'gone' | 'stopped' | 'held' | 'failed-campaign'> {
    const { db, now } = this;
    const { orgId, campaignId } = unit;
    const allowance = this.budget.allowance;
    const emailHash = recipientRef.id;
    const consentRequired = await this.consentRequired(orgId);
    const claimed = await db.runTransaction(async (tx) => {
      const recipientSnap = await tx.get(recipientRef);
      const recipient = recipientSnap.data() as CampaignRecipient<TS> | undefined;
      const [campaignSnap, optedOut, contactSnap] = await Promise.all([
        tx.get(db.doc(paths.doc(orgId, 'campaigns', campaignId))),
        optedOutAmong(db, (...refs) => tx.getAll(...refs), orgId, [emailHash], campaign.topicId ?? null),
        recipient ? tx.get(db.doc(paths.doc(orgId, 'contacts', recipient.contactId))) : null,
      ]);
      const decision = decideRecipient({
        nowMs: this.nowMs,
        claimTimeoutMs: this.budget.claimTimeoutMs,
        campaignStatus: campaignSnap.get('status') as Campaign['status'] | undefined,
        recipient,
        optedOut: optedOut.has(emailHash),
        contactExists: contactSnap?.exists ?? false,
        consented: hasMarketingConsent(
          consentRequired,
          contactSnap?.get('emailConsent') as Contact['emailConsent'] | undefined,
        ),
      });
      switch (decision.kind) {
        case 'gone':
          return { outcome: 'gone' as const };
        case 'campaign-stopped':
          return { outcome: 'stopped' as const };
        case 'busy':
          return { outcome: 'busy' as const };
        case 'mark-sent':
          tx.update(recipientRef, { status: 'sent', claimedAt: null, updatedAt: now });
          return { outcome: 'gone' as const };
        case 'skip':
          tx.update(recipientRef, { status: 'skipped', error: decision.error, updatedAt: now });
          return { outcome: 'skipped' as const };
        case 'fail':
          tx.update(recipientRef, { status: 'failed', error: decision.error, updatedAt: now });
          return { outcome: 'failed' as const };
        case 'claim': {
          tx.update(recipientRef, {
            claimedAt: now,
            attempts: recipient!.attempts + 1,
            updatedAt: now,
          });
          const contact = contactSnap!.data() as Contact<TS>;
          return {
            outcome: 'claim' as const,
            mail: await this.compose(unit, campaign, sender, recipient!, contact, emailHash),
          };
        }
      }
    });
    if (claimed.outcome !== 'claim') {
      allowance.giveBack(sender.uid);
      if (claimed.outcome === 'skipped') this.summary.skipped += 1;
      if (claimed.outcome === 'failed') this.summary.failed += 1;
      if (claimed.outcome === 'busy') this.summary.busy += 1;
      return claimed.outcome;
    }

    const delivery = await deliver(
      this.send,
      allowance,
      { organizationId: orgId, uid: sender.uid },
      claimed.mail,
      recipientRef.path,
    );
    if (delivery.kind === 'retry-later') {
      await recipientRef.update({ claimedAt: null, updatedAt: now });
      this.summary.held += 1;
      await this.updateRun(unit, {
        nextRunAt: Timestamp.fromMillis(this.nowMs + RATE_LIMITED_RETRY_MINUTES * MINUTE),
      });
      return 'held';
    }
    if (delivery.kind === 'failed') {
      await recipientRef.update({
        status: 'failed',
        error: delivery.failure,
        claimedAt: null,
        updatedAt: now,
      });
      this.summary.failed += 1;
      // The author's mailbox refuses everything: the campaign stops here, with the reason.
      if (delivery.failure === 'mail-not-connected' || delivery.failure === 'mail-broken') {
        await this.failCampaign(unit, 'mail-not-connected');
        return 'failed-campaign';
      }
      return 'failed';
    }
    // The message id first, alone: from here on this recipient is never sent again.
    await recipientRef.update({ messageId: delivery.messageId, sentAt: now, updatedAt: now });
    await recipientRef.update({ status: 'sent', claimedAt: null, updatedAt: now });
    this.summary.sent += 1;
    this.budget.countSent();
    return 'sent';
  }

  private async compose(
    unit: RunRef,
    campaign: Campaign<TS>,
    sender: { uid: string; name: string; lang: Language },
    recipient: CampaignRecipient<TS>,
    contact: Contact<TS>,
    emailHash: string,
  ): Promise<OutgoingMail> {
    const token = unsubscribeToken(this.budget.options.unsubscribeSecret, {
      organizationId: unit.orgId,
      sequenceId: null,
      campaignId: unit.campaignId,
      contactId: recipient.contactId,
      emailHash,
      lang: sender.lang,
    });
    return composeMarketingMail({
      senderName: sender.name,
      to: recipient.to,
      subject: campaign.subject,
      body: campaign.body,
      values: mergeValuesFor(contact, sender.name),
      unsubscribeLink: `${this.budget.options.unsubscribeUrl}?t=${token}`,
      sendId: `campaign_${unit.campaignId}_${emailHash}`,
      lang: sender.lang,
    });
  }
}
