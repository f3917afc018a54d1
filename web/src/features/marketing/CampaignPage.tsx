import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { Campaign, CampaignRun, WithId } from '@trato/model';
import { DetailFields } from '@/components/data/DetailFields';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { BackLink } from '@/components/records/BackLink';
import { MissingRecord } from '@/components/records/NotFoundRecord';
import { useDatePreferences, useMembership, useOrgId } from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { CampaignActionsBar } from './components/CampaignActionsBar';
import { CampaignResults } from './components/CampaignResults';
import { CampaignStatusChip } from './components/labels';
import { MailboxWarning } from './components/MailboxWarning';
import { MarketingTabs } from './components/MarketingTabs';
import { useAuthor, useCampaign, useCampaignRun } from './hooks/useCampaigns';

const CAMPAIGNS_HREF = sectionHref('marketing', { page: 'campanas' });

/**
 * /marketing/campanas/{id}: a campaign — its status and why (waiting for tomorrow's mailbox
 * quota, failed…), its actions as the status and the member's rights allow, its content, list,
 * topic and author, and once started its audience, the recipients' numbers and the recipients.
 */
export default function CampaignPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('marketing');
  const organizationId = useOrgId();
  const campaign = useCampaign(organizationId, id);
  const run = useCampaignRun(organizationId, id);
  if (campaign.status === 'success' && campaign.data === null)
    return (
      <Box sx={{ maxWidth: 1280 }}>
        <MarketingTabs />
        <MissingRecord texts={t('campaigns.detail', { returnObjects: true })} listPath={CAMPAIGNS_HREF} />
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <QueryState state={campaign} loadingLabel={t('campaigns.detail.loading')}>
        {campaign.data && (
          <CampaignDetail organizationId={organizationId} campaign={campaign.data} run={run.data ?? null} />
        )}
      </QueryState>
    </Box>
  );
}

function CampaignDetail({
  organizationId,
  campaign,
  run,
}: {
  organizationId: string;
  campaign: WithId<Campaign>;
  run: WithId<CampaignRun> | null;
}) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const preferences = useDatePreferences();
  const { uid } = useMembership();
  const author = useAuthor(organizationId, campaign);
  const isAuthor = uid === campaign.createdBy;
  const authorName = author.status === 'loading' ? '…' : (author.data?.fullName ?? t('owner.formerMember'));
  const when = (value: { toMillis(): number } | null | undefined) => {
    const millis = millisOf(value);
    return millis === null ? null : formatDateTime(millis, language, preferences);
  };
  const live = ['draft', 'scheduled', 'sending', 'paused'].includes(campaign.status);

  return (
    <Stack spacing={2.5}>
      <PageHeader
        before={<BackLink to={CAMPAIGNS_HREF} label={t('campaigns.detail.back')} />}
        title={campaign.name}
        subtitle={
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.5 }}
          >
            <CampaignStatusChip status={campaign.status} />
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="campaign-sender">
              <MailOutlineRoundedIcon fontSize="small" aria-hidden="true" />
              <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                {isAuthor ? t('campaigns.sender.self') : t('campaigns.sender.other', { name: authorName })}
              </Typography>
            </Stack>
          </Stack>
        }
        actions={
          <CampaignActionsBar organizationId={organizationId} campaign={campaign} runStarted={run !== null} />
        }
      />
      <StatusNote campaign={campaign} run={run} when={when} authorName={authorName} isAuthor={isAuthor} />
      {isAuthor && live && (
        <MailboxWarning organizationId={organizationId} message={t('campaigns.noMailbox')} />
      )}
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <DetailFields
            fields={[
              {
                label: t('campaigns.detail.list'),
                value: (
                  <Link
                    component={RouterLink}
                    to={sectionHref('marketing', { id: campaign.listId, page: 'listas' })}
                  >
                    {campaign.listName}
                  </Link>
                ),
              },
              ...(campaign.topicId
                ? [{ label: t('campaigns.detail.topic'), value: campaign.topicName }]
                : []),
              { label: t('campaigns.detail.author'), value: authorName },
              { label: t('campaigns.detail.scheduledAt'), value: when(campaign.scheduledAt) },
              { label: t('campaigns.detail.createdAt'), value: when(campaign.createdAt) },
              ...(run
                ? [
                    { label: t('campaigns.detail.startedAt'), value: when(run.startedAt) },
                    { label: t('campaigns.detail.finishedAt'), value: when(run.finishedAt) },
                  ]
                : []),
            ]}
          />
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mt: 3, mb: 1 }}>
            {t('campaigns.detail.content')}
          </Typography>
          <Box
            data-testid="campaign-content"
            sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}
          >
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{campaign.subject}</Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{campaign.body}</Typography>
          </Box>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('campaigns.detail.contentNote')}
          </Typography>
        </CardContent>
      </Card>
      {run && <CampaignResults organizationId={organizationId} campaign={campaign} run={run} />}
    </Stack>
  );
}

/** The status in words, with its reason: when it goes, why it waits, why it failed. */
function StatusNote({
  campaign,
  run,
  when,
  authorName,
  isAuthor,
}: {
  campaign: WithId<Campaign>;
  run: WithId<CampaignRun> | null;
  when: (value: { toMillis(): number } | null | undefined) => string | null;
  authorName: string;
  isAuthor: boolean;
}) {
  const { t } = useTranslation('marketing');
  // Why a started campaign waits (its mailbox's daily cap, the subscription).
  const hold =
    campaign.status === 'sending' || campaign.status === 'scheduled' ? (run?.holdReason ?? null) : null;
  const note = (() => {
    switch (campaign.status) {
      case 'draft':
        return {
          severity: 'info',
          text: isAuthor ? t('campaigns.note.draftSelf') : t('campaigns.note.draft', { name: authorName }),
        };
      case 'scheduled':
        return {
          severity: 'info',
          text: t('campaigns.note.scheduled', { date: when(campaign.scheduledAt) ?? '…' }),
        };
      case 'sending':
        return { severity: 'info', text: t('campaigns.note.sending') };
      case 'paused':
        return { severity: 'warning', text: t('campaigns.note.paused') };
      case 'sent':
        return {
          severity: 'success',
          text: t('campaigns.note.sent', { date: when(run?.finishedAt) ?? '-' }),
        };
      case 'canceled':
        return { severity: 'info', text: t('campaigns.note.canceled') };
      case 'failed':
        return {
          severity: 'error',
          text: run?.failureReason ? t(`campaigns.failure.${run.failureReason}`) : t('campaigns.note.failed'),
        };
    }
  })();
  return (
    <Stack spacing={1} data-testid="campaign-status-note">
      <Alert severity={note.severity as 'info'}>{note.text}</Alert>
      {hold && <Alert severity="warning">{t(`campaigns.hold.${hold}`)}</Alert>}
    </Stack>
  );
}
