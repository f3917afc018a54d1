import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import ConfirmationNumberRoundedIcon from '@mui/icons-material/ConfirmationNumberRounded';
import ContactsRoundedIcon from '@mui/icons-material/ContactsRounded';
import TaskAltRoundedIcon from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AnchoredPanel } from '@/components/AnchoredPanel';
import { useErrorToast } from '@/components/toast';
import { orgTarget, updateRecord, useOrgId } from '@/firebase/dataApi';
import { formatRelative } from '@/i18n/format';
import { useLanguage } from '@/i18n/useLanguage';
import { notificationPath, timeLabelKind, type NotificationItem } from './notifications';
import type { Notifications } from './useNotifications';

interface Props {
  anchor: HTMLElement;
  notifications: Notifications;
  onClose: () => void;
}

/**
 * The bell's dropdown: up to NOTIFICATIONS_MAX replies, tasks and meetings, 'Completar' on tasks.
 * Built on the AnchoredPanel, ButtonBase and Button the shell already loads (List would add to
 * every signed-in page).
 */
export default function NotificationsPanel({ anchor, notifications, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const showError = useErrorToast();
  const organizationId = useOrgId();
  const { status, items, now, hide } = notifications;
  const paper = useRef<HTMLDivElement>(null);

  const open = (item: NotificationItem) => {
    onClose();
    navigate(notificationPath(item));
  };
  const complete = async (item: NotificationItem) => {
    if (!item.task) return;
    // Leaves at once; the live queries drop it with the (latency-compensated) write. Focus stays
    // in the panel (its button goes), so Escape still closes it.
    paper.current?.focus();
    hide(item.id, true);
    try {
      await updateRecord(orgTarget(organizationId, 'tasks'), item.id, { status: 'completed' }, item.task);
    } catch (error) {
      showError(error, t('app.notifications.completeError'));
    } finally {
      hide(item.id, false);
    }
  };
  const timeOf = (item: NotificationItem) => {
    const relative = formatRelative(item.dueDate, now, language);
    if (item.type === 'reply' || item.type === 'ticket') return relative;
    if (item.type === 'send') {
      const reason = item.reason ? t(`app.notifications.sendReasons.${item.reason}`, item.reason) : null;
      return [t('app.notifications.sendFailed'), reason, relative].filter(Boolean).join(' · ');
    }
    return timeLabelKind(item, now) === 'overdue'
      ? t('app.notifications.overdue', { time: relative })
      : relative;
  };

  let message: string | null = null;
  if (status === 'error') message = t('app.notifications.error');
  else if (status === 'success' && items.length === 0) message = t('app.notifications.empty');

  return (
    <AnchoredPanel
      anchor={anchor}
      placement="below-end"
      width={380}
      onClose={onClose}
      title={t('app.notifications.title')}
      testId="notifications-panel"
      paperRef={paper}
    >
      {status === 'loading' && items.length === 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 3, color: 'text.secondary' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t('app.notifications.loading')}</Typography>
        </Box>
      )}
      {message && (
        <Typography variant="body2" sx={{ px: 2, py: 4, textAlign: 'center', color: 'text.secondary' }}>
          {message}
        </Typography>
      )}
      {items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0.5 }}>
          {items.map((item) => {
            const reply = item.type === 'reply';
            const ticket = item.type === 'ticket';
            const overdue = !reply && !ticket && timeLabelKind(item, now) === 'overdue';
            // A reply, a ticket: the sidebar's contacts and tickets icons (loaded already).
            const Icon = reply
              ? ContactsRoundedIcon
              : ticket
                ? ConfirmationNumberRoundedIcon
                : item.type === 'task'
                  ? TaskAltRoundedIcon
                  : item.type === 'send'
                    ? ErrorOutlineRoundedIcon
                    : EventRoundedIcon;
            // A reply: 'Respuesta de Ana López' ('Respuesta': a private mailbox's), then its subject.
            const [primary, secondary] = reply
              ? [
                  item.contactName
                    ? t('app.notifications.replyFrom', { from: item.contactName })
                    : t('app.notifications.reply'),
                  item.title,
                ]
              : ticket
                ? [t('app.notifications.customerReply', { ticketName: item.title }), item.contactName]
                : [item.title, item.contactName];
            return (
              <Box
                component="li"
                key={`${item.type}:${item.id}`}
                data-testid="notification-item"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, borderRadius: 2 }}
              >
                <ButtonBase
                  onClick={() => open(item)}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    justifyContent: 'flex-start',
                    alignItems: 'flex-start',
                    gap: 1.5,
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    textAlign: 'left',
                    '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                  }}
                >
                  <Icon
                    fontSize="small"
                    titleAccess={
                      item.type === 'ticket' ? t('app.sections.tickets') : t(`app.notifications.${item.type}`)
                    }
                    sx={{ mt: 0.25, color: overdue ? 'error.main' : 'primary.main' }}
                  />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                      {primary}
                    </Typography>
                    {secondary && (
                      <Typography variant="caption" component="div" noWrap sx={{ color: 'text.secondary' }}>
                        {secondary}
                      </Typography>
                    )}
                    <Typography
                      variant="caption"
                      component="div"
                      sx={{
                        color: overdue ? 'error.main' : 'text.secondary',
                        fontWeight: overdue ? 600 : 400,
                      }}
                    >
                      {timeOf(item)}
                    </Typography>
                  </Box>
                </ButtonBase>
                {item.type === 'task' && (
                  <Button
                    size="small"
                    onClick={() => void complete(item)}
                    aria-label={t('app.notifications.completeLabel', { title: item.title })}
                    sx={{ flexShrink: 0, mr: 0.5 }}
                  >
                    {t('app.notifications.complete')}
                  </Button>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </AnchoredPanel>
  );
}
