import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/firebase/connectivity';
import { usePendingChanges } from '@/firebase/pendingWrites';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { usePendingSync } from '@/firebase/sync';

// The list of changes (copy, retry, dismiss) loads on first open, not with the shell.
const SyncPanel = lazyWithPrefetch(() => import('./SyncPanel'));

const HIDDEN = {
  position: 'absolute',
  width: '1px', // not 1: sx reads 1 as 100%
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

export type SyncState = 'online' | 'offline' | 'pending' | 'refused';

/** What the indicator says: a refusal first (it needs the user), then offline, then pending. */
export function syncStateOf(online: boolean, pending: number, refused: number): SyncState {
  if (refused > 0) return 'refused';
  if (!online) return 'offline';
  return pending > 0 ? 'pending' : 'online';
}

/**
 * The top bar's sync state (issue 35): online with everything saved, offline, 'N cambios
 * pendientes', or changes the server refused; a click lists them. Worded beside the icon whenever
 * it is not the quiet online state (icon only on phones, the count still shown).
 */
export function SyncIndicator({ uid, compact }: { uid: string | null; compact: boolean }) {
  // Fetched when the page is idle, so it opens offline too (the service worker keeps it).
  usePrefetchWhenIdle(SyncPanel);
  const { t } = useTranslation();
  usePendingSync(uid);
  const online = useOnline();
  const changes = usePendingChanges();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const refused = changes.filter((c) => c.status === 'refused').length;
  const pending = changes.length - refused;
  const state = syncStateOf(online, pending, refused);
  const count = state === 'refused' ? refused : pending;
  const label =
    state === 'pending' || state === 'refused'
      ? t(`app.sync.label_${state}`, { count })
      : state === 'offline' && pending > 0
        ? t('app.sync.label_offlinePending', { count })
        : t(`app.sync.label_${state}`);
  const color = state === 'refused' ? 'error.main' : state === 'online' ? 'text.secondary' : 'warning.dark';
  const worded = state !== 'online';
  const dot = state === 'online' ? 'success.main' : state === 'refused' ? 'error.main' : 'warning.main';

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={label}

        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        data-testid="sync-indicator"
        data-state={state}
        sx={{
          gap: 0.75,
          px: 1,
          height: 40,
          borderRadius: 5,
          color,
          fontSize: 14,
          fontWeight: 600,
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        {state === 'offline' ? (
          <CloudOffOutlinedIcon fontSize="small" />
        ) : (
          // A dot (one icon less on every page): green when all is saved, amber pending, red refused.
          <Box
            component="span"
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: dot }}
          />
        )}
        {worded && !compact && (
          <Box component="span" aria-hidden>
            {label}
          </Box>
        )}
        {worded && compact && count > 0 && (
          <Box component="span" aria-hidden>
            {count}
          </Box>
        )}
      </ButtonBase>
      {/* Announces the state as it changes (an aria-label change is not read out). */}
      <Box component="span" aria-live="polite" sx={HIDDEN}>
        {worded ? label : ''}
      </Box>
      {anchor && (
        <Suspense fallback={null}>
          <SyncPanel anchor={anchor} online={online} changes={changes} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
