import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useDrop } from 'react-dnd';
import { useTranslation } from 'react-i18next';
import type { Deal, DealStage, WithId } from '@trato/model';
import { enumTone } from '@/components/data/StatusChip';
import { orgRequest, useGrowingList } from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { formatCount, formatMoney } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { columnCards, type StageTotal } from '../utils/board';
import { DEAL_CARD, DealCard, type CardHandlers, type DraggedDeal } from './DealCard';

/**
 * One stage of the board: its title, deal count and amount (server totals), its deals most
 * recently changed first, more as the column is scrolled, and a drop target for other stages' cards.
 * Cards this screen has moved show where they were dropped until their moves are counted (`placed`).
 */
export const StageColumn = memo(function StageColumn({
  stage,
  organizationId,
  total,
  placed,
  canEdit,
  onOpen,
  onMove,
}: {
  stage: DealStage;
  organizationId: string;
  total: StageTotal | null;
  placed: ReadonlyMap<string, WithId<Deal>>;
} & CardHandlers) {
  const { t } = useTranslation('deals');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const list = useGrowingList(orgRequest(organizationId, 'deals.byStage', { stage }));
  const cards = useMemo(() => columnCards(stage, list.rows, placed), [stage, list.rows, placed]);
  const [{ over, dragging }, drop] = useDrop<DraggedDeal, void, { over: boolean; dragging: boolean }>(
    () => ({
      accept: DEAL_CARD,
      // Dropping in the card's own column is not a move (order inside a column is not saved).
      canDrop: (item) => item.deal.stage !== stage,
      drop: (item) => onMove(item.deal, stage),
      collect: (monitor) => ({
        over: monitor.isOver() && monitor.canDrop(),
        dragging: monitor.canDrop(),
      }),
    }),
    [stage, onMove],
  );

  // More cards when the end of the column scrolls into view.
  const scroller = useRef<HTMLDivElement | null>(null);
  const end = useRef<HTMLDivElement | null>(null);
  const { hasMore, loadMore } = list;
  useEffect(() => {
    if (!hasMore || !end.current || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore(),
      {
        root: scroller.current,
        rootMargin: '120px',
      },
    );
    observer.observe(end.current);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  const tone = enumTone('dealStage', stage);
  const label = enumLabel(tc, 'dealStage', stage);
  const headingId = `stage-${stage}`;
  const loading = list.status === 'loading' || total === null;
  return (
    <Paper
      ref={(node: HTMLDivElement | null) => void drop(node)}
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-busy={loading}
      data-stage={stage}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // Phones: one column per screen; wider screens share the width, scrolling below 5 × 232 px.
        flex: { xs: '0 0 calc(100vw - 56px)', sm: '1 0 232px' },
        maxWidth: { xs: 360, sm: 'none' },
        scrollSnapAlign: 'start',
        bgcolor: over ? 'action.selected' : 'grey.50',
        borderColor: over ? 'primary.main' : dragging ? 'primary.light' : 'divider',
        borderStyle: dragging && !over ? 'dashed' : 'solid',
        transition: 'background-color 120ms, border-color 120ms',
        borderTop: 4,
        borderTopColor: tone === 'default' ? 'grey.400' : `${tone}.main`,
        borderRadius: 2,
        minHeight: 240,
      }}
    >
      <Box sx={{ px: 1.5, pt: 1.25, pb: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={headingId} component="h2" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
            {label}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-column-count>
            {total === null
              ? '…'
              : t('column.count', {
                  count: total.count,
                  shown: formatCount({ value: total.count, more: false }, language),
                })}
          </Typography>
        </Stack>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }} data-column-total>
          {total === null ? <Skeleton width={90} /> : formatMoney(total.amount, language)}
        </Typography>
      </Box>
      <Box
        ref={scroller}
        role="list"
        aria-label={label}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          px: 1,
          pb: 1,
          flex: 1,
          overflowY: 'auto',
          maxHeight: { sm: 'calc(100vh - 300px)' },
          minHeight: 120,
        }}
      >
        {list.status === 'loading' &&
          [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={88} sx={{ flexShrink: 0 }} />)}
        {list.status === 'error' && (
          <Typography variant="body2" role="alert" sx={{ color: 'error.main', p: 1 }}>
            {t('column.error')}
          </Typography>
        )}
        {list.status === 'success' && cards.length === 0 && (
          <Box
            sx={{
              flex: 1,
              display: 'grid',
              placeItems: 'center',
              color: 'text.secondary',
              border: '1px dashed',
              borderColor: 'divider',
              borderRadius: 2,
              minHeight: 96,
              typography: 'body2',
            }}
          >
            {dragging ? t('column.dropHere') : t('column.empty')}
          </Box>
        )}
        {cards.map((deal) => (
          <DealCard key={deal.id} deal={deal} canEdit={canEdit} onOpen={onOpen} onMove={onMove} />
        ))}
        {list.hasMore && (
          <Box ref={end} sx={{ display: 'flex', justifyContent: 'center', py: 0.5, flexShrink: 0 }}>
            <Button size="small" onClick={list.loadMore}>
              {t('column.loadMore')}
            </Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
});
