import { describe, expect, it } from 'vitest';

import {
  topicChanges,
  addVerdict,
  audienceFilters,
  audienceVerdict,
  clientMayMoveCampaign,
  criteriaCount,
  EMPTY_AUDIENCE,
} from './marketing.js';
import { CAMPAIGN_STATUSES } from './enums.js';

describe('audienceFilters', () => {
  it("a static list is its members: listIds holds the list's id", () => {
    expect(audienceFilters({ kind: 'static', city: 'Tegucigalpa' }, 'L1')).toEqual([
      { field: 'listIds', op: 'array-contains', value: 'L1' },
    ]);
  });

  it('a segment is an equality per criterion set (contactStatus is status), then the date range', () => {
    const from = { at: 1 };
    const to = { at: 2 };
    expect(
      audienceFilters(
        {
          kind: 'segment',
          lifecycleStage: 'customer',
          contactStatus: 'active',
          isCustomer: false,
          companyId: null,
          city: '',
          country: 'Honduras',
          createdFrom: from,
          createdTo: to,
        },
        'L1',
      ),
    ).toEqual([
      { field: 'lifecycleStage', op: '==', value: 'customer' },
      { field: 'status', op: '==', value: 'active' },
      // false is a criterion (not customers), not "any".
      { field: 'isCustomer', op: '==', value: false },
      { field: 'country', op: '==', value: 'Honduras' },
      { field: 'createdAt', op: '>=', value: from },
      { field: 'createdAt', op: '<', value: to },
    ]);
  });

  it('a segment without criteria holds every contact', () => {
    expect(audienceFilters({ kind: 'segment' }, 'L1')).toEqual([]);
    expect(criteriaCount({})).toBe(0);
    expect(criteriaCount({ city: 'Tegucigalpa', isCustomer: false, ownerId: null, country: '' })).toBe(2);
  });
});

describe('campaign moves', () => {
  it('members schedule, pause, resume and cancel; sending, sent and failed are the sender’s', () => {
    const allowed = CAMPAIGN_STATUSES.flatMap((from) =>
      CAMPAIGN_STATUSES.filter((to) => clientMayMoveCampaign(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'draft>scheduled',
      'draft>canceled',
      'scheduled>draft',
      'scheduled>paused',
      'scheduled>canceled',
      'sending>paused',
      'sending>canceled',
      'paused>scheduled',
      'paused>sending',
      'paused>canceled',
    ]);
  });
});

describe('the audience', () => {
  it('leaves out no address, then an address already counted, then the unsubscribed', () => {
    expect(audienceVerdict(null, false, false)).toBe('noEmail');
    expect(audienceVerdict('  ', true, true)).toBe('noEmail');
    expect(audienceVerdict('a@b.hn', true, true)).toBe('duplicate');
    expect(audienceVerdict('a@b.hn', true, false)).toBe('unsubscribed');
    expect(audienceVerdict('a@b.hn', false, false)).toBe('recipient');
    // Without consent where the organization requires it: after the opt-out (which says more).
    expect(audienceVerdict('a@b.hn', false, false, false)).toBe('noConsent');
    expect(audienceVerdict('a@b.hn', true, false, false)).toBe('unsubscribed');
  });

  it('counts each contact once, under its verdict', () => {
    const counts = (
      ['recipient', 'recipient', 'noEmail', 'duplicate', 'unsubscribed', 'noConsent'] as const
    ).reduce(addVerdict, EMPTY_AUDIENCE);
    expect(counts).toEqual({
      contacts: 6,
      recipients: 2,
      noEmail: 1,
      unsubscribed: 1,
      noConsent: 1,
      duplicates: 1,
    });
    expect(EMPTY_AUDIENCE.contacts).toBe(0);
  });
});

describe('topicChanges', () => {
  it('opts out of the unticked, back into the ticked again, and keeps unknown topics as they were', () => {
    expect(topicChanges(['a', 'b', 'c'], [], ['a', 'b', 'c'])).toEqual({ optOut: [], optIn: [], after: [] });
    expect(topicChanges(['a', 'b', 'c'], [], ['a'])).toEqual({
      optOut: ['b', 'c'],
      optIn: [],
      after: ['b', 'c'],
    });
    expect(topicChanges(['a', 'b', 'c'], ['b', 'gone'], ['a', 'b', 'zzz'])).toEqual({
      optOut: ['c'],
      optIn: ['b'],
      after: ['gone', 'c'],
    });
  });
});
