import CallMadeRoundedIcon from '@mui/icons-material/CallMadeRounded';
import CallReceivedRoundedIcon from '@mui/icons-material/CallReceivedRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { normalizeAddress, type EmailThread, type WithId } from '@trato/model';
import { EmptyState } from '@/components/data/EmptyState';
import { Pager } from '@/components/data/Pager';
import { QueryState } from '@/components/data/QueryState';
import { orgRequest, useDatePreferences, useOrgId, usePagedList, type PagedList } from '@/firebase/dataApi';
import { formatDateTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import type { NameOf } from './EmailsView';

/** Conversations per page. */
export const THREADS_PAGE_SIZE = 20;

/** The addresses of a conversation other than its mailbox's own. */
export function otherParticipants(thread: Pick<EmailThread, 'participants' | 'mailbox'>): string[] {
  const own = normalizeAddress(thread.mailbox);
  return (thread.participants ?? []).filter((address) => normalizeAddress(address) !== own);
}

/** 'Recibido' / 'Enviado' with its arrow: the direction of a conversation's last message, or of a message. */
export function DirectionMark({ direction }: { direction: 'in' | 'out' }) {
  const { t } = useTranslation('emails');
  const Icon = direction === 'in' ? CallReceivedRoundedIcon : CallMadeRoundedIcon;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.75,
        borderRadius: 4,
        border: 1,
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '20px',
        whiteSpace: 'nowrap',
        // info.dark: MUI's info.main is 3.96:1 on white, under AA for 12 px text.
        color: direction === 'in' ? 'info.dark' : 'text.secondary',
        borderColor: direction === 'in' ? 'info.main' : 'divider',
      }}
    >
      <Icon sx={{ fontSize: 14 }} aria-hidden="true" />
      {t(`direction.${direction}`)}
    </Box>
  );
}

/**
 * The conversations of a contact ('emailThreads.byContact') or of a company's contacts
 * ('emailThreads.byCompany'), newest first, paged on the server; each opens on the same page.
 */
export function ConversationList({
  by,
  id,
  nameOf,
}: {
  by: 'contact' | 'company';
  id: string;
  nameOf: NameOf;
}) {
  const { t } = useTranslation('emails');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const datePreferences = useDatePreferences();
  const organizationId = useOrgId();
  const location = useLocation();
  const list = usePagedList(
    by === 'contact'
      ? orgRequest(organizationId, 'emailThreads.byContact', { contactIds: id })
      : orgRequest(organizationId, 'emailThreads.byCompany', { companyIds: id }),
    THREADS_PAGE_SIZE,
  );

  const row = (thread: WithId<EmailThread>) => {
    const last = millisOf(thread.lastMessageAt);
    const owner = nameOf(thread.ownerUid);
    const others = otherParticipants(thread);
    const title = thread.subject ?? t('privateThread', { name: owner });
    return (
      <Box component="li" key={thread.id} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
        <ButtonBase
          component={RouterLink}
          to={`${location.pathname}?hilo=${encodeURIComponent(thread.id)}`}
          data-testid="email-thread"
          sx={{
            display: 'block',
            width: '100%',
            textAlign: 'left',
            px: { xs: 1.5, sm: 2 },
            py: 1.5,
            '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            {thread.subject === null && (
              <LockOutlinedIcon sx={{ fontSize: 16, alignSelf: 'center', color: 'text.secondary' }} />
            )}
            <Typography
              component="span"
              sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
              noWrap
            >
              {title || t('thread.noSubject')}
            </Typography>
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {last === null ? tc('common.loading') : formatDateTime(last, language, datePreferences)}
            </Typography>
          </Box>
          {thread.snippet && (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary', mt: 0.25 }}>
              {thread.snippet}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.75 }}>
            <DirectionMark direction={thread.lastDirection} />
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('messages', { count: thread.messageCount })}
            </Typography>
            <Typography
              component="span"
              variant="body2"
              sx={{ color: 'text.secondary', minWidth: 0, overflowWrap: 'anywhere' }}
            >
              {[t('mailboxOf', { name: owner }), others.join(', ')].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </ButtonBase>
      </Box>
    );
  };

  return (
    <QueryState
      state={list}
      errorTitle={t('loadFailed')}
      isEmpty={list.status === 'success' && list.rows.length === 0 && list.page === 0}
      empty={
        <EmptyState
          icon={MailOutlineRoundedIcon}
          title={t(by === 'contact' ? 'empty' : 'emptyCompany')}
          body={t('emptyWhy')}
        />
      }
    >
      <Box
        component="ul"
        aria-label={t('listLabel')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        {list.rows.map(row)}
      </Box>
      {(list.hasNext || list.hasPrevious) && <Pager list={list as PagedList<unknown>} />}
    </QueryState>
  );
}
