import ContactsRoundedIcon from '@mui/icons-material/ContactsRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { sectionHref } from '@/app/sections';
import type { DealStage, QueryId, QueryRow, Resource, WithId } from '@trato/model';
import { enumTone } from '@/components/data/StatusChip';
import { LanguageToggle } from '@/components/LanguageToggle';
import { PageHeader } from '@/components/page/PageHeader';
import { useSignOut } from '@/components/useSignOut';
import {
  dealStageTotals,
  orgRequest,
  useCount,
  useDatePreferences,
  useLiveList,
  useLanguageChoice,
  useMembership,
  type CountAndSum,
  type QueryRequest,
  useOrgId,
} from '@/firebase/dataApi';
import { enumLabel } from '@/i18n/enums';
import { formatCount, formatDateTime, formatMoney, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { outsideWorkTime, resolveMeetingPreferences } from '@/components/records/meetingHours';
import { openAmount, pipelineRows } from './utils/pipeline';

const NEXT_ITEMS = 5;

/** The start of the current minute: the "upcoming" bound, stable between renders. */
function useMinute(): Date {
  const [minute, setMinute] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000));
  useEffect(() => {
    const timer = setInterval(() => setMinute(new Date(Math.floor(Date.now() / 60_000) * 60_000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  return minute;
}

/** The spec's dashboard header: the language toggle and 'Cerrar sesión' (the bell is in the top bar). */
function DashboardHeaderActions() {
  const { t } = useTranslation();
  const { signOut, busy } = useSignOut();
  const chooseLanguage = useLanguageChoice();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <LanguageToggle onChange={chooseLanguage} />
      <Button
        variant="outlined"
        color="inherit"
        onClick={() => void signOut()}
        disabled={busy}
        aria-busy={busy}
        startIcon={<LogoutRoundedIcon />}
      >
        {t('app.user.signOut')}
      </Button>
    </Stack>
  );
}

/** /dashboard: a welcome, the four sections' counts with their shortcuts, the pipeline and what is next. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const organizationId = useOrgId();
  const { can, email, member, profile } = useMembership();
  const workTime = resolveMeetingPreferences(profile);
  const datePreferences = useDatePreferences();
  const now = useMinute();
  const request = <const Id extends QueryId>(id: Id, resource: Resource, values?: Record<string, unknown>) =>
    can(resource, 'view') ? orgRequest(organizationId, id, values) : null;

  const allCards: CountCardProps[] = [
    {
      resource: 'contacts',
      icon: ContactsRoundedIcon,
      request: request('contacts.list', 'contacts'),
      to: sectionHref('contacts'),
      label: t('cards.contacts'),
      action: t('cards.viewContacts'),
    },
    {
      resource: 'deals',
      icon: HandshakeRoundedIcon,
      request: request('deals.list', 'deals'),
      to: sectionHref('deals'),
      label: t('cards.deals'),
      action: t('cards.viewDeals'),
    },
    {
      resource: 'tasks',
      icon: TaskAltRoundedIcon,
      request: request('tasks.pending', 'tasks', { status: 'pending' }),
      to: sectionHref('tasks'),
      label: t('cards.tasks'),
      action: t('cards.viewTasks'),
    },
    {
      resource: 'meetings',
      icon: EventRoundedIcon,
      request: request('meetings.upcoming', 'meetings', { startTime: now }),
      to: sectionHref('meetings'),
      label: t('cards.meetings'),
      action: t('cards.viewMeetings'),
    },
  ];
  const cards = allCards.filter((card) => can(card.resource, 'view'));

  return (
    <>
      <PageHeader
        title={t('welcome', { name: member?.fullName ?? '' })}
        subtitle={email}
        actions={<DashboardHeaderActions />}
      />
      {cards.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${cards.length}, minmax(0, 1fr))` },
            gap: 1.5,
            mb: 3,
          }}
        >
          {cards.map((card) => (
            <CountCard key={card.resource} {...card} />
          ))}
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
          gap: 2,
        }}
      >
        {can('deals', 'view') && <Pipeline organizationId={organizationId} />}
        <Stack spacing={2}>
          {can('meetings', 'view') && (
            <NextList
              title={t('next.meetings')}
              empty={t('next.noMeetings')}
              request={request('meetings.upcoming', 'meetings', { startTime: now })}
              to={sectionHref('meetings')}
              when={(meeting) => millisOf(meeting.startTime)}
              note={(meeting) => {
                // The member's work days and hours (issue 30): a meeting outside them says so.
                const start = millisOf(meeting.startTime);
                const end = millisOf(meeting.endTime) ?? start;
                if (start === null || end === null) return null;
                const outside = outsideWorkTime(
                  new Date(start),
                  new Date(end),
                  workTime,
                  datePreferences.timeZone,
                );
                return outside && t(outside === 'day' ? 'next.offDay' : 'next.offHours');
              }}
            />
          )}
          {can('tasks', 'view') && (
            <NextList
              title={t('next.tasks')}
              empty={t('next.noTasks')}
              request={request('tasks.pending', 'tasks', { status: 'pending' })}
              to={sectionHref('tasks')}
              when={(task) => millisOf(task.dueDate)}
            />
          )}
        </Stack>
      </Box>
    </>
  );
}

interface CountCardProps {
  resource: Resource;
  icon: SvgIconComponent;
  request: QueryRequest | null;
  to: string;
  label: string;
  action: string;
}

/** A section's count (a capped server count) and the way to it. */
function CountCard({ icon: Icon, request, to, label, action }: CountCardProps) {
  const language = useLanguage();
  const count = useCount(request);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {label}
        </Typography>
        <Icon sx={{ color: 'primary.main' }} aria-hidden="true" />
      </Stack>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 800, lineHeight: 1.2 }} data-count={label}>
        {count === null ? <Skeleton width={60} /> : formatCount(count, language)}
      </Typography>
      <Button component={RouterLink} to={to} size="small" sx={{ alignSelf: 'flex-start', ml: -1 }}>
        {action}
      </Button>
    </Paper>
  );
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** Amount per stage (server aggregations, as the board's totals), as bars. */
function Pipeline({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const [totals, setTotals] = useState<Record<DealStage, CountAndSum> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    dealStageTotals(organizationId).then(
      (value) => alive && setTotals(value),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [organizationId]);
  const rows = totals ? pipelineRows(totals) : null;
  return (
    <Panel
      title={t('pipeline.title')}
      action={
        <Button component={RouterLink} to={sectionHref('deals')} size="small">
          {t('pipeline.open')}
        </Button>
      }
    >
      {failed && (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {t('pipeline.error')}
        </Typography>
      )}
      {!failed && !rows && <Skeleton variant="rounded" height={180} />}
      {rows && (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {t('pipeline.open_amount', { amount: formatMoney(openAmount(rows), language) })}
          </Typography>
          <Stack spacing={1.25} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {rows.map((row) => {
              const tone = enumTone('dealStage', row.stage);
              return (
                <Box component="li" key={row.stage} data-stage={row.stage}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {enumLabel(tc, 'dealStage', row.stage)}{' '}
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        · {t('pipeline.deals', { count: row.count })}
                      </Box>
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {formatMoney(row.amount, language)}
                    </Typography>
                  </Stack>
                  <Box
                    sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.100', overflow: 'hidden' }}
                    aria-hidden="true"
                  >
                    <Box
                      sx={{
                        width: `${row.percent}%`,
                        height: '100%',
                        borderRadius: 4,
                        bgcolor: tone === 'default' ? 'grey.500' : `${tone}.main`,
                      }}
                    />
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </>
      )}
    </Panel>
  );
}

/** The next few meetings or pending tasks, live, each with its time. */
function NextList<Id extends 'meetings.upcoming' | 'tasks.pending'>({
  title,
  empty,
  request,
  to,
  when,
  note,
}: {
  title: string;
  empty: string;
  request: QueryRequest<Id> | null;
  to: string;
  when: (item: WithId<QueryRow<Id>>) => number | null;
  /** A word on an item ('Día no laborable'). */
  note?: (item: WithId<QueryRow<Id>>) => string | null;
}) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const list = useLiveList(request, NEXT_ITEMS);
  return (
    <Panel
      title={title}
      action={
        <Button component={RouterLink} to={to} size="small">
          {t('next.all')}
        </Button>
      }
    >
      {list.status === 'loading' && <Skeleton variant="rounded" height={96} />}
      {list.status === 'error' && (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {t('next.error')}
        </Typography>
      )}
      {list.status === 'success' && list.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {empty}
        </Typography>
      )}
      {list.status === 'success' && list.data.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.data.map((item) => {
            const millis = when(item);
            const remark = note?.(item);
            return (
              <Stack
                component="li"
                key={item.id}
                direction="row"
                sx={{ justifyContent: 'space-between', gap: 2 }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
                  {item.title}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary', flexShrink: 0, textAlign: 'right' }}
                >
                  {millis === null ? '-' : formatDateTime(millis, language, datePreferences)}
                  {remark && (
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ display: 'block', color: 'warning.dark' }}
                    >
                      {remark}
                    </Typography>
                  )}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Panel>
  );
}
