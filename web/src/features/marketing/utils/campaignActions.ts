/**
 * What a member may do with a campaign, by its status and their rights (pure): the same moves as
 * the model's CLIENT_CAMPAIGN_MOVES, with who may make each (firestore.rules, `match
 * /campaigns`). Every change needs marketing.edit; the author (whose Gmail sends it) also edits a
 * draft, sends it now or schedules it, takes it back to draft and resumes it; any such member
 * pauses and cancels it. The author or an admin, with marketing.delete, deletes it once nothing
 * of it may still be sent.
 */
import { CAMPAIGN_EDITABLE_STATUSES, clientMayMoveCampaign, type CampaignStatus } from '@trato/model';

export type CampaignAction =
  'edit' | 'sendNow' | 'schedule' | 'unschedule' | 'pause' | 'resume' | 'cancel' | 'delete';

export interface CampaignViewer {
  /** The campaign's author (createdBy). */
  isAuthor: boolean;
  isAdmin: boolean;
  /** marketing.edit and marketing.delete. */
  canEdit: boolean;
  canDelete: boolean;
}

/** Statuses a campaign may be deleted in: not started, or nothing more to send. */
export const CAMPAIGN_DELETABLE_STATUSES: readonly CampaignStatus[] = ['draft', 'canceled', 'sent', 'failed'];

/** The actions shown for a campaign, in the order of its buttons. */
export function campaignActions(status: CampaignStatus, viewer: CampaignViewer): CampaignAction[] {
  const { isAdmin, canEdit, canDelete } = viewer;
  // The author's voice: the content and when it goes.
  const author = viewer.isAuthor && canEdit;
  const shown: [CampaignAction, boolean][] = [
    ['edit', author && CAMPAIGN_EDITABLE_STATUSES.includes(status)],
    ['sendNow', author && status === 'draft' && clientMayMoveCampaign(status, 'scheduled')],
    ['schedule', author && status === 'draft' && clientMayMoveCampaign(status, 'scheduled')],
    ['resume', author && status === 'paused'],
    ['unschedule', author && status === 'scheduled' && clientMayMoveCampaign(status, 'draft')],
    ['pause', canEdit && clientMayMoveCampaign(status, 'paused')],
    ['cancel', canEdit && clientMayMoveCampaign(status, 'canceled')],
    ['delete', canDelete && (viewer.isAuthor || isAdmin) && CAMPAIGN_DELETABLE_STATUSES.includes(status)],
  ];
  return shown.filter(([, allowed]) => allowed).map(([action]) => action);
}

/** A status change's fields: 'now' is the server's time of the write ('Enviar ahora'). */
export interface CampaignMove {
  status: CampaignStatus;
  scheduledAt?: Date | 'now' | null;
}

/**
 * The write of a status action. Resuming goes back to 'scheduled' when the campaign never started
 * (no campaignRuns/{id}), else to 'sending'.
 */
export function campaignMove(
  action: Exclude<CampaignAction, 'edit' | 'delete' | 'schedule'>,
  runStarted: boolean,
): CampaignMove;
export function campaignMove(action: 'schedule', runStarted: boolean, at: Date): CampaignMove;
export function campaignMove(
  action: Exclude<CampaignAction, 'edit' | 'delete'>,
  runStarted: boolean,
  at?: Date,
): CampaignMove {
  switch (action) {
    case 'sendNow':
      return { status: 'scheduled', scheduledAt: 'now' };
    case 'schedule':
      return { status: 'scheduled', scheduledAt: at! };
    case 'unschedule':
      return { status: 'draft', scheduledAt: null };
    case 'pause':
      return { status: 'paused' };
    case 'resume':
      return { status: runStarted ? 'sending' : 'scheduled' };
    case 'cancel':
      return { status: 'canceled' };
  }
}
