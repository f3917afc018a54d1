import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ERR, type AudienceCounts, type Campaign, type WithId } from '@trato/model';
import { LoadingBlock } from '@/components/data/QueryState';
import { DateTimeField } from '@/components/form/DateTimeField';
import { FormDialog } from '@/components/form/FormDialog';
import { useToast } from '@/components/toast';
import { callFunction, useMembership } from '@/firebase/dataApi';
import { moveCampaign } from '@/firebase/marketing';
import { describeError } from '@/i18n/errors';
import { formatCount } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { audienceFigures } from '../utils/audience';
import { campaignMove } from '../utils/campaignActions';

/** 'Programar' refuses a time that is not at least this far ahead. */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;

const scheduleSchema = yup.object({
  scheduledAt: yup
    .date()
    .typeError(ERR.date)
    .nullable()
    .required(ERR.required)
    .test(
      'future',
      'marketing:campaigns.schedule.past',
      (value) => !value || value.getTime() >= Date.now() + SCHEDULE_MIN_AHEAD_MS,
    ),
});
const nowSchema = yup.object({});

type Preview =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; counts: AudienceCounts };

/**
 * 'Enviar ahora' and 'Programar': first who the campaign would reach now (previewCampaignAudience:
 * the list's contacts, the recipients, and those left out — no email, unsubscribed of everything or
 * of the campaign's topic, without consent where the organization requires it, a repeated
 * address), then the confirmation; 'Programar' also takes the moment, in the member's time zone.
 * Nothing is confirmed before the numbers are in, nor when nobody would get it.
 */
export function ScheduleDialog({
  organizationId,
  campaign,
  mode,
  onClose,
}: {
  organizationId: string;
  campaign: WithId<Campaign>;
  mode: 'now' | 'schedule';
  onClose: () => void;
}) {
  const { t } = useTranslation('marketing');
  const { toast } = useToast();
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const load = useCallback(() => {
    let alive = true;
    setPreview({ status: 'loading' });
    // With its topic, the addresses that left the topic count as unsubscribed.
    const topic = campaign.topicId ? { topicId: campaign.topicId } : {};
    callFunction('previewCampaignAudience', { organizationId, listId: campaign.listId, ...topic }).then(
      (counts) => alive && setPreview({ status: 'success', counts }),
      (error: unknown) => alive && setPreview({ status: 'error', error }),
    );
    return () => {
      alive = false;
    };
  }, [organizationId, campaign.listId, campaign.topicId]);
  useEffect(load, [load]);

  const confirm = async (values: { scheduledAt: Date | null }) => {
    const move =
      mode === 'now' ? campaignMove('sendNow', false) : campaignMove('schedule', false, values.scheduledAt!);
    await moveCampaign(organizationId, campaign, move);
    toast({
      title: t(mode === 'now' ? 'campaigns.toasts.sending' : 'campaigns.toasts.scheduled'),
      variant: 'success',
    });
  };
  const ready = preview.status === 'success' && preview.counts.recipients > 0;

  return (
    <FormDialog<{ scheduledAt: Date | null }>
      open
      title={t(mode === 'now' ? 'campaigns.schedule.nowTitle' : 'campaigns.schedule.title')}
      initialValues={{ scheduledAt: null }}
      schema={mode === 'now' ? nowSchema : scheduleSchema}
      onSubmit={confirm}
      onClose={onClose}
      submitLabel={t(mode === 'now' ? 'campaigns.schedule.sendNow' : 'campaigns.schedule.confirm')}
      errorTitle={t('campaigns.toasts.moveFailed')}
      canSubmit={() => ready}
    >
      <Typography>{t('campaigns.schedule.intro', { list: campaign.listName })}</Typography>
      {campaign.topicId && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('campaigns.schedule.topic', { topic: campaign.topicName ?? '' })}
        </Typography>
      )}
      <AudiencePreview preview={preview} onRetry={load} />
      {mode === 'schedule' && (
        <DateTimeField
          name="scheduledAt"
          label={t('campaigns.schedule.when')}
          required
          helperText={t('campaigns.schedule.whenHelp')}
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('campaigns.schedule.note')}
      </Typography>
    </FormDialog>
  );
}

function AudiencePreview({ preview, onRetry }: { preview: Preview; onRetry: () => void }) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const consentRequired = useMembership().organization?.marketingConsentRequired === true;
  if (preview.status === 'loading') return <LoadingBlock label={t('campaigns.schedule.counting')} />;
  if (preview.status === 'error')
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('campaigns.schedule.retry')}
          </Button>
        }
      >
        {t('campaigns.schedule.previewFailed')} {tc(`errors.server.${describeError(preview.error).key}`)}
      </Alert>
    );
  const { counts } = preview;
  return (
    <>
      <Box
        component="dl"
        aria-label={t('campaigns.audience.label')}
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 3, rowGap: 0.75, m: 0 }}
      >
        {audienceFigures(counts, consentRequired).map(({ key, value }) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: key === 'recipients' ? 700 : 400 }}>
              {t(`campaigns.audience.${key}`)}
            </Typography>
            <Typography
              component="dd"
              data-testid={`audience-${key}`}
              sx={{ m: 0, textAlign: 'right', fontWeight: key === 'recipients' ? 700 : 400 }}
            >
              {formatCount({ value, more: false }, language)}
            </Typography>
          </Box>
        ))}
      </Box>
      {counts.recipients === 0 && <Alert severity="warning">{t('campaigns.schedule.nobody')}</Alert>}
    </>
  );
}
