import NotificationsNoneRoundedIcon from '@mui/icons-material/NotificationsNoneRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightTooltip } from '@/app/LightTooltip';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useNotifications } from './useNotifications';

// The list (its texts, times and the Complete action) loads on first open, not with the shell.
const NotificationsPanel = lazyWithPrefetch(() => import('./NotificationsPanel'));

/** The top bar's bell: the count of the member's notifications, and their list on click. */
export function NotificationsBell() {
  // Fetched when the page is idle, so it opens offline too (the service worker keeps it).
  usePrefetchWhenIdle(NotificationsPanel);
  const { t } = useTranslation();
  const notifications = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = notifications.items.length;
  const label = t('app.notifications.label', { count });

  return (
    <>
      <LightTooltip title={t('app.notifications.title')} placement="bottom-end">
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          data-testid="notifications-bell"
        >
          <NotificationsNoneRoundedIcon />
          {count > 0 && (
            // A plain badge: MUI's Badge would add to every signed-in page for one number.
            <Box
              component="span"
              aria-hidden
              data-testid="notifications-count"
              sx={{
                position: 'absolute',
                top: 2,
                right: 0,
                minWidth: 18,
                height: 18,
                px: 0.5,
                borderRadius: 9,
                bgcolor: 'error.main',
                color: 'error.contrastText',
                fontSize: 11,
                fontWeight: 700,
                lineHeight: '18px',
                textAlign: 'center',
              }}
            >
              {count}
            </Box>
          )}
        </IconButton>
      </LightTooltip>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsPanel anchor={anchor} notifications={notifications} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
