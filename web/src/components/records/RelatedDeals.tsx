import Typography from '@mui/material/Typography';
import {} from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import type { Deal, WithId } from '@trato/model';
import type { ListColumn } from '@/components/data/DataList';
import { RelatedRecords } from '@/components/data/RelatedRecords';
import { StatusChip } from '@/components/data/StatusChip';
import { useRelatedRequest, type RelatedProps } from './related';
import { formatMoney } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';

// The dialog (its form, date fields and pickers) is fetched when the page is idle, not with it.
const DealDialog = lazyWithPrefetch(() =>
  import('./DealDialog').then((module) => ({ default: module.DealDialog })),
);

/**
 * A contact's opportunities (Título, Monto, Etapa, Probabilidad; 'Nueva oportunidad') or a
 * company's deals, newest first.
 */
export function RelatedDeals({ by, id, links }: RelatedProps) {
  usePrefetchWhenIdle(DealDialog);
  const { t } = useTranslation('records');
  const language = useLanguage();
  const request = useRelatedRequest('deals', by, id);
  const amount = (row: Deal) => (row.amount === null ? '-' : formatMoney(row.amount, language));
  const probability = (row: Deal) => (row.probability == null ? '-' : `${row.probability}%`);
  const columns: ListColumn<WithId<Deal>>[] = [
    { field: 'title', headerName: t('deal.columns.title'), flex: 1.5, minWidth: 200 },
    {
      field: 'amount',
      headerName: t('deal.columns.amount'),
      width: 140,
      valueGetter: (_v, row) => amount(row),
    },
    {
      field: 'stage',
      headerName: t('deal.columns.stage'),
      width: 150,
      renderCell: ({ row }) => <StatusChip enumName="dealStage" value={row.stage} />,
    },
    {
      field: 'probability',
      headerName: t('deal.columns.probability'),
      width: 130,
      valueGetter: (_v, row) => probability(row),
    },
  ];
  const opportunity = by === 'contact';
  return (
    <RelatedRecords
      resource="deals"
      request={request}
      columns={columns}
      label={t('deal.listLabel')}
      emptyText={t('deal.empty')}
      newLabel={opportunity ? t('deal.newOpportunity') : t('deal.new')}
      renderCard={(row) => (
        <>
          <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>
          <Typography
            variant="body2"
            component="div"
            sx={{ color: 'text.secondary', display: 'flex', gap: 1, alignItems: 'center', mt: 0.5 }}
          >
            <StatusChip enumName="dealStage" value={row.stage} /> {amount(row)} · {probability(row)}
          </Typography>
        </>
      )}
      renderDialog={(deal, close) => (
        <DealDialog
          deal={deal}
          links={links}
          variant={opportunity ? 'opportunity' : 'deal'}
          onClose={close}
        />
      )}
    />
  );
}
