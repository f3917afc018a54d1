import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useDrag } from 'react-dnd';
import { useTranslation } from 'react-i18next';
import type { Deal, DealStage, WithId } from '@trato/model';
import { RowActions } from '@/components/data/RowActions';
import { enumLabel } from '@/i18n/enums';
import { formatMoney } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { cardSubtitle, otherStages } from '../utils/board';

/** What a dragged card carries (react-dnd item type DEAL_CARD). */
export const DEAL_CARD = 'deal-card';
export interface DraggedDeal {
  deal: WithId<Deal>;
}

/** What the board lets a member do with its cards. */
export interface CardHandlers {
  /** Drag, open and move (deals.edit). */
  canEdit: boolean;
  onOpen: (deal: WithId<Deal>) => void;
  onMove: (deal: WithId<Deal>, to: DealStage) => void;
}

/**
 * A deal on the board: title, contact (else company, else '-'), amount. Members who may edit drag
 * it to another column, open it, or move it from its '⋮' menu (the keyboard and screen-reader path).
 */
export const DealCard = memo(function DealCard({
  deal,
  canEdit,
  onOpen,
  onMove,
}: { deal: WithId<Deal> } & CardHandlers) {
  const { t } = useTranslation('deals');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const [{ dragging }, drag] = useDrag<DraggedDeal, unknown, { dragging: boolean }>(
    () => ({
      type: DEAL_CARD,
      item: { deal },
      canDrag: canEdit,
      collect: (monitor) => ({ dragging: monitor.isDragging() }),
    }),
    [deal, canEdit],
  );

  const body = (
    <Box sx={{ p: 1.5, pr: canEdit ? 5 : 1.5 }}>
      <Typography sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
        {deal.title}
      </Typography>
      <Typography variant="body2" noWrap sx={{ color: 'text.secondary', mt: 0.25 }}>
        {cardSubtitle(deal)}
      </Typography>
      <Typography
        variant="body2"
        sx={{ mt: 0.75, fontWeight: 700, color: deal.amount === null ? 'text.secondary' : 'text.primary' }}
      >
        {deal.amount === null ? t('card.noAmount') : formatMoney(deal.amount, language)}
      </Typography>
    </Box>
  );

  return (
    <Card
      ref={(node: HTMLDivElement | null) => void drag(node)}
      variant="outlined"
      role="listitem"
      data-deal-id={deal.id}
      sx={{
        position: 'relative',
        flexShrink: 0,
        opacity: dragging ? 0.4 : 1,
        cursor: canEdit ? 'grab' : 'default',
        transition: 'box-shadow 120ms',
        '&:hover': canEdit ? { boxShadow: 2 } : undefined,
      }}
    >
      {canEdit ? (
        <CardActionArea onClick={() => onOpen(deal)} aria-label={deal.title}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
      {canEdit && (
        <Box sx={{ position: 'absolute', top: 6, right: 4 }}>
          <RowActions
            label={t('card.actions', { title: deal.title })}
            actions={[
              { label: t('card.edit'), onClick: () => onOpen(deal) },
              ...otherStages(deal.stage).map((stage) => ({
                label: enumLabel(tc, 'dealStage', stage),
                group: t('card.moveTo'),
                onClick: () => onMove(deal, stage),
              })),
            ]}
          />
        </Box>
      )}
    </Card>
  );
});
