import Typography from '@mui/material/Typography';
import {} from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import type { Meeting, WithId } from '@trato/model';
import type { ListColumn } from '@/components/data/DataList';
import { RelatedRecords } from '@/components/data/RelatedRecords';
import { useRelatedRequest, type RelatedProps } from './related';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useDatePreferences } from '@/firebase/dataApi';

// The dialog (its form, date fields and pickers) is fetched when the page is idle, not with it.
const MeetingDialog = lazyWithPrefetch(() =>
  import('./MeetingDialog').then((module) => ({ default: module.MeetingDialog })),
);

/** A contact's or company's meetings (Título, Inicio, Fin) by start, with 'Nueva reunión'. */
export function RelatedMeetings({ by, id, links }: RelatedProps) {
  usePrefetchWhenIdle(MeetingDialog);
  const { t } = useTranslation('records');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const request = useRelatedRequest('meetings', by, id);
  const when = (value: Meeting['startTime']) => {
    const millis = millisOf(value);
    return millis === null ? '-' : formatDateTime(millis, language, datePreferences);
  };
  const columns: ListColumn<WithId<Meeting>>[] = [
    { field: 'title', headerName: t('meeting.columns.title'), flex: 1.5, minWidth: 200 },
    {
      field: 'startTime',
      headerName: t('meeting.columns.startTime'),
      width: 190,
      valueGetter: (_v, row) => when(row.startTime),
    },
    {
      field: 'endTime',
      headerName: t('meeting.columns.endTime'),
      width: 190,
      valueGetter: (_v, row) => when(row.endTime),
    },
  ];
  return (
    <RelatedRecords
      resource="meetings"
      request={request}
      columns={columns}
      label={t('meeting.listLabel')}
      emptyText={t('meeting.empty')}
      newLabel={t('meeting.new')}
      renderCard={(row) => (
        <>
          <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {when(row.startTime)} – {when(row.endTime)}
          </Typography>
        </>
      )}
      renderDialog={(meeting, close) => <MeetingDialog meeting={meeting} links={links} onClose={close} />}
    />
  );
}
