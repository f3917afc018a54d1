import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { startTransition, Suspense, useCallback, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { TouchBackend } from 'react-dnd-touch-backend';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEAL_STAGES, type Deal, type DealStage, type WithId } from '@trato/model';
import { useCan } from '@/components/Can';
import { PageHeader } from '@/components/page/PageHeader';
import { orgRecordPath, useDocument, useOrgId } from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { formatCount, formatMoney } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { boardSummary, type BoardTotals } from './utils/board';
import { StageColumn } from './components/StageColumn';
import { useDealsBoard } from './hooks/useDealsBoard';
import { visuallyHidden } from '@/components/visuallyHidden';

// The dialog (formik, yup, date pickers, pickers) loads when it is first opened, not with the board.
const DealDialog = lazyWithPrefetch(() =>
  import('@/components/records/DealDialog').then((module) => ({ default: module.DealDialog })),
);

/** Touch screens drag with a long press, so that a swipe still scrolls the board. */
const TOUCH_OPTIONS = { enableMouseEvents: false, delayTouchStart: 200 };
const isTouchScreen = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;

/** /deals: the pipeline board, five stages, exact totals, drag and drop, live. */
export default function DealsPage() {
  usePrefetchWhenIdle(DealDialog);
  const { t } = useTranslation('deals');
  const { t: tc } = useTranslation();
  const organizationId = useOrgId();
  const canCreate = useCan('deals', 'create');
  const canEdit = useCan('deals', 'edit');
  const board = useDealsBoard(organizationId, t('moveFailed'));
  const [editing, setEditing] = useState<WithId<Deal> | 'new' | null>(null);
  // /deals?deal={id} (global search) opens that deal.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('deal');
  const linked = useDocument(linkedId ? orgRecordPath(organizationId, 'deals', linkedId) : null);
  const linkedDeal = linked.status === 'success' ? linked.data : null;
  const open = editing ?? (canEdit && linkedDeal ? linkedDeal : null);
  const close = () => {
    setEditing(null);
    if (linkedId) setParams({}, { replace: true });
    board.refresh();
  };
  const [announcement, setAnnouncement] = useState('');
  // The backend is chosen once: react-dnd does not allow swapping it under a mounted board.
  const [touch] = useState(isTouchScreen);

  const { move } = board;
  const moveCard = useCallback(
    (deal: WithId<Deal>, to: DealStage) => {
      if (deal.stage === to) return;
      move(deal, to);
      // Not urgent: the card's own move (the board's pending card) renders first.
      startTransition(() =>
        setAnnouncement(t('card.moved', { title: deal.title, stage: enumLabel(tc, 'dealStage', to) })),
      );
    },
    [move, t, tc],
  );
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          canCreate && (
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
              {t('new')}
            </Button>
          )
        }
      />
      <BoardSummary totals={board.totals} failed={Boolean(board.totalsError)} />
      <DndProvider backend={touch ? TouchBackend : HTML5Backend} options={touch ? TOUCH_OPTIONS : undefined}>
        <Box
          role="region"
          aria-label={t('boardLabel')}
          sx={{
            display: 'flex',
            gap: 1.5,
            overflowX: 'auto',
            pb: 1.5,
            // Phones: one column per screen, snapping as the board is swiped.
            scrollSnapType: { xs: 'x mandatory', sm: 'none' },
            mx: { xs: -2, sm: 0 },
            px: { xs: 2, sm: 0 },
            scrollPaddingInline: { xs: 16, sm: 0 },
          }}
        >
          {DEAL_STAGES.map((stage) => (
            <StageColumn
              key={stage}
              stage={stage}
              organizationId={organizationId}
              total={board.totals?.[stage] ?? null}
              placed={board.placed}
              canEdit={canEdit}
              onOpen={setEditing}
              onMove={moveCard}
            />
          ))}
        </Box>
      </DndProvider>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {open && (
        <Suspense fallback={null}>
          <DealDialog deal={open === 'new' ? null : open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** Every deal's amount and the won deals' amount, from the server's totals. */
function BoardSummary({ totals, failed }: { totals: BoardTotals | null; failed: boolean }) {
  const { t } = useTranslation('deals');
  const language = useLanguage();
  if (failed && !totals) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {t('summary.error')}
      </Alert>
    );
  }
  const summary = totals ? boardSummary(totals) : null;
  const deals = totals ? DEAL_STAGES.reduce((sum, stage) => sum + totals[stage].count, 0) : 0;
  const figures = [
    {
      key: 'all',
      label: t('summary.all'),
      value: summary?.all,
      hint: t('summary.allHint', {
        count: deals,
        shown: formatCount({ value: deals, more: false }, language),
      }),
    },
    {
      key: 'won',
      label: t('summary.won'),
      value: summary?.won,
      hint: totals
        ? t('summary.wonHint', {
            count: totals.won.count,
            shown: formatCount({ value: totals.won.count, more: false }, language),
          })
        : '',
    },
  ];
  return (
    <Box
      data-board-summary
      aria-busy={!totals}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, minmax(0, 240px))' },
        gap: 1.5,
        mb: 2,
      }}
    >
      {figures.map((figure) => (
        <Paper
          key={figure.key}
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}
          data-summary={figure.key}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {figure.label}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: { xs: '1.15rem', sm: '1.5rem' } }}>
            {figure.value === undefined ? <Skeleton width={110} /> : formatMoney(figure.value, language)}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {totals ? figure.hint : <Skeleton width={80} />}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
