import ForumRoundedIcon from '@mui/icons-material/ForumRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatWaId, type WaConversation, type WithId } from '@trato/model';
import { EmptyState } from '@/components/data/EmptyState';
import { QueryState } from '@/components/data/QueryState';
import { visuallyHidden } from '@/components/visuallyHidden';
import { useDatePreferences, useMembership, useOrgId } from '@/firebase/dataApi';
import { useFeed } from '@/firebase/feed';
import { formatDateTime, formatTime, millisOf } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { INBOX_FILTERS, inboxRequest, initials, type InboxFilter } from '../utils/inbox';
import type { NameOf } from './names';

/** Conversations per page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/** The time of a row: today's as a time, older ones as a date and time. */
function rowTime(
  ms: number,
  now: number,
  language: 'es' | 'en',
  preferences: ReturnType<typeof useDatePreferences>,
) {
  const today = new Date(now).toDateString() === new Date(ms).toDateString();
  return today ? formatTime(ms, language, preferences) : formatDateTime(ms, language, preferences);
}

/**
 * The inbox: the filters (Todas / Mías / Sin asignar / No leídas) and the conversations of the one
 * chosen, newest first, live, 'Cargar más' for older ones. Each row opens its conversation
 * (`hrefOf`); the open one is marked. `focusId`: a conversation whose row takes the focus once
 * shown (coming back from it on a phone).
 */
export function InboxList({
  filter,
  onFilter,
  selectedId,
  hrefOf,
  nameOf,
  focusId,
}: {
  filter: InboxFilter;
  onFilter: (filter: InboxFilter) => void;
  selectedId: string | null;
  hrefOf: (contactId: string) => string;
  nameOf: NameOf;
  focusId?: string | null;
}) {
  const { t } = useTranslation('conversations');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const preferences = useDatePreferences();
  const organizationId = useOrgId();
  const { uid } = useMembership();
  const feed = useFeed(inboxRequest(organizationId, filter, uid), INBOX_PAGE_SIZE);
  const now = Date.now();
  const listRef = useRef<HTMLUListElement>(null);
  const focused = useRef<string | null>(null);

  const shown = feed.status === 'success';
  useEffect(() => {
    if (!focusId || !shown || focused.current === focusId) return;
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-contact-id]') ?? [])].find(
      (element) => element.dataset.contactId === focusId,
    );
    if (row) {
      focused.current = focusId;
      row.focus();
    }
  }, [focusId, shown, feed.rows]);

  const row = (conversation: WithId<WaConversation>) => {
    const at = millisOf(conversation.lastMessageAt);
    const unread = conversation.unreadCount > 0;
    const selected = conversation.id === selectedId;
    const assignee = conversation.assigneeId ? nameOf(conversation.assigneeId) : null;
    return (
      <Box component="li" key={conversation.id} sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
        <ButtonBase
          component={RouterLink}
          to={hrefOf(conversation.id)}
          data-contact-id={conversation.id}
          aria-current={selected ? 'page' : undefined}
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1.5,
            width: '100%',
            textAlign: 'left',
            px: 2,
            py: 1.5,
            borderLeft: 3,
            borderColor: selected ? 'primary.main' : 'transparent',
            bgcolor: selected ? 'action.selected' : undefined,
            '&:hover, &.Mui-focusVisible': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Typography
                component="span"
                noWrap
                sx={{ flex: 1, minWidth: 0, fontWeight: unread ? 800 : 600 }}
              >
                {conversation.contactName || formatWaId(conversation.waId)}
              </Typography>
              <Typography
                component="span"
                variant="body2"
                sx={{
                  flexShrink: 0,
                  color: unread ? 'success.dark' : 'text.secondary',
                  fontWeight: unread ? 700 : 400,
                }}
              >
                {at === null ? tc('common.loading') : rowTime(at, now, language, preferences)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatWaId(conversation.waId)}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.25 }}>
              <Typography
                variant="body2"
                noWrap
                sx={{ flex: 1, minWidth: 0, color: unread ? 'text.primary' : 'text.secondary' }}
              >
                {conversation.lastDirection === 'out' && (
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {t('list.outPrefix')}{' '}
                  </Box>
                )}
                {conversation.lastMessageText}
              </Typography>
              {unread && (
                <Box
                  component="span"
                  sx={{
                    flexShrink: 0,
                    minWidth: 22,
                    height: 22,
                    px: 0.75,
                    borderRadius: 11,
                    display: 'inline-grid',
                    placeItems: 'center',
                    fontSize: 12,
                    fontWeight: 700,
                    color: 'common.white',
                    bgcolor: 'success.dark',
                  }}
                >
                  <span aria-hidden="true">{conversation.unreadCount}</span>
                  <Box component="span" sx={visuallyHidden}>
                    {t('list.unread', { count: conversation.unreadCount })}
                  </Box>
                </Box>
              )}
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.5, color: 'text.secondary' }}>
              {assignee && (
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 20,
                    height: 20,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 10,
                    fontWeight: 700,
                    color: 'primary.contrastText',
                    bgcolor: 'primary.main',
                  }}
                >
                  {initials(assignee)}
                </Box>
              )}
              <Typography component="span" variant="body2" noWrap>
                {assignee
                  ? t('list.assignedTo', {
                      name: conversation.assigneeId === uid ? t('list.you') : assignee,
                    })
                  : t('list.unassigned')}
              </Typography>
            </Box>
          </Box>
        </ButtonBase>
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box
        role="group"
        aria-label={t('filters.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {INBOX_FILTERS.map((option) => (
          <Button
            key={option}
            size="small"
            variant={option === filter ? 'contained' : 'outlined'}
            aria-pressed={option === filter}
            onClick={() => onFilter(option)}
            sx={{ borderRadius: 4, minWidth: 0 }}
          >
            {t(`filters.${option}`)}
          </Button>
        ))}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <QueryState
          state={feed}
          errorTitle={t('list.loadFailed')}
          isEmpty={feed.status === 'success' && feed.rows.length === 0}
          empty={
            <Box sx={{ p: 2 }}>
              <EmptyState
                icon={ForumRoundedIcon}
                title={t(`empty.${filter}.title`)}
                body={t(`empty.${filter}.body`)}
              />
            </Box>
          }
        >
          <Box
            component="ul"
            ref={listRef}
            aria-label={t('list.label')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {feed.rows.map(row)}
          </Box>
          {feed.moreError && (
            <Alert severity="error" sx={{ m: 1.5 }}>
              {t('list.moreFailed')}
            </Alert>
          )}
          {feed.hasMore && (
            <Box sx={{ p: 1.5, textAlign: 'center' }}>
              <Button onClick={feed.loadMore} disabled={feed.loadingMore} aria-busy={feed.loadingMore}>
                {feed.loadingMore ? tc('common.loading') : t('list.loadMore')}
              </Button>
            </Box>
          )}
        </QueryState>
      </Box>
    </Box>
  );
}
