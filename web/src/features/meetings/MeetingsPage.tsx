import EventRoundedIcon from '@mui/icons-material/EventRounded';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';
import type { Meeting, WithId } from '@trato/model';
import { DataList, type ListColumn } from '@/components/data/DataList';
import { EmptyState, ListEmptyState } from '@/components/data/EmptyState';
import { ListToolbar } from '@/components/data/ListToolbar';
import { useListParams } from '@/components/data/useListParams';
import { useRecordList } from '@/components/data/useRecordList';
import { ListPageHeader } from '@/components/page/ListPageHeader';
import { deleteRecord, orgRequest, orgTarget, usePagedList, useOrgId } from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { formatMeetingRange } from './utils/meetingTimes';
import { meetingsRequest, meetingsWhen, type MeetingsWhen } from './utils/meetingsQuery';
import { useDatePreferences } from '@/firebase/dataApi';

// The dialog (and its date pickers) loads when it is first opened, not with the page.
const MeetingDialog = lazyWithPrefetch(() =>
  import('@/components/records/MeetingDialog').then((module) => ({ default: module.MeetingDialog })),
);

/**
 * /reuniones: upcoming meetings soonest first, or past ones latest first (?when=past), paged on the
 * server and searched through the search tokens. A row opens 'Editar Reunión' in a side panel.
 */
export default function MeetingsPage() {
  usePrefetchWhenIdle(MeetingDialog);
  const { t } = useTranslation('meetings');
  const { t: tr } = useTranslation('records');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const organizationId = useOrgId();
  const params = useListParams(['when'] as const);
  const when = meetingsWhen(params.filters.when);
  // The line between upcoming and past: when the page opened, moved on each switch.
  const [now, setNow] = useState(() => Date.now());
  const records = useRecordList<Meeting>({
    resource: 'meetings',
    rowMenuLabel: (row) => t('rowMenu', { title: row.title }),
    actionsHeader: t('columns.actions'),
    remove: {
      run: (row) => deleteRecord(orgTarget(organizationId, 'meetings'), row.id),
      title: tr('meeting.deleteTitle'),
      body: tr('meeting.deleteBody'),
      done: tr('meeting.deleted'),
      errorTitle: tr('meeting.deleteError'),
    },
  });
  const { canCreate, canEdit, editing, create } = records;

  const request = meetingsRequest(when, params.query, now);
  const list = usePagedList(orgRequest(organizationId, request.id, request.values));

  const at = (value: Meeting['startTime'] | null | undefined) => {
    const millis = millisOf(value);
    return millis === null ? '-' : formatDateTime(millis, language, datePreferences);
  };
  const switchTo = (next: MeetingsWhen) => {
    setNow(Date.now());
    params.setFilter('when', next === 'past' ? 'past' : '');
  };

  const columns: ListColumn<WithId<Meeting>>[] = [
    { field: 'title', headerName: t('columns.title'), flex: 1.6, minWidth: 200 },
    {
      field: 'contactName',
      headerName: t('columns.contact'),
      flex: 1,
      minWidth: 140,
      valueGetter: (value: string | null | undefined) => value || '-',
    },
    {
      field: 'startTime',
      headerName: t('columns.startTime'),
      width: 190,
      valueGetter: (_value, row) => at(row.startTime),
    },
    {
      field: 'endTime',
      headerName: t('columns.endTime'),
      width: 190,
      valueGetter: (_value, row) => at(row.endTime),
    },
    records.actionsColumn(),
  ];

  const empty =
    when === 'past' && !params.query ? (
      <EmptyState icon={EventRoundedIcon} title={t('empty.noPast')} />
    ) : (
      <ListEmptyState
        icon={EventRoundedIcon}
        texts={t('empty', { returnObjects: true })}
        filtered={Boolean(params.query)}
        onClear={() => params.setSearch('')}
        onCreate={canCreate ? create : undefined}
      />
    );

  return (
    <>
      <ListPageHeader
        title={t('title')}
        total={list.total}
        newLabel={t('new')}
        onCreate={canCreate ? create : undefined}
      />
      <ListToolbar search={params.search} onSearch={params.setSearch} searchLabel={t('search')}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={request.everyMeeting ? null : when}
          disabled={request.everyMeeting}
          onChange={(_event, next: MeetingsWhen | null) => next && switchTo(next)}
          aria-label={t('when.label')}
          sx={{ '& .MuiToggleButton-root': { flex: 1, textTransform: 'none', fontWeight: 600 } }}
        >
          <ToggleButton value="upcoming">{t('when.upcoming')}</ToggleButton>
          <ToggleButton value="past">{t('when.past')}</ToggleButton>
        </ToggleButtonGroup>
      </ListToolbar>
      {request.everyMeeting && (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t('when.everyMeeting')}
        </Typography>
      )}
      <DataList
        list={list}
        columns={columns}
        label={t(`listLabel.${request.everyMeeting ? 'all' : when}`)}
        onRowClick={canEdit ? records.edit : undefined}
        renderCard={(row) => (
          <>
            <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatMeetingRange(millisOf(row.startTime), millisOf(row.endTime), language, datePreferences)}
            </Typography>
            {row.contactName && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {row.contactName}
              </Typography>
            )}
          </>
        )}
        empty={empty}
      />
      {editing && (
        <Suspense fallback={null}>
          <MeetingDialog
            meeting={editing === 'new' ? null : editing}
            variant={editing === 'new' ? 'dialog' : 'drawer'}
            onClose={records.closeEditor}
          />
        </Suspense>
      )}
      {records.confirmDelete}
    </>
  );
}
