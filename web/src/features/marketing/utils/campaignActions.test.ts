// A campaign's buttons by status and rights (issue 31): the author speaks for its content and
// time, any marketer stops it, deletion once nothing more may be sent.
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, clientMayMoveCampaign } from '@trato/model';
import { campaignActions, campaignMove, type CampaignViewer } from './campaignActions';

const author: CampaignViewer = { isAuthor: true, isAdmin: false, canEdit: true, canDelete: true };
const colleague: CampaignViewer = { isAuthor: false, isAdmin: false, canEdit: true, canDelete: true };
const admin: CampaignViewer = { isAuthor: false, isAdmin: true, canEdit: true, canDelete: true };
const viewer: CampaignViewer = { isAuthor: false, isAdmin: false, canEdit: false, canDelete: false };

describe('campaignActions', () => {
  it('the author of a draft edits, sends now, schedules, cancels and deletes it', () => {
    expect(campaignActions('draft', author)).toEqual(['edit', 'sendNow', 'schedule', 'cancel', 'delete']);
  });

  it('a colleague with every right only cancels a draft (it is not theirs to send)', () => {
    expect(campaignActions('draft', colleague)).toEqual(['cancel']);
  });

  it('an admin may also delete what is not theirs', () => {
    expect(campaignActions('draft', admin)).toEqual(['cancel', 'delete']);
    expect(campaignActions('sent', admin)).toEqual(['delete']);
  });

  it('scheduled: the author takes it back to draft; anyone with marketing.edit pauses or cancels', () => {
    expect(campaignActions('scheduled', author)).toEqual(['unschedule', 'pause', 'cancel']);
    expect(campaignActions('scheduled', colleague)).toEqual(['pause', 'cancel']);
  });

  it('sending: paused or canceled; paused: resumed by its author, canceled', () => {
    expect(campaignActions('sending', author)).toEqual(['pause', 'cancel']);
    expect(campaignActions('sending', colleague)).toEqual(['pause', 'cancel']);
    expect(campaignActions('paused', author)).toEqual(['resume', 'cancel']);
    expect(campaignActions('paused', colleague)).toEqual(['cancel']);
  });

  it('ended: only deleted, by its author or an admin', () => {
    for (const status of ['sent', 'canceled', 'failed'] as const) {
      expect(campaignActions(status, author)).toEqual(['delete']);
      expect(campaignActions(status, colleague)).toEqual([]);
    }
  });

  it('without marketing.edit nothing changes it, even for its author; without delete no delete', () => {
    const readOnlyAuthor = { ...author, canEdit: false, canDelete: false };
    for (const status of CAMPAIGN_STATUSES) {
      expect(campaignActions(status, viewer)).toEqual([]);
      expect(campaignActions(status, readOnlyAuthor)).toEqual([]);
    }
  });

  it('every status move shown is one the model allows', () => {
    const target = {
      sendNow: 'scheduled',
      schedule: 'scheduled',
      unschedule: 'draft',
      pause: 'paused',
      cancel: 'canceled',
    } as const;
    for (const status of CAMPAIGN_STATUSES)
      for (const action of campaignActions(status, author))
        if (action in target)
          expect(clientMayMoveCampaign(status, target[action as keyof typeof target])).toBe(true);
  });
});

describe('campaignMove', () => {
  it('writes the status and, for the moves that set it, when it goes', () => {
    const at = new Date('2026-12-01T15:00:00Z');
    expect(campaignMove('sendNow', false)).toEqual({ status: 'scheduled', scheduledAt: 'now' });
    expect(campaignMove('schedule', false, at)).toEqual({ status: 'scheduled', scheduledAt: at });
    expect(campaignMove('unschedule', false)).toEqual({ status: 'draft', scheduledAt: null });
    expect(campaignMove('pause', true)).toEqual({ status: 'paused' });
    expect(campaignMove('cancel', true)).toEqual({ status: 'canceled' });
  });

  it('resumes to scheduled when it never started, to sending when it had', () => {
    expect(campaignMove('resume', false)).toEqual({ status: 'scheduled' });
    expect(campaignMove('resume', true)).toEqual({ status: 'sending' });
  });
});
