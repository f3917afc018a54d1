// The campaign sender's decisions (campaigns/decide.ts), branch by branch. Pure: no local cloud.
import { describe, expect, it } from 'vitest';

import type { CampaignRecipient, MailConnection, Member, Subscription } from '@trato/model';

import { decideCampaign, decideRecipient } from '../src/campaigns/decide.js';

type T = { toMillis(): number; seconds: number; nanoseconds: number; toDate(): Date };
const at = (ms: number): T => ({
  toMillis: () => ms,
  seconds: Math.floor(ms / 1000),
  nanoseconds: 0,
  toDate: () => new Date(ms),
});
const NOW = Date.UTC(2026, 10, 27, 9, 0);
const MINUTE = 60_000;

const live = {
  status: 'active',
  trialEnd: null,
  currentPeriodEnd: at(NOW + 30 * 86_400_000),
} as unknown as Subscription<T>;
const lapsed = {
  status: 'canceled',
  trialEnd: null,
  currentPeriodEnd: at(NOW - 30 * 86_400_000),
} as unknown as Subscription<T>;
const author = { role: 'admin', fullName: 'Ana' } as unknown as Member<T>;
const connected = { status: 'connected' } as MailConnection<T>;

describe('decideCampaign', () => {
  const base = { nowMs: NOW, status: 'sending' as const, subscription: live, author, connection: connected };

  it('works on a sending campaign whose author has a connected Gmail, in a live organization', () => {
    expect(decideCampaign(base)).toEqual({ kind: 'work' });
  });

  it('waits while paused or lapsed; nothing for the other statuses or a deleted campaign', () => {
    expect(decideCampaign({ ...base, status: 'paused' })).toEqual({ kind: 'wait', why: 'paused' });
    expect(decideCampaign({ ...base, subscription: lapsed })).toEqual({
      kind: 'wait',
      why: 'subscription-inactive',
    });
    for (const status of ['draft', 'scheduled', 'sent', 'canceled', 'failed', undefined] as const)
      expect(decideCampaign({ ...base, status })).toEqual({ kind: 'idle' });
  });

  it('fails without its author or their Gmail', () => {
    expect(decideCampaign({ ...base, author: undefined })).toEqual({
      kind: 'fail',
      failure: 'sender-missing',
    });
    expect(decideCampaign({ ...base, connection: undefined })).toEqual({
      kind: 'fail',
      failure: 'mail-not-connected',
    });
    expect(decideCampaign({ ...base, connection: { status: 'broken' } as MailConnection<T> })).toEqual({
      kind: 'fail',
      failure: 'mail-not-connected',
    });
  });
});

describe('decideRecipient', () => {
  const recipient = (patch: Partial<CampaignRecipient<T>> = {}): CampaignRecipient<T> => ({
    contactId: 'c1',
    name: 'Ana',
    to: 'ana@x.hn',
    status: 'pending',
    error: null,
    messageId: null,
    claimedAt: null,
    attempts: 0,
    sentAt: null,
    createdAt: at(NOW - MINUTE),
    updatedAt: at(NOW - MINUTE),
    ...patch,
  });
  const base = {
    nowMs: NOW,
    claimTimeoutMs: 10 * MINUTE,
    campaignStatus: 'sending' as const,
    recipient: recipient(),
    optedOut: false,
    contactExists: true,
    consented: true,
  };

  it('claims a pending recipient', () => {
    expect(decideRecipient(base)).toEqual({ kind: 'claim' });
  });

  it('leaves what is no longer pending; marks sent what Gmail already took, even if paused meanwhile', () => {
    for (const status of ['sent', 'failed', 'skipped'] as const)
      expect(decideRecipient({ ...base, recipient: recipient({ status }) })).toEqual({ kind: 'gone' });
    expect(decideRecipient({ ...base, recipient: undefined })).toEqual({ kind: 'gone' });
    expect(
      decideRecipient({ ...base, campaignStatus: 'paused', recipient: recipient({ messageId: 'm1' }) }),
    ).toEqual({ kind: 'mark-sent' });
  });

  it('stops when the campaign is no longer sending', () => {
    for (const campaignStatus of ['paused', 'canceled', 'failed', undefined] as const)
      expect(decideRecipient({ ...base, campaignStatus })).toEqual({ kind: 'campaign-stopped' });
  });

  it("leaves another pass's fresh claim; retakes one older than the timeout", () => {
    expect(decideRecipient({ ...base, recipient: recipient({ claimedAt: at(NOW - 9 * MINUTE) }) })).toEqual({
      kind: 'busy',
    });
    expect(decideRecipient({ ...base, recipient: recipient({ claimedAt: at(NOW - 11 * MINUTE) }) })).toEqual({
      kind: 'claim',
    });
  });

  it('skips an address that opted out, fails a deleted contact', () => {
    expect(decideRecipient({ ...base, optedOut: true })).toEqual({ kind: 'skip', error: 'unsubscribed' });
    expect(decideRecipient({ ...base, contactExists: false })).toEqual({
      kind: 'fail',
      error: 'contact-missing',
    });
  });

  it('skips a contact without consent where the organization requires it (after the opt-out)', () => {
    expect(decideRecipient({ ...base, consented: false })).toEqual({ kind: 'skip', error: 'no-consent' });
    expect(decideRecipient({ ...base, consented: false, optedOut: true })).toEqual({
      kind: 'skip',
      error: 'unsubscribed',
    });
  });
});
