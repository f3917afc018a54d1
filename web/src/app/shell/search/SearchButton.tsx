import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithPrefetch, usePrefetchWhenIdle } from '@/components/prefetchedLazy';
import { useTranslation } from 'react-i18next';

// The dialog and its queries load on first use, not with the shell.
const SearchDialog = lazyWithPrefetch(() => import('./SearchDialog'));

/** The top bar's read-only search box (an icon on phones); Ctrl/Cmd+K opens it from anywhere. */
export function SearchButton({ compact }: { compact: boolean }) {
  // Fetched when the page is idle, so it opens offline too (the service worker keeps it).
  usePrefetchWhenIdle(SearchDialog);
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {compact ? (
        <IconButton
          onClick={() => setOpen(true)}
          aria-label={t('app.search.label')}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <SearchRoundedIcon />
        </IconButton>
      ) : (
        // Named by the text it shows (WCAG 2.5.3); the shortcut is in aria-keyshortcuts.
        <ButtonBase
          onClick={() => setOpen(true)}
          aria-label={t('app.search.placeholder')}
          aria-keyshortcuts="Control+K Meta+K"
          sx={{
            justifyContent: 'flex-start',
            gap: 1,
            width: 340,
            maxWidth: '40vw',
            height: 38,
            px: 1.5,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            color: 'text.secondary',
            '&:hover': { borderColor: 'text.secondary' },
          }}
        >
          <SearchRoundedIcon fontSize="small" />
          <Typography variant="body2" noWrap sx={{ flex: 1, textAlign: 'left' }}>
            {t('app.search.placeholder')}
          </Typography>
          <Box
            component="kbd"
            aria-hidden="true"
            sx={{
              fontFamily: 'inherit',
              fontSize: 12,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              px: 0.75,
            }}
          >
            Ctrl K
          </Box>
        </ButtonBase>
      )}
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
