import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Sequence, WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { EmptyState } from '@/components/data/EmptyState';
import { QueryState } from '@/components/data/QueryState';
import { PageHeader } from '@/components/page/PageHeader';
import { useOrgId } from '@/firebase/dataApi';
import { MarketingTabs } from './components/MarketingTabs';
import { SequenceDetail } from './components/SequenceDetail';
import { useSequenceList } from './hooks/useSequences';

// The form (formik, yup) loads when 'Nueva Secuencia' is first pressed.
const NewSequenceDialog = lazyWithPrefetch(() =>
  import('./components/NewSequenceDialog').then((m) => ({ default: m.NewSequenceDialog })),
);

/** The selected sequence is in the address (`?secuencia=`), so a reload or a shared link keeps it. */
const SELECTED = 'secuencia';

/**
 * /marketing — the hub's first page (MarketingTabs: Secuencias | Listas | Campañas): sequences on the left ('Nueva Secuencia'), the selected one's steps, numbers and
 * enrolments on the right. On phones the list and the sequence are two screens.
 */
export default function MarketingPage() {
  usePrefetchWhenIdle(NewSequenceDialog);
  const { t } = useTranslation('marketing');
  const organizationId = useOrgId();
  const canCreate = useCan('marketing', 'create');
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const list = useSequenceList(organizationId);
  const selectedId = params.get(SELECTED);
  const sequences = list.data ?? [];
  const selected = sequences.find((s) => s.id === selectedId) ?? null;
  const select = (id: string | null) => setParams(id ? { [SELECTED]: id } : {}, { replace: !phone });

  const newButton = canCreate && (
    <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
      {t('newSequence')}
    </Button>
  );
  const showList = !phone || !selectedId;
  const showDetail = !phone || Boolean(selectedId);

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <MarketingTabs />
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={showList ? newButton : undefined} />
      <QueryState state={list} loadingLabel={t('loading')}>
        {sequences.length === 0 ? (
          <EmptyState
            icon={CampaignRoundedIcon}
            title={t('empty.title')}
            body={t('empty.body')}
            action={canCreate ? { label: t('empty.action'), onClick: () => setCreating(true) } : undefined}
          />
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2.2fr' },
              alignItems: 'start',
            }}
          >
            {showList && <SequenceList sequences={sequences} selectedId={selectedId} onSelect={select} />}
            {showDetail && (
              <Box sx={{ minWidth: 0 }}>
                {phone && (
                  <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => select(null)} sx={{ mb: 1 }}>
                    {t('back')}
                  </Button>
                )}
                {selected ? (
                  <SequenceDetail
                    key={selected.id}
                    organizationId={organizationId}
                    sequence={selected}
                    onDeleted={() => select(null)}
                    onDuplicated={select}
                  />
                ) : (
                  <Card variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
                    {selectedId ? t('notFound') : t('selectPrompt')}
                  </Card>
                )}
              </Box>
            )}
          </Box>
        )}
      </QueryState>
      {creating && (
        <Suspense fallback={null}>
          <NewSequenceDialog
            organizationId={organizationId}
            onClose={() => setCreating(false)}
            onCreated={select}
          />
        </Suspense>
      )}
    </Box>
  );
}

function SequenceList({
  sequences,
  selectedId,
  onSelect,
}: {
  sequences: WithId<Sequence>[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('marketing');
  return (
    <Card variant="outlined">
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, px: 2, pt: 2, pb: 1 }}>
        {t('sequences')}
      </Typography>
      {/* Plain list markup with ListItemButton's look (MUI's List items would add ~1 KB here). */}
      <Box component="ul" aria-label={t('sequences')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {sequences.map((sequence) => (
          <li key={sequence.id}>
            <ButtonBase
              aria-current={sequence.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(sequence.id)}
              sx={{
                display: 'flex',
                width: '100%',
                gap: 1,
                alignItems: 'flex-start',
                textAlign: 'left',
                px: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
                bgcolor: sequence.id === selectedId ? 'rgba(67,56,202,0.08)' : undefined,
                '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
              }}
            >
              <Box sx={{ flex: '1 1 auto', minWidth: 0, my: 0.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{sequence.name}</Typography>
                {sequence.description && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {sequence.description}
                  </Typography>
                )}
              </Box>
              <Chip
                size="small"
                variant="outlined"
                color={sequence.isActive ? 'success' : 'default'}
                label={t(sequence.isActive ? 'state.active' : 'state.inactive')}
                sx={{ mt: 0.5 }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
    </Card>
  );
}
