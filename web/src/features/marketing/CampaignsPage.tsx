import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Campaign, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { EmptyState } from '@/components/data/EmptyState';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useDatePreferences, useOrgId } from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { sectionHref } from '@/app/sections';
import { CampaignStatusChip } from './components/labels';
import { MarketingTabs } from './components/MarketingTabs';
import { useCampaignsPage } from './hooks/useCampaigns';

// The form (formik, yup, the merge-field chips, the preview's contact picker) loads when first opened.
const CampaignDialog = lazyWithPrefetch(() =>
  import('./components/CampaignDialog').then((m) => ({ default: m.CampaignDialog })),
);
// 'Temas' (the topics contacts choose from, with their form) loads when pressed.
const TopicsDialog = lazyWithPrefetch(() =>
  import('./components/TopicsDialog').then((m) => ({ default: m.TopicsDialog })),
);

/** 'Nueva campaña' is open (`?nueva=1`), with a list chosen beforehand (`&lista={id}`). */
const NEW = 'nueva';
const LIST = 'lista';

/**
 * /marketing/campanas: the campaigns, newest first, a server page at a time — status, list and
 * when it goes; 'Nueva campaña' (saved as a draft) and 'Temas' (what contacts may keep or leave).
 * Each opens on its own page.
 */
export default function CampaignsPage() {
  usePrefetchWhenIdle(CampaignDialog, TopicsDialog);
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const language = useLanguage();
  const preferences = useDatePreferences();
  const organizationId = useOrgId();
  const canCreate = useCan('marketing', 'create');
  const [params, setParams] = useSearchParams();
  const [topics, setTopics] = useState(false);
  const list = useCampaignsPage(organizationId);
  const creating = canCreate && params.get(NEW) === '1';
  const create = () => setParams({ [NEW]: '1' });
  // Once created, the dialog's closing must not take the page back from the new campaign's.
  const left = useRef(false);
  const close = () => {
    if (!left.current) setParams({}, { replace: true });
  };
  const open = (row: WithId<Campaign>) =>
    navigate(sectionHref('marketing', { id: row.id, page: 'campanas' }));
  const scheduled = (row: Campaign) => {
    const millis = millisOf(row.scheduledAt);
    return millis === null ? '-' : formatDateTime(millis, language, preferences);
  };

  const columns: ListColumn<WithId<Campaign>>[] = [
    { field: 'name', headerName: t('campaigns.columns.name'), flex: 1.3, minWidth: 180 },
    {
      field: 'status',
      headerName: t('campaigns.columns.status'),
      width: 140,
      renderCell: ({ row }) => <CampaignStatusChip status={row.status} />,
    },
    { field: 'listName', headerName: t('campaigns.columns.list'), flex: 1, minWidth: 150 },
    {
      field: 'scheduledAt',
      headerName: t('campaigns.columns.scheduledAt'),
      width: 190,
      valueGetter: (_value, row) => scheduled(row),
    },
  ];

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <ListPageHeader
        title={t('campaigns.title')}
        total={list.total}
        newLabel={t('campaigns.new')}
        onCreate={canCreate ? create : undefined}
        extraActions={
          <Button variant="outlined" onClick={() => setTopics(true)}>
            {t('topics.title')}
          </Button>
        }
      />
      <DataList
        list={list}
        columns={columns}
        label={t('campaigns.title')}
        loadingLabel={t('campaigns.loading')}
        onRowClick={open}
        renderCard={(row) => (
          <Stack spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{row.name}</Typography>
              <CampaignStatusChip status={row.status} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {row.listName}
            </Typography>
            {row.scheduledAt && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('campaigns.scheduledFor', { date: scheduled(row) })}
              </Typography>
            )}
          </Stack>
        )}
        empty={
          <EmptyState
            icon={SendRoundedIcon}
            title={t('campaigns.empty.title')}
            body={t('campaigns.empty.body')}
            action={canCreate ? { label: t('campaigns.empty.action'), onClick: create } : undefined}
          />
        }
      />
      {creating && (
        <Suspense fallback={null}>
          <CampaignDialog
            organizationId={organizationId}
            campaign={null}
            listId={params.get(LIST) ?? ''}
            onClose={close}
            onCreated={(id) => {
              left.current = true;
              navigate(sectionHref('marketing', { id, page: 'campanas' }), { replace: true });
            }}
          />
        </Suspense>
      )}
      {topics && (
        <Suspense fallback={null}>
          <TopicsDialog organizationId={organizationId} onClose={() => setTopics(false)} />
        </Suspense>
      )}
    </Box>
  );
}
