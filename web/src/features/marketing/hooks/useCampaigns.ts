import {
  paths,
  type Campaign,
  type CampaignRun,
  type Member,
  type QueryId,
  type SendStatus,
} from '@trato/model';
import {
  orgRecordPath,
  orgRequest,
  orgTarget,
  useCount,
  useDocument,
  useMembership,
  usePagedList,
  type QueryRequest,
} from '@/firebase/dataApi';
import { campaignActions } from '../utils/campaignActions';

export const campaignsTarget = (orgId: string) => orgTarget(orgId, 'campaigns');

/** /marketing/campanas: newest first, a server page at a time. */
export function useCampaignsPage(orgId: string) {
  return usePagedList(orgRequest(orgId, 'campaigns.list'));
}

export function useCampaign(orgId: string, id: string) {
  return useDocument(orgRecordPath(orgId, 'campaigns', id));
}

/** The sender's bookkeeping of a started campaign, live (data null until it starts). */
export function useCampaignRun(orgId: string, id: string) {
  return useDocument<CampaignRun>(paths.campaignRun(orgId, id));
}

/** The campaign's author (whose Gmail sends it); data null once they have left. */
export function useAuthor(orgId: string, campaign: Pick<Campaign, 'createdBy'>) {
  return useDocument<Member>(paths.member(orgId, campaign.createdBy));
}

const underCampaign = <const Id extends QueryId>(
  orgId: string,
  campaignId: string,
  id: Id,
  values?: Record<string, unknown>,
): QueryRequest<Id> => ({ id, parentPath: paths.doc(orgId, 'campaigns', campaignId), values });

/** The recipients, the most recently changed first, all or those of one status. */
export function useRecipients(orgId: string, campaignId: string, status: SendStatus | null) {
  return usePagedList(
    status
      ? underCampaign(orgId, campaignId, 'recipients.byStatus', { status })
      : underCampaign(orgId, campaignId, 'recipients.list'),
  );
}

/**
 * The recipients by status (server counts) and the addresses its e-mails unsubscribed, counted
 * again when `version` (the run's progress) moves.
 */
export function useRecipientNumbers(orgId: string, campaignId: string, version: string) {
  const byStatus = (status: SendStatus) =>
    underCampaign(orgId, campaignId, 'recipients.countByStatus', { status });
  return {
    pending: useCount(byStatus('pending'), version),
    sent: useCount(byStatus('sent'), version),
    failed: useCount(byStatus('failed'), version),
    skipped: useCount(byStatus('skipped'), version),
    unsubscribed: useCount(orgRequest(orgId, 'optOuts.countByCampaign', { campaignId }), version),
  };
}

/** What the signed-in member may do with the campaign now. */
export function useCampaignActions(campaign: Pick<Campaign, 'createdBy' | 'status'>) {
  const { uid, can, isAdmin } = useMembership();
  return campaignActions(campaign.status, {
    isAuthor: !!uid && uid === campaign.createdBy,
    isAdmin,
    canEdit: can('marketing', 'edit'),
    canDelete: can('marketing', 'delete'),
  });
}
