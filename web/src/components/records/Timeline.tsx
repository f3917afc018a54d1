import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import HandshakeRoundedIcon from '@mui/icons-material/HandshakeRounded';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import StickyNote2RoundedIcon from '@mui/icons-material/StickyNote2Rounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import {
  TIMELINE_KINDS,
  TIMELINE_KIND_RESOURCE,
  type TimelineEntry,
  type TimelineKind,
  type WithId,
} from '@trato/model';
import { QueryState } from '@/components/data/QueryState';
import { Pager } from '@/components/data/Pager';
import { StatusChip } from '@/components/data/StatusChip';
import { orgRequest, useMembership, usePagedList, type PagedList, useOrgId } from '@/firebase/dataApi';
import { formatDateTime, formatMoney, formatRelative, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { useDatePreferences } from '@/firebase/dataApi';

const ICONS: Record<TimelineKind, SvgIconComponent> = {
  note: StickyNote2RoundedIcon,
  task: TaskAltRoundedIcon,
  meeting: EventRoundedIcon,
  deal: HandshakeRoundedIcon,
  // Icons the record pages load anyway (a filled-in form; a consent given or taken back).
  submission: EditRoundedIcon,
  consent: CheckCircleRoundedIcon,
  email: MailOutlineRoundedIcon,
};

/**
 * The activity of a contact, or of a company and its contacts: notes, tasks, meetings and deals,
 * newest first, one server-paged query over the timeline index (only the kinds the member may view).
 */
export function Timeline({ by, id }: { by: 'contact' | 'company'; id: string }) {
  const { t } = useTranslation('records');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const organizationId = useOrgId();
  const { can } = useMembership();
  const kinds = TIMELINE_KINDS.filter((kind) => can(TIMELINE_KIND_RESOURCE[kind], 'view'));
  const list = usePagedList(
    kinds.length
      ? by === 'contact'
        ? orgRequest(organizationId, 'timeline.byContact', { contactId: id, kind: kinds })
        : orgRequest(organizationId, 'timeline.byCompany', { companyId: id, kind: kinds })
      : null,
  );
  const now = Date.now();

  const detail = (entry: WithId<TimelineEntry>) => {
    const at = millisOf(entry.at);
    const parts: string[] = [];
    if (entry.kind === 'deal' && entry.amount !== null) parts.push(formatMoney(entry.amount, language));
    if (at !== null) {
      const when = formatDateTime(at, language, datePreferences);
      parts.push(
        entry.kind === 'task'
          ? t('timeline.due', { when })
          : entry.kind === 'deal'
            ? t('timeline.closes', { when })
            : when,
      );
    }
    return parts.join(' · ');
  };
  const chip = (entry: WithId<TimelineEntry>) => {
    if (!entry.detail) return null;
    if (entry.kind === 'task') return <StatusChip enumName="taskStatus" value={entry.detail as never} />;
    if (entry.kind === 'meeting')
      return <StatusChip enumName="meetingStatus" value={entry.detail as never} />;
    if (entry.kind === 'deal') return <StatusChip enumName="dealStage" value={entry.detail as never} />;
    if (entry.kind === 'consent')
      return <StatusChip enumName="consentStatus" value={entry.detail as never} />;
    if (entry.kind === 'email')
      return (
        <Chip
          size="small"
          variant="outlined"
          color={entry.detail === 'in' ? 'info' : 'default'}
          label={t(entry.detail === 'in' ? 'timeline.email.in' : 'timeline.email.out')}
          sx={{ fontWeight: 600 }}
        />
      );
    if (entry.kind === 'submission')
      return (
        <Chip
          size="small"
          variant="outlined"
          color={entry.detail === 'created' ? 'success' : 'default'}
          label={t(
            entry.detail === 'created' ? 'timeline.submission.created' : 'timeline.submission.updated',
          )}
          sx={{ fontWeight: 600 }}
        />
      );
    return null;
  };

  return (
    <QueryState
      state={kinds.length ? list : { status: 'success', error: null }}
      isEmpty={!kinds.length || (list.status === 'success' && list.rows.length === 0 && list.page === 0)}
      empty={
        <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }} data-testid="empty-state">
          {t('timeline.empty')}
        </Typography>
      }
    >
      <List
        aria-label={t('timeline.listLabel')}
        sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', py: 0 }}
      >
        {list.rows.map((entry, index) => {
          const Icon = ICONS[entry.kind];
          const created = millisOf(entry.createdAt);
          return (
            <ListItem key={entry.id} divider={index < list.rows.length - 1} alignItems="flex-start">
              {/* The entry's icon in a circle: Avatar's look, without its code (record pages are
                  at their 450 KB budget). */}
              <Box
                aria-hidden="true"
                sx={{
                  flexShrink: 0,
                  width: 40,
                  height: 40,
                  mt: 0.5,
                  mr: 2,
                  borderRadius: '50%',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  bgcolor: 'action.selected',
                  color: 'text.primary',
                }}
              >
                <Icon fontSize="small" />
              </Box>
              <ListItemText
                primary={
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ color: 'text.secondary', fontWeight: 700 }}
                    >
                      {t(`timeline.kind.${entry.kind}`)}
                    </Typography>
                    {chip(entry)}
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
                      {created === null ? tc('common.loading') : formatRelative(created, now, language)}
                    </Typography>
                  </Box>
                }
                secondary={
                  <>
                    <Typography
                      component="span"
                      sx={{
                        display: 'block',
                        color: 'text.primary',
                        whiteSpace: 'pre-line',
                        overflowWrap: 'anywhere',
                        mt: 0.5,
                      }}
                    >
                      {entry.title}
                    </Typography>
                    {detail(entry) && (
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {detail(entry)}
                      </Typography>
                    )}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
      {(list.hasNext || list.hasPrevious) && <Pager list={list as PagedList<unknown>} />}
    </QueryState>
  );
}
