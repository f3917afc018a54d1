// decideClaim, the sender's decision for one due (enrolment, step), branch by branch. Pure: no
// local cloud needed.
import { describe, expect, it } from 'vitest';

import {
  DAY_MS,
  INACTIVE_SUBSCRIPTION_RECHECK_MINUTES,
  PAUSED_SEQUENCE_RECHECK_MINUTES,
  type Contact,
  type Enrollment,
  type MailConnection,
  type Member,
  type SendLogEntry,
  type Sequence,
  type SequenceStep,
  type WaTemplate,
  type WhatsAppChannel,
  type WithId,
} from '@trato/model';

import { decideClaim, startOfNextUtcDay, type ClaimReads } from '../src/sequences/decide.js';

type T = { toMillis(): number };
const at = (ms: number): T => ({ toMillis: () => ms });
const NOW = Date.UTC(2026, 10, 20, 9, 30);
const MINUTE = 60_000;
const TIMEOUT = 10 * MINUTE;

const audit = { createdAt: at(NOW - DAY_MS), createdBy: 'owner', updatedAt: at(NOW - DAY_MS) };
const step = (id: string, delayDays = 0, type: SequenceStep['type'] = 'email'): WithId<SequenceStep<T>> => ({
  id,
  stepOrder: 1,
  type,
  subject: 'Hola {{nombre}}',
  body: 'x',
  delayDays,
  ...audit,
});
const enrollment = (over: Partial<Enrollment<T>> = {}): Enrollment<T> => ({
  contactId: 'c1',
  status: 'active',
  currentStep: 0,
  nextSendAt: at(NOW - 1000),
  ...audit,
  createdBy: 'seller',
  ...over,
});
const log = (over: Partial<SendLogEntry<T>>): SendLogEntry<T> => ({
  kind: 'sequence',
  sequenceId: 's1',
  stepId: 'st1',
  contactId: 'c1',
  senderUid: 'owner',
  to: 'ana@acme.hn',
  subject: 'Hola Ana',
  status: 'pending',
  error: null,
  messageId: null,
  createdAt: at(NOW - 5 * MINUTE),
  sentAt: null,
  claimedAt: null,
  attempts: 1,
  ...over,
});
const sequence: Sequence<T> = { name: 'Bienvenida', description: null, isActive: true, ...audit };
const contact = { name: 'Ana', email: 'Ana@Acme.hn' } as Contact<T>;
const member = { role: 'admin', fullName: 'Owner' } as Member<T>;
const connection = { provider: 'gmail', email: 'owner@gmail.test', status: 'connected' } as MailConnection<T>;

/** Everything in order: the step is claimed. Each test changes one read. */
function reads(over: Partial<ClaimReads<T>> = {}): ClaimReads<T> {
  return {
    nowMs: NOW,
    claimTimeoutMs: TIMEOUT,
    enrollment: enrollment(),
    sequence,
    steps: [step('st1'), step('st2', 2)],
    subscription: { status: 'active', trialEnd: null, currentPeriodEnd: at(NOW + 20 * DAY_MS) },
    log: undefined,
    contact,
    checkedEmail: 'ana@acme.hn',
    optedOut: false,
    consent: 'ok',
    member,
    connection,
    quotaHeld: true,
    ...over,
  };
}

describe('decideClaim', () => {
  it('due, everything in order: claim, to the trimmed address', () => {
    expect(decideClaim(reads())).toEqual({ kind: 'claim', to: 'Ana@Acme.hn' });
    expect(decideClaim(reads({ contact: { ...contact, email: ' Ana@Acme.hn ' } }))).toEqual({
      kind: 'claim',
      to: 'Ana@Acme.hn',
    });
  });

  it('not due, or no longer active: nothing to do', () => {
    expect(decideClaim(reads({ enrollment: enrollment({ nextSendAt: at(NOW + 1) }) }))).toEqual({
      kind: 'gone',
    });
    expect(decideClaim(reads({ enrollment: enrollment({ nextSendAt: null }) })).kind).toBe('gone');
    expect(decideClaim(reads({ enrollment: enrollment({ status: 'paused' }) })).kind).toBe('gone');
    expect(decideClaim(reads({ enrollment: undefined })).kind).toBe('gone');
  });

  it('deleted sequence: stop; no step left: complete', () => {
    expect(decideClaim(reads({ sequence: undefined }))).toEqual({ kind: 'stop' });
    expect(decideClaim(reads({ enrollment: enrollment({ currentStep: 2 }) }))).toEqual({ kind: 'complete' });
  });

  it('paused sequence: deferred 15 minutes, same step', () => {
    expect(decideClaim(reads({ sequence: { ...sequence, isActive: false } }))).toEqual({
      kind: 'defer',
      until: NOW + PAUSED_SEQUENCE_RECHECK_MINUTES * MINUTE,
      why: 'paused',
    });
  });

  it('first step with a delay of its own: deferred to its due time', () => {
    const created = NOW - DAY_MS / 2;
    expect(
      decideClaim(reads({ enrollment: enrollment({ createdAt: at(created) }), steps: [step('st1', 1)] })),
    ).toEqual({ kind: 'defer', until: created + DAY_MS, why: 'first-step-delay' });
  });

  it('subscription not live (lapsed, canceled, none): deferred with the hold reason, not failed', () => {
    const lapsed = decideClaim(
      reads({ subscription: { status: 'trialing', trialEnd: at(NOW - 1), currentPeriodEnd: null } }),
    );
    expect(lapsed).toEqual({
      kind: 'defer',
      until: NOW + INACTIVE_SUBSCRIPTION_RECHECK_MINUTES * MINUTE,
      why: 'subscription-inactive',
    });
    expect(
      decideClaim(reads({ subscription: { status: 'canceled', trialEnd: null, currentPeriodEnd: null } })),
    ).toEqual(lapsed);
    expect(decideClaim(reads({ subscription: undefined }))).toEqual(lapsed);
    // Held before anything else that would write the step's outcome (not an e-mail, no address…).
    expect(decideClaim(reads({ subscription: undefined, contact: undefined })).kind).toBe('defer');
    // The rules' grace: an active period ended 47 h ago still sends.
    expect(
      decideClaim(
        reads({
          subscription: { status: 'active', trialEnd: null, currentPeriodEnd: at(NOW - 47 * 3_600_000) },
        }),
      ).kind,
    ).toBe('claim');
  });

  it('already sent (or its message id recorded): advance, never send again', () => {
    expect(decideClaim(reads({ log: log({ status: 'sent', sentAt: at(NOW - 3000) }) }))).toEqual({
      kind: 'advance',
      doneAt: NOW - 3000,
      markSent: false,
    });
    expect(
      decideClaim(
        reads({ log: log({ status: 'pending', messageId: 'm1', claimedAt: at(NOW - 20 * MINUTE) }) }),
      ),
    ).toEqual({ kind: 'advance', doneAt: NOW - 20 * MINUTE, markSent: true });
    // Even in a lapsed organization (bookkeeping of a mail that already went).
    expect(decideClaim(reads({ log: log({ status: 'sent' }), subscription: undefined })).kind).toBe(
      'advance',
    );
  });

  it('skipped before: advance', () => {
    expect(decideClaim(reads({ log: log({ status: 'skipped', error: 'not-email' }) }))).toEqual({
      kind: 'advance',
      doneAt: NOW,
      markSent: false,
    });
  });

  it('claim busy (another pass, within the timeout): left alone', () => {
    expect(decideClaim(reads({ log: log({ claimedAt: at(NOW - TIMEOUT + 1000) }) }))).toEqual({
      kind: 'busy',
      why: 'claimed',
    });
  });

  it('claim stale (older than the timeout, no message id) or released: claimed again', () => {
    expect(decideClaim(reads({ log: log({ claimedAt: at(NOW - TIMEOUT - 1) }) })).kind).toBe('claim');
    expect(decideClaim(reads({ log: log({ claimedAt: null, error: 'subscription-inactive' }) })).kind).toBe(
      'claim',
    );
    // A failed step whose enrolment a member resumed.
    expect(decideClaim(reads({ log: log({ status: 'failed', error: 'mail-broken' }) })).kind).toBe('claim');
  });

  it('a wait step is skipped (nothing to send); a task step makes its task', () => {
    expect(decideClaim(reads({ steps: [step('st1', 0, 'wait')] }))).toEqual({
      kind: 'skip',
      error: 'not-email',
    });
    expect(decideClaim(reads({ steps: [step('st1', 0, 'task')] }))).toEqual({ kind: 'task' });
    // … for a contact that still exists.
    expect(decideClaim(reads({ steps: [step('st1', 0, 'task')], contact: undefined }))).toEqual({
      kind: 'fail',
      error: 'contact-missing',
    });
  });

  describe('a WhatsApp step', () => {
    const channel = { status: 'connected', callingCode: '504', phoneNumberId: 'p1' } as WhatsAppChannel<T>;
    const approved = { status: 'approved', name: 'promo' } as WaTemplate<T>;
    const waStep = [{ ...step('st1', 0, 'whatsapp'), templateId: 't1' }];
    const waContact = { ...contact, phone: '9999-8888', whatsappConsent: 'granted' } as Contact<T>;
    const wa = (over: Partial<NonNullable<ClaimReads<T>['whatsapp']>> = {}, c: Partial<Contact<T>> = {}) =>
      decideClaim(
        reads({
          steps: waStep,
          contact: { ...waContact, ...c },
          whatsapp: { channel, template: approved, roomToday: true, ...over },
        }),
      );

    it('is claimed for the contact’s number, its local form read with the calling code', () => {
      expect(wa()).toEqual({ kind: 'claim-whatsapp', waId: '50499998888' });
      expect(wa({}, { phone: '+52 55 1234 5678' })).toEqual({ kind: 'claim-whatsapp', waId: '525512345678' });
    });

    it('needs a connected number, a phone, the contact’s opt-in and an approved template', () => {
      expect(wa({ channel: undefined })).toEqual({ kind: 'fail', error: 'whatsapp-not-connected' });
      expect(wa({ channel: { ...channel, status: 'broken' } })).toEqual({
        kind: 'fail',
        error: 'whatsapp-not-connected',
      });
      expect(wa({}, { phone: null })).toEqual({ kind: 'fail', error: 'no-phone' });
      expect(wa({}, { whatsappConsent: 'withdrawn' })).toEqual({ kind: 'skip', error: 'unsubscribed' });
      expect(wa({}, { whatsappConsent: null })).toEqual({ kind: 'skip', error: 'no-consent' });
      expect(wa({}, { whatsappConsent: 'pending' })).toEqual({ kind: 'skip', error: 'no-consent' });
      expect(wa({ template: undefined })).toEqual({ kind: 'fail', error: 'template-unavailable' });
      expect(wa({ template: { ...approved, status: 'paused' } })).toEqual({
        kind: 'fail',
        error: 'template-unavailable',
      });
    });

    it('waits for the next UTC day when the number’s daily cap is reached', () => {
      expect(wa({ roomToday: false })).toEqual({
        kind: 'defer',
        until: startOfNextUtcDay(NOW),
        why: 'daily-cap',
      });
    });
  });

  it('contact deleted, or no e-mail: failed with the reason', () => {
    expect(decideClaim(reads({ contact: undefined }))).toEqual({ kind: 'fail', error: 'contact-missing' });
    for (const email of [null, '', '  ', 'not-an-address'])
      expect(decideClaim(reads({ contact: { ...contact, email } })), String(email)).toEqual({
        kind: 'fail',
        error: 'no-email',
      });
  });

  it('opted out: skipped (unsubscribed); an address changed since the opt-out read: next pass', () => {
    expect(decideClaim(reads({ optedOut: true }))).toEqual({ kind: 'skip', error: 'unsubscribed' });
    expect(decideClaim(reads({ checkedEmail: 'old@acme.hn' }))).toEqual({
      kind: 'busy',
      why: 'address-changed',
    });
    expect(decideClaim(reads({ checkedEmail: '' })).kind).toBe('busy');
  });

  it('without consent where required: skipped (no-consent); a double opt-in not confirmed: waits an hour', () => {
    expect(decideClaim(reads({ consent: 'missing' }))).toEqual({ kind: 'skip', error: 'no-consent' });
    expect(decideClaim(reads({ consent: 'pending' }))).toEqual({
      kind: 'defer',
      until: NOW + 60 * MINUTE,
      why: 'consent-pending',
    });
    // The opt-out says more than the consent.
    expect(decideClaim(reads({ consent: 'missing', optedOut: true }))).toEqual({
      kind: 'skip',
      error: 'unsubscribed',
    });
  });

  it('the owner gone, without a mailbox, or with a broken one: failed with the reason', () => {
    expect(decideClaim(reads({ member: undefined }))).toEqual({ kind: 'fail', error: 'sender-missing' });
    expect(decideClaim(reads({ connection: undefined }))).toEqual({
      kind: 'fail',
      error: 'mail-not-connected',
    });
    expect(decideClaim(reads({ connection: { ...connection, status: 'broken' } }))).toEqual({
      kind: 'fail',
      error: 'mail-broken',
    });
  });

  it('daily cap reached (no quota held): deferred to the next UTC day', () => {
    expect(decideClaim(reads({ quotaHeld: false }))).toEqual({
      kind: 'defer',
      until: Date.UTC(2026, 10, 21),
      why: 'daily-cap',
    });
    expect(startOfNextUtcDay(Date.UTC(2026, 10, 20, 23, 59))).toBe(Date.UTC(2026, 10, 21));
  });
});
