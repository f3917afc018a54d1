import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  type Campaign,
  type CampaignRecipient,
  type CampaignRun,
  type SendStatus,
  type WithId,
} from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { StatusChip } from '@/components/data/StatusChip';
import { OutlinedSelect } from '@/components/form/OutlinedSelect';
import { useDatePreferences, useMembership, type Count } from '@/firebase/dataApi';
import { enumOptions } from '@/i18n/enums';
import { formatCount, formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { useRecipientNumbers, useRecipients } from '../hooks/useCampaigns';
import { audienceFigures } from '../utils/audience';

const NUMBERS = ['pending', 'sent', 'failed', 'skipped', 'unsubscribed'] as const;

/** Figures as a definition list of cards ('Enviados 120'). */
function Figures({
  label,
  items,
  testId,
}: {
  label: string;
  items: { key: string; label: string; value: string }[];
  testId: string;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        // Five figures in a row from a tablet up; six (with 'Sin consentimiento') from a laptop.
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: `repeat(${items.length > 5 ? 3 : items.length}, minmax(0, 1fr))`,
          md: `repeat(${items.length}, minmax(0, 1fr))`,
        },
        gap: 1.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Card key={item.key} variant="outlined" sx={{ px: 2, py: 1.5 }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontSize: '1.4rem', fontWeight: 700 }}
            data-testid={`${testId}-${item.key}`}
          >
            {item.value}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

/**
 * A started campaign's results: its audience as the sender counted it (live), the recipients by
 * status and the addresses its e-mails unsubscribed (server counts, counted again as the run
 * moves), and the recipients a page at a time, all or those of one status.
 */
export function CampaignResults({
  organizationId,
  campaign,
  run,
}: {
  organizationId: string;
  campaign: WithId<Campaign>;
  run: WithId<CampaignRun>;
}) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const preferences = useDatePreferences();
  const consentRequired = useMembership().organization?.marketingConsentRequired === true;
  const [status, setStatus] = useState<SendStatus | ''>('');
  const version = `${campaign.status}:${millisOf(run.updatedAt) ?? ''}`;
  const numbers = useRecipientNumbers(organizationId, campaign.id, version);
  const recipients = useRecipients(organizationId, campaign.id, status || null);
  const count = (value: Count | null) => (value ? formatCount(value, language) : '…');
  const sentAt = (row: CampaignRecipient) => {
    const millis = millisOf(row.sentAt);
    return millis === null ? '-' : formatDateTime(millis, language, preferences);
  };
  const reason = (row: CampaignRecipient) =>
    row.error ? t(`sendErrors.${row.error}` as 'sendErrors.no-email', row.error) : '-';
  const name = (row: WithId<CampaignRecipient>) => (
    <Link
      component={RouterLink}
      to={sectionHref('contacts', { id: row.contactId })}
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
    >
      {row.name || row.to}
    </Link>
  );

  const columns: ListColumn<WithId<CampaignRecipient>>[] = [
    {
      field: 'name',
      headerName: t('campaigns.recipients.name'),
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => name(row),
    },
    { field: 'to', headerName: t('campaigns.recipients.address'), flex: 1.3, minWidth: 190 },
    {
      field: 'status',
      headerName: t('campaigns.recipients.status'),
      width: 120,
      renderCell: ({ row }) => <StatusChip enumName="sendStatus" value={row.status} />,
    },
    {
      field: 'error',
      headerName: t('campaigns.recipients.reason'),
      flex: 1.3,
      minWidth: 160,
      valueGetter: (_value, row) => reason(row),
    },
    {
      field: 'sentAt',
      headerName: t('campaigns.recipients.sentAt'),
      width: 180,
      valueGetter: (_value, row) => sentAt(row),
    },
  ];

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
          {t('campaigns.audience.title')}
        </Typography>
        <Figures
          label={t('campaigns.audience.label')}
          testId="run"
          items={audienceFigures(run.audience, consentRequired).map(({ key, value }) => ({
            key,
            label: t(`campaigns.audience.${key}`),
            value: formatCount({ value, more: false }, language),
          }))}
        />
        {!run.audienceDone && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('campaigns.audience.counting')}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
          {t('campaigns.numbers.title')}
        </Typography>
        <Figures
          label={t('campaigns.numbers.title')}
          testId="recipients"
          items={NUMBERS.map((key) => ({
            key,
            label: t(`campaigns.numbers.${key}`),
            value: count(numbers[key]),
          }))}
        />
      </Box>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 1.5 }}
          >
            <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
              {t('campaigns.recipients.title')}
            </Typography>
            <OutlinedSelect
              id="recipients-status"
              label={t('campaigns.recipients.filter')}
              size="small"
              value={status}
              onChange={(value) => setStatus(value as SendStatus | '')}
              emptyLabel={t('campaigns.recipients.all')}
              displayEmpty
              options={enumOptions(tc, 'sendStatus')}
              sx={{ minWidth: 200 }}
            />
          </Stack>
          <DataList
            list={recipients}
            columns={columns}
            label={t('campaigns.recipients.title')}
            loadingLabel={t('campaigns.recipients.loading')}
            renderCard={(row) => (
              <Stack spacing={0.5}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                >
                  {name(row)}
                  <StatusChip enumName="sendStatus" value={row.status} />
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {row.to}
                </Typography>
                {(row.error || row.sentAt) && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {row.error ? reason(row) : sentAt(row)}
                  </Typography>
                )}
              </Stack>
            )}
            empty={
              <Typography
                sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}
                data-testid="empty-state"
              >
                {t(status ? 'campaigns.recipients.noneWithStatus' : 'campaigns.recipients.none')}
              </Typography>
            }
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
