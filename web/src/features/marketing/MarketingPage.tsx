import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
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
      <List aria-label={t('sequences')} disablePadding>
        {sequences.map((sequence) => (
          <ListItemButton
            key={sequence.id}
            selected={sequence.id === selectedId}
            aria-current={sequence.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(sequence.id)}
            sx={{ gap: 1, alignItems: 'flex-start', borderTop: 1, borderColor: 'divider' }}
          >
            <ListItemText
              primary={sequence.name}
              secondary={sequence.description || undefined}
              slotProps={{
                primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } },
                secondary: { sx: { overflowWrap: 'anywhere' } },
              }}
            />
            <Chip
              size="small"
              variant="outlined"
              color={sequence.isActive ? 'success' : 'default'}
              label={t(sequence.isActive ? 'state.active' : 'state.inactive')}
              sx={{ mt: 0.5 }}
            />
          </ListItemButton>
        ))}
      </List>
    </Card>
  );
}
